/** Cache keys of the vehicles feature, from one factory (decision 0106's pattern). */
export const vehicleKeys = {
  all: ['vehicles'] as const,
  sightings: (q: { uidds: readonly string[]; plate?: string; startt?: number; endt?: number }) =>
    [...vehicleKeys.all, 'sightings', q] as const,
  lpr: (uidds: readonly string[]) => [...vehicleKeys.all, 'lpr', uidds] as const,
  counts: (q: { uidds: readonly string[]; startt: number; endt: number }) =>
    [...vehicleKeys.all, 'counts', q] as const,
  watchLists: (uid: string) => [...vehicleKeys.all, 'watchLists', uid] as const,
};
