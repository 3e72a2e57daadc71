/** Cache keys of the own-account feature. */
export const accountKeys = {
  all: ['account'] as const,
  sessions: (uid: string) => [...accountKeys.all, uid, 'sessions'] as const,
  supportAccess: (uid: string) => [...accountKeys.all, uid, 'support-access'] as const,
  audit: (uid: string) => [...accountKeys.all, uid, 'audit'] as const,
};
