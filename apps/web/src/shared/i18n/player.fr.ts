import type { playerEn } from './player.en.ts';
import type { Widen } from './widen.ts';

/** French texts of the video player, key for key with `playerEn`. */
export const playerFr: Widen<typeof playerEn> = {
  player: {
    label: 'Lecteur vidéo',
    dewarped: 'Image fisheye redressée',
    seek: 'Position',
    play: 'Lecture',
    pause: 'Pause',
    mute: 'Couper le son',
    unmute: 'Rétablir le son',
    dewarp: 'Fisheye',
    layout: 'Vue fisheye',
    layouts: { single: 'Simple', quad: 'Quadruple', triple: 'Triple' },
    mount: 'Caméra fixée au',
    mounts: { ceiling: 'Plafond', wall: 'Mur', floor: 'Sol' },
    fov: 'Champ de vision',
    snapshot: 'Capture',
    fullscreen: 'Plein écran',
    errors: {
      generic: 'La vidéo n’a pas pu être lue.',
      missing: 'Il n’y a pas de vidéo ici.',
      hostOffline:
        'Ces images sont sur un enregistreur hors ligne. Elles seront lisibles dès qu’il sera de retour.',
      build: 'La vidéo n’a pas pu être construite.',
      h265: 'Ce navigateur ne lit pas la vidéo H.265.',
    },
  },
};
