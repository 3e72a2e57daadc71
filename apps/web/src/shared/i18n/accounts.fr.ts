import type { accountsEn } from './accounts.en.ts';
import type { Widen } from './widen.ts';

/** French texts of the accounts screens, key for key with `accountsEn`. */
export const accountsFr: Widen<typeof accountsEn> = {
  members: {
    account: 'Compte',
    ownAccount: '{{name}} (votre compte)',
    forAccount: 'Compte : {{name}}',
    invite: 'Inviter un utilisateur',
    intro:
      'Les personnes invitées voient les caméras de ce compte avec le niveau que vous leur donnez, sur toutes les caméras ou certaines seulement.',
    levelsLink: 'Ce que permet chaque niveau',
    empty: 'Personne d’autre n’a encore accès à ce compte.',
    level: 'Niveau',
    cameras: 'Caméras',
    allCameras: 'Toutes les caméras',
    noCameras: 'Aucune caméra',
    status: { invited: 'Invité', active: 'Actif' },
    editWho: 'Modifier {{email}}',
    remove: 'Retirer',
    removeWho: 'Retirer {{email}}',
    removeTitle: 'Retirer cet utilisateur ?',
    removeText: '{{email}} perdra aussitôt l’accès aux caméras de ce compte.',
    removed: '{{email}} n’a plus accès.',
    notice: {
      invited: 'Invitation envoyée. Le lien de l’e-mail est valable une semaine.',
      saved: 'Modifications enregistrées.',
    },
    inviteIntro:
      'Nous envoyons par e-mail un lien pour accepter. Sans compte, on peut en créer un depuis ce lien.',
    alias: 'Nom affiché pour cet utilisateur',
    aliasHint: 'Facultatif ; son adresse e-mail sinon.',
    scope: {
      all: 'Toutes les caméras du compte, y compris celles ajoutées plus tard',
      selected: 'Seulement les caméras que je choisis',
    },
    chooseCameras: 'Caméras visibles par cet utilisateur',
    pickCameras: 'Choisissez au moins une caméra, ou donnez accès à toutes les caméras.',
    sendInvite: 'Envoyer l’invitation',
    sending: 'Envoi…',
    notFound: 'Cet utilisateur n’est plus sur ce compte.',
  },
  invite: {
    invalidLink: 'Ce lien d’invitation est incomplet. Ouvrez à nouveau le lien de l’e-mail.',
    forEmail:
      'Vous avez été invité à voir des caméras sur {{brand}} avec {{email}}. Connectez-vous avec cette adresse pour accepter.',
    generic:
      'Vous avez été invité à voir des caméras sur {{brand}}. Connectez-vous avec l’adresse invitée pour accepter.',
    signInToAccept: 'Se connecter pour accepter',
    register: 'Créer un compte avec cette adresse',
    otherAddress: 'Cette invitation est pour {{email}}, mais vous êtes connecté en tant que {{current}}.',
    switchAccount: 'Se déconnecter pour utiliser l’adresse invitée',
    signedIn:
      'Acceptez l’invitation en tant que {{email}} pour voir les caméras du compte qui vous invite sur {{brand}}.',
    accept: 'Accepter l’invitation',
    accepting: 'Acceptation…',
    accepted: 'C’est fait : le compte est dans vos organisations, avec le niveau {{level}}.',
    toCameras: 'Aller aux caméras',
    toAccount: 'Voir mes organisations',
  },
  account: {
    currentPassword: 'Mot de passe actuel',
    email: {
      title: 'Adresse e-mail',
      current: 'Vous vous connectez avec {{email}}.',
      new: 'Nouvelle adresse e-mail',
      submit: 'Changer l’adresse',
      changed: 'C’est fait : vous vous connectez désormais avec {{email}}.',
      // Adresse pas encore confirmée (issue 14, décision 0009).
      unconfirmed:
        'Confirmez cette adresse pour ajouter des caméras et inviter des personnes : ouvrez le lien envoyé par e-mail à votre inscription.',
      resend: 'Renvoyer le lien',
      resent: 'Un nouveau lien part vers {{email}}.',
    },
    password: {
      title: 'Mot de passe',
      intro: 'Le changer vous déconnecte partout ailleurs.',
      submit: 'Changer le mot de passe',
      changed: 'Mot de passe changé. Vos autres sessions ont été fermées.',
    },
    preferences: {
      title: 'Langue et fuseau horaire',
      language: 'Langue',
      timezone: 'Fuseau horaire',
      browserZone: 'Celui de cet appareil ({{zone}})',
      saved: { language: 'Langue enregistrée.', timezone: 'Fuseau horaire enregistré.' },
    },
    sessions: {
      title: 'Sessions actives',
      intro:
        'Là où votre compte est connecté. Fermez une session que vous ne reconnaissez pas, puis changez votre mot de passe.',
      current: 'Cet appareil',
      browserOn: '{{browser}} sur {{os}}',
      unknownDevice: 'Appareil inconnu',
      lastUsed: 'dernière activité {{when}}',
      started: 'connecté le {{when}}',
      end: 'Fermer',
      endWhich: 'Fermer la session de {{device}}, dernière activité {{when}}',
      // Sessions fermées parce qu’un jeton volé a servi (issue 14).
      replayTitle: 'Sessions fermées pour votre sécurité',
      replayed:
        '{{device}} à {{ip}}, fermée le {{when}} : une ancienne copie de son jeton de connexion a servi ailleurs.',
      replayAdvice: 'Si vous ne vous y attendiez pas, changez votre mot de passe.',
    },
    supportAccess: {
      title: 'Accès du support',
      titleFor: 'Accès du support à {{name}}',
      introFor:
        'Vous êtes copropriétaire de ce compte : vous pouvez laisser notre équipe de support voir les images et la vidéo de ses caméras pour un temps, ou le lui retirer.',
      intro:
        'Notre équipe de support ne peut pas voir les images ni la vidéo de vos caméras sans votre accord. Autorisez-la pour un temps afin d’obtenir de l’aide ; chaque consultation figure dans Activité récente.',
      active: 'Le support peut voir les images et la vidéo de vos caméras jusqu’au {{when}}.',
      inactive: 'Le support ne peut pas voir les images ni la vidéo de vos caméras.',
      duration: 'Pour combien de temps',
      durations: { h1: '1 heure', h24: '24 heures', h168: '7 jours' },
      grant: 'Donner l’accès',
      extend: 'Redonner l’accès à partir de maintenant',
      revoke: 'Retirer l’accès',
      granted: 'Accès du support donné jusqu’au {{when}}.',
      revoked: 'Accès du support retiré.',
    },
    activity: {
      title: 'Activité récente',
      intro:
        'Les consultations de vos caméras par le support, les accès donnés ou retirés au support et les téléchargements de vidéo.',
      empty: 'Rien pour l’instant.',
      listLabel: 'Activité récente de votre compte',
      kind: {
        thumb: 'Le support a regardé la vignette de {{camera}}',
        still: 'Le support a regardé l’image de {{camera}}',
        live: 'Le support a regardé la vidéo en direct de {{camera}}',
        recorded: 'Le support a regardé la vidéo enregistrée de {{camera}}',
      },
      granted: 'Accès du support donné pour {{duration}}',
      revoked: 'Accès du support retiré',
      exported: 'Vidéo de {{camera}} téléchargée',
      exportFailed: 'Échec du téléchargement de la vidéo de {{camera}}',
      other: '{{action}}',
      by: {
        you: 'par vous',
        support: 'par le support',
        shareLink: 'par un lien de partage',
        email: 'par {{email}}',
        someone: 'par un autre utilisateur du compte',
      },
    },
    organisations: {
      title: 'Organisations',
      intro: 'Votre propre compte et les comptes qui vous ont invité.',
      owner: 'Propriétaire',
      coowner: 'Copropriétaire',
      member: 'Utilisateur supplémentaire',
      none: 'Vous n’avez pas encore d’organisation.',
    },
  },
};
