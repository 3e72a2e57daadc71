/** Cache keys of the camera-groups feature. */
export const groupKeys = {
  all: ['camera-groups'] as const,
  list: (uid: string) => [...groupKeys.all, 'list', uid] as const,
};
