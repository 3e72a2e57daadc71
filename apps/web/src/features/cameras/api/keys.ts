/** Cache keys of the cameras feature, from one factory (STYLE.md habit 2). */
export const cameraKeys = {
  all: ['cameras'] as const,
  statuses: (uidds: readonly string[]) => [...cameraKeys.all, 'status', [...uidds].sort().join(',')] as const,
  statusAll: () => [...cameraKeys.all, 'status'] as const,
};
