import type { vehiclesEn } from './vehicles.en.ts';
import type { Widen } from './widen.ts';

/** French texts of the vehicle screens, key for key with `vehiclesEn`. */
export const vehiclesFr: Widen<typeof vehiclesEn> = {
  vehicles: {
    log: 'Journal des plaques',
    counts: 'Comptages',
    search: 'Rechercher des plaques',
    plate: 'Plaque',
    plateHint:
      'Au moins 2 lettres ou chiffres ; * au début ou à la fin remplace n’importe quels caractères (AB12*, *CDE).',
    camera: 'Caméra',
    allCameras: 'Toutes les caméras',
    from: 'Du',
    to: 'Au',
    find: 'Rechercher',
    exportCsv: 'Exporter en CSV',
    none: 'Aucun véhicule vu pour cette recherche.',
    loading: 'Chargement des véhicules…',
    failed: 'Les véhicules n’ont pas pu être chargés.',
    tableCaption: 'Véhicules vus, du plus récent au plus ancien',
    firstSeen: 'Vu pour la première fois',
    lastSeen: 'Vu pour la dernière fois',
    side: 'Côté',
    colour: 'Couleur',
    sides: { front: 'Avant', rear: 'Arrière', unknown: '—' },
    errors: {
      too_short: 'Une recherche de plaque demande au moins 2 lettres ou chiffres.',
      wildcard_inside: 'Un * ne peut être qu’au début ou à la fin d’une recherche de plaque.',
    },
    platePage: 'Plaque {{plate}}',
    back: 'Retour au journal des plaques',
    recording: 'Enregistrement',
    region: 'Pays {{region}}',
    by: 'Afficher par',
    byHour: 'Heure de la journée',
    byDay: 'Jour',
    chartLabel: 'Véhicules par {{by}} et par caméra',
    lprCameras: 'Caméras avec lecture de plaques',
    watchLists: 'Listes de surveillance des plaques',
    watchHint:
      'Les plaques de la liste noire, ou absentes de la liste blanche, déclenchent des alertes par les règles de plaques sur une zone de caméra (réglages de la caméra, règles d’analyse).',
    account: 'Compte',
    list: 'Liste',
    denyList: 'Liste noire',
    allowList: 'Liste blanche',
    note: 'Note',
    addPlate: 'Ajouter la plaque',
    listEmpty: 'Aucune plaque sur cette liste.',
    remove: 'Retirer',
    removePlate: 'Retirer {{plate}} de la {{list}}',
    lprHint:
      'Les plaques des véhicules des événements de ces caméras sont lues à la fin de chaque événement.',
    lprFailed: 'La lecture de plaques de cette caméra n’a pas pu être modifiée.',
    noCameras: 'Aucune de vos caméras n’a d’événements à montrer.',
  },
};
