import type { eventsEn } from './events.en.ts';
import type { Widen } from './widen.ts';

/** French texts of the events page and event previews, key for key with `eventsEn`. */
export const eventsFr: Widen<typeof eventsEn> = {
  events: {
    selectOne: 'Sélectionner l’événement de {{camera}} à {{time}}',
    score: 'Mouvement {{score}}/10',
    rom: 'Enregistré sur mouvement',
    delete: 'Supprimer',
    details: 'Durée {{duration}} · mouvement {{score}}/10',
    detailsOngoing: 'En cours · mouvement {{score}}/10',
    ongoing: 'En cours',
    recognised: 'Reconnu : {{labels}}',
    tags: 'Étiquettes',
    cameras: 'Caméras',
    dates: 'Dates',
    from: 'Du',
    to: 'Au',
    labels: 'Libellés',
    newAlerts_one: '{{count}} nouvel événement',
    newAlerts_other: '{{count}} nouveaux événements',
    ruleAlerts: 'Alertes des règles',
    ruleAlert: '{{rule}} : {{object}} dans {{area}} ({{camera}})',
    select: 'Sélectionner',
    cancelSelect: 'Terminé',
    selectLoaded: 'Tout sélectionner à l’écran',
    deleteSelected: 'Supprimer ({{count}})',
    noCameras: 'Aucune caméra dont afficher les événements.',
    none: 'Aucun événement pour ces filtres.',
    confirmTitle: 'Supprimer des événements',
    confirmText_one: 'Supprimer cet événement ? C’est définitif.',
    confirmText_other: 'Supprimer ces {{count}} événements ? C’est définitif.',
    cancel: 'Annuler',
  },
};
