import type { peopleEn } from './people.en.ts';
import type { Widen } from './widen.ts';

/** French texts of the people counting screen, key for key with `peopleEn`. */
export const peopleFr: Widen<typeof peopleEn> = {
  people: {
    intro:
      'Les personnes qui franchissent les lignes de comptage d’une caméra, comptées pendant qu’elle voit du mouvement.',
    camera: 'Caméra',
    day: 'Jour',
    noCameras: 'Aucune caméra sur laquelle compter pour l’instant.',
    loading: 'Chargement des comptages…',
    failed: 'Les comptages n’ont pas pu être chargés.',
    none: 'Personne n’a franchi de ligne de comptage de cette caméra ce jour-là.',
    totalsCaption: 'Personnes par ligne de comptage sur la journée',
    hourlyCaption: 'Personnes par heure et par ligne de comptage',
    line: 'Ligne de comptage',
    hour: 'Heure',
    in: 'Entrées',
    out: 'Sorties',
    howTo:
      'Les lignes de comptage se tracent dans les réglages de la caméra, zones d’analyse ; l’analyse doit être activée.',
  },
};
