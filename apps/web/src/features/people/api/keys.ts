/** Cache keys of the people feature, from one factory (decision 0106's pattern). */
export const peopleKeys = {
  all: ['people'] as const,
  counts: (q: { uidd: string; from: number; to: number }) => [...peopleKeys.all, 'counts', q] as const,
};
