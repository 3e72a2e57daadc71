import type { groupsEn } from './groups.en.ts';
import type { Widen } from './widen.ts';

/** French texts of camera groups and the camera picker, key for key with `groupsEn`. */
export const groupsFr: Widen<typeof groupsEn> = {
  groups: {
    filterLabel: 'Afficher',
    allCameras: 'Toutes les caméras',
    new: 'Nouveau groupe',
    intro:
      'Les groupes réunissent des caméras sous un nom, pour les filtrer partout où l’on choisit des caméras.',
    empty: 'Aucun groupe pour l’instant.',
    cameraCount_one: '{{count}} caméra',
    cameraCount_other: '{{count}} caméras',
    notice: {
      created: 'Groupe « {{name}} » créé.',
      saved: 'Groupe « {{name}} » enregistré.',
      deleted: 'Groupe « {{name}} » supprimé.',
    },
    name: 'Nom',
    nameRequired: 'Donnez un nom au groupe',
    cameras: 'Caméras du groupe',
    create: 'Créer le groupe',
    delete: 'Supprimer le groupe',
    deleteTitle: 'Supprimer ce groupe ?',
    deleteText: 'Le groupe « {{name}} » disparaît ; ses caméras restent telles quelles.',
    notFound: 'Ce groupe n’existe plus.',
  },
  cameraPicker: {
    selectedCount_one: '{{count}} sur {{total}} sélectionnée',
    selectedCount_other: '{{count}} sur {{total}} sélectionnées',
    selectShown: 'Tout sélectionner',
    clearShown: 'Tout désélectionner',
    none: 'Aucune caméra à choisir.',
    noneInGroup: 'Aucune caméra de ce groupe ici.',
  },
};
