import type { permissionsEn } from './permissions.en.ts';
import type { Widen } from './widen.ts';

/** French texts of permission levels (the levels page, members, shared cameras), key for key with `permissionsEn`. */
export const permissionsFr: Widen<typeof permissionsEn> = {
  permissions: {
    title: 'Niveaux d’autorisation',
    intro:
      'Chaque utilisateur supplémentaire d’un compte reçoit un niveau, pour toutes les caméras du compte ou seulement certaines. Le propriétaire, ainsi que les copropriétaires et administrateurs pour les niveaux inférieurs au leur, peuvent le modifier à tout moment.',
    caption: 'Ce que permet chaque niveau d’autorisation',
    action: 'Action',
    allowed: 'Autorisé',
    notAllowed: 'Non autorisé',
    levels: {
      coowner: 'Copropriétaire',
      admin: 'Administrateur',
      readonly: 'Lecture seule',
      viewonly: 'Visionnage seul',
      liveonly: 'Direct seul',
      none: 'Aucun',
    },
    groups: {
      video: 'Vidéo',
      settings: 'Paramètres',
      notifications: 'Notifications',
      other: 'Autres',
    },
    actions: {
      viewLive: 'Voir le direct',
      viewRecorded: 'Voir les enregistrements',
      events: 'Événements',
      deleteVideo: 'Supprimer',
      cameraSettings: 'Paramètres des caméras',
      notificationSettings: 'Paramètres des notifications',
      rename: 'Renommer',
      notifyOnlineOffline: 'Caméra en ligne ou hors ligne',
      notifyAnalytics: 'Analyses',
      notifyTemperature: 'Température',
      ptz: 'PTZ',
      install: 'Installer',
      manageUsers: 'Gérer les utilisateurs',
      managePlan: 'Gérer l’abonnement',
    },
    levelsTitle: 'Les niveaux',
    descriptions: {
      coowner: 'Tout ce que peut faire le propriétaire, y compris gérer l’abonnement.',
      admin:
        'Tout sauf l’abonnement : vidéo, paramètres, notifications, PTZ, installation et gestion des utilisateurs.',
      readonly: 'Vidéo en direct et enregistrée, événements et notifications ; aucune modification.',
      viewonly: 'Vidéo en direct et enregistrée et événements ; ni notifications ni modifications.',
      liveonly: 'Vidéo en direct uniquement.',
      none: 'Reste sur le compte sans accès à ses caméras.',
    },
    ownerNote: 'Le propriétaire du compte peut tout faire, et lui seul peut nommer quelqu’un copropriétaire.',
  },
};
