/**
 * The tenant-isolation matrix's rules for single sign-on (decision 0830), written out as the matrix's own are
 * (isolation.test.ts). Neither call touches an account other than the caller's own, so any signed-in caller gets
 * past the access check; the matrix sends what this server (no provider configured) answers 400 to.
 */
export const SSO_RULES = {
  // Starting a convert for oneself: the purpose is refused by validation, after the guard.
  'POST /sso/:provider/authorize': {
    allow: 'any' as const,
    request: async () => ({ url: '/sso/test/authorize', payload: { purpose: 'neither' } }),
  },
  // Finishing one's own convert: an answer without a state is refused by the service, after the guard.
  'POST /sso/:provider/link': {
    allow: 'any' as const,
    request: async () => ({ url: '/sso/test/link', payload: { query: '', binding: 'b' } }),
  },
};
