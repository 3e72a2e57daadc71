import type { motionEn } from './motion.en.ts';
import type { Widen } from './widen.ts';

/** French texts of the motion settings (zones, sensitivity), key for key with `motionEn`. */
export const motionFr: Widen<typeof motionEn> = {
  motion: {
    button: 'Détection de mouvement',
    open: 'Détection de mouvement de {{camera}}',
    title: 'Détection de mouvement : {{camera}}',
    sensitivity: 'Sensibilité au mouvement',
    sensitivityHint: '1 ne voit que les grands mouvements, 10 les plus petits.',
    less: 'Moins sensible',
    more: 'Plus sensible',
    zones: 'Zones de détection',
    zonesHint: 'Seul le mouvement dans les zones compte ; sans zone, toute l’image compte.',
    zoneName: 'Nom de la zone',
    zoneDefaultName: 'Zone {{n}}',
    corners_one: '{{count}} sommet',
    corners_other: '{{count}} sommets',
    addZone: 'Ajouter une zone',
    finishZone: 'Terminer la zone',
    undoCorner: 'Annuler le sommet',
    removeZone: 'Supprimer la zone',
    drawHint: 'Cliquez sur l’image pour placer les sommets, puis terminez la zone.',
    backdropAlt: 'L’image de la caméra',
    noStill: 'Pas encore d’image de cette caméra',
    rom: 'Enregistrement sur mouvement : ne garder que la vidéo autour des événements',
    analytics: 'Reconnaître les personnes, véhicules et animaux dans les événements (étiquettes)',
    save: 'Enregistrer',
    tooManyCorners: 'Une zone a au plus 12 sommets.',
    linesCross: 'Les côtés d’une zone ne doivent ni se croiser ni se chevaucher.',
    tooManyZones: 'Une caméra a au plus 8 zones.',
    nameRequired: 'Chaque zone doit avoir un nom.',
    tooFewCorners: 'Une zone a au moins 3 sommets.',
    namesUnique: 'Les noms des zones doivent être uniques.',
    invalidZone: 'Cette zone ne peut pas être utilisée.',
  },
};
