/** Cache keys of the PPE feature, from one factory (decision 0106's pattern). */
export const ppeKeys = {
  all: ['ppe'] as const,
  violations: (q: object) => [...ppeKeys.all, 'violations', q] as const,
  counts: (q: object) => [...ppeKeys.all, 'counts', q] as const,
  cameras: (uidds: readonly string[]) => [...ppeKeys.all, 'cameras', uidds] as const,
  still: (url: string) => [...ppeKeys.all, 'still', url] as const,
};
