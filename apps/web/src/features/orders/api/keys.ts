/** Cache keys of the orders feature, from one factory (decision 0106's pattern). */
export const orderKeys = {
  all: ['orders'] as const,
  list: (uid: string, q: { from: number; to: number; status?: string | undefined }) =>
    [...orderKeys.all, 'list', uid, q] as const,
  detail: (uid: string, id: string) => [...orderKeys.all, 'detail', uid, id] as const,
  dashboard: (uid: string, q: { from: number; to: number; tz: string }) =>
    [...orderKeys.all, 'dashboard', uid, q] as const,
  settings: (uid: string) => [...orderKeys.all, 'settings', uid] as const,
};

/** How often the orders list and the dashboard ask again while open (orders arrive from the point of sale). */
export const ORDERS_REFRESH_MS = 30_000;
