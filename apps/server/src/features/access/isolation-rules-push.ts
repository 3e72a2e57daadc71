/**
 * The tenant-isolation matrix's rules for web push (decision 0713), written out as the matrix's own are
 * (isolation.test.ts). Each call is the caller's own browser subscription: any signed-in caller gets through, and a
 * subscription is only ever its subscriber's (removing another's endpoint removes nothing).
 */
export const PUSH_RULES = {
  'GET /push/key': { allow: 'any' as const, request: async () => ({ url: '/push/key' }) },
  'POST /push/subscriptions': {
    allow: 'any' as const,
    request: async () => ({
      url: '/push/subscriptions',
      payload: { endpoint: 'https://push.example/isolation', keys: { p256dh: 'BPk', auth: 'au' } },
    }),
  },
  'DELETE /push/subscriptions': {
    allow: 'any' as const,
    request: async () => ({
      url: '/push/subscriptions',
      payload: { endpoint: 'https://push.example/isolation' },
    }),
  },
};
