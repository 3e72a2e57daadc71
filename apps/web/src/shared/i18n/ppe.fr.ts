import type { ppeEn } from './ppe.en.ts';
import type { Widen } from './widen.ts';

/** French texts of the PPE screen, key for key with `ppeEn`. */
export const ppeFr: Widen<typeof ppeEn> = {
  ppe: {
    intro: 'Personnes vues dans une zone de sécurité sans casque ou sans gilet haute visibilité.',
    camera: 'Caméra',
    allCameras: 'Toutes les caméras',
    from: 'Du',
    to: 'Au',
    kind: 'Manquant',
    anyKind: 'Casque ou gilet',
    helmet: 'Casque',
    vest: 'Gilet haute visibilité',
    noCameras: 'Aucune caméra n’a encore le contrôle des EPI.',
    loading: 'Chargement des infractions…',
    failed: 'Les infractions n’ont pas pu être chargées.',
    none: 'Aucune infraction sur cette période.',
    zonesCaption: 'Infractions par zone de sécurité',
    listCaption: 'Infractions, les plus récentes d’abord',
    zone: 'Zone de sécurité',
    wholePicture: 'Image entière',
    time: 'Heure',
    missing: 'Manquant',
    confidence: 'Confiance',
    still: 'Image',
    stillAlt: 'Image de {{camera}} à {{time}}',
    total: 'En tout',
    recording: 'Enregistrement',
    switches: 'Caméras avec contrôle des EPI',
    switchesHint:
      'Chaque image d’une caméra avec le contrôle est examinée : les personnes dans ses zones de sécurité (ses zones d’analyse ; aucune tracée : l’image entière) sont contrôlées par la couleur pour un casque et un gilet. L’analyse doit être activée.',
    switchFailed: 'Le contrôle des EPI n’a pas pu être modifié.',
    method:
      'Le contrôle juge les couleurs : un casque vif sur la tête, du jaune ou de l’orange fluorescent sur le torse. Il manque les équipements d’autres couleurs et peut prendre un vêtement vif pour un gilet.',
  },
};
