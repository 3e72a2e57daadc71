import type { mediaEn } from './media.en.ts';
import type { Widen } from './widen.ts';

/** French texts of the image and clip viewers, key for key with `mediaEn`. */
export const mediaFr: Widen<typeof mediaEn> = {
  media: {
    noImage: 'Pas d’image',
    before: 'Avant',
    compare: 'Comparer avec l’événement précédent',
    controls: 'Commandes de l’image',
    zoomIn: 'Zoom avant',
    zoomOut: 'Zoom arrière',
    rotate: 'Pivoter',
    snapshot: 'Capture',
    noFrame: 'La vidéo n’a pas encore d’image à enregistrer.',
    previous: 'Précédent',
    next: 'Suivant',
  },
};
