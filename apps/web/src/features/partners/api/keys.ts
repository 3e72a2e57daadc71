/** Cache keys of the partner portal and support screens. */
export const partnerKeys = {
  all: ['partners'] as const,
  partners: (kind: 'i' | 'd') => [...partnerKeys.all, 'list', kind] as const,
  partner: (id: string) => [...partnerKeys.all, 'partner', id] as const,
  customers: (installerId?: string) => [...partnerKeys.all, 'customers', installerId ?? 'own'] as const,
  customer: (uid: string, region?: string) =>
    [...partnerKeys.all, 'customer', uid, region ?? 'here'] as const,
  cameras: (uid: string) => [...partnerKeys.customer(uid), 'cameras'] as const,
  prices: (uid: string) => [...partnerKeys.customer(uid), 'prices'] as const,
  search: (q: string) => [...partnerKeys.all, 'support-search', q] as const,
  account: (uid: string) => [...partnerKeys.all, 'support-account', uid] as const,
  health: () => [...partnerKeys.all, 'health'] as const,
  sessions: (uid: string, region?: string) =>
    [...partnerKeys.account(uid), 'sessions', region ?? 'here'] as const,
  reports: (uid: string, kind: 'error-reports' | 'usage-logs', region?: string) =>
    [...partnerKeys.account(uid), kind, region ?? 'here'] as const,
};
