/** Cache keys of the brands feature: support's list, the current host's documents, an installer's own. */
export const brandKeys = {
  all: ['brands'] as const,
  list: () => [...brandKeys.all, 'list'] as const,
  document: (kind: string) => [...brandKeys.all, 'document', kind] as const,
  installer: () => [...brandKeys.all, 'installer'] as const,
};
