/** Cache keys of the brands feature: support's list, and the current host's documents. */
export const brandKeys = {
  all: ['brands'] as const,
  list: () => [...brandKeys.all, 'list'] as const,
  document: (kind: string) => [...brandKeys.all, 'document', kind] as const,
};
