/**
 * The cache keys of camera groups (GET /users/:uid/groups), one factory (decision 0106). A group mutation applies
 * its session action (the filters read the session's groups, decision 0401) and invalidates `groupKeys.all`.
 */
export const groupKeys = {
  all: ['camera-groups'] as const,
  list: (uid: string) => [...groupKeys.all, 'list', uid] as const,
};
