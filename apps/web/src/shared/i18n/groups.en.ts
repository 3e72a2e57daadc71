/**
 * English texts of camera groups and the camera picker, merged into `en`: the cameras page's group filter and every
 * camera checklist show them, so they ship with the first page (decision 0763).
 */
export const groupsEn = {
  groups: {
    filterLabel: 'Show',
    allCameras: 'All cameras',
    new: 'New group',
    intro: 'Groups gather cameras under a name, to filter them wherever you pick cameras.',
    empty: 'No groups yet.',
    cameraCount_one: '{{count}} camera',
    cameraCount_other: '{{count}} cameras',
    notice: {
      created: 'Group “{{name}}” created.',
      saved: 'Group “{{name}}” saved.',
      deleted: 'Group “{{name}}” deleted.',
    },
    name: 'Name',
    nameRequired: 'Give the group a name',
    cameras: 'Cameras in the group',
    create: 'Create the group',
    delete: 'Delete the group',
    deleteTitle: 'Delete this group?',
    deleteText: 'The group “{{name}}” goes; its cameras stay as they are.',
    notFound: 'This group does not exist any more.',
  },
  cameraPicker: {
    selectedCount_one: '{{count}} of {{total}} selected',
    selectedCount_other: '{{count}} of {{total}} selected',
    selectShown: 'Select all shown',
    clearShown: 'Clear shown',
    none: 'No cameras to choose from.',
    noneInGroup: 'No cameras of this group here.',
  },
};
