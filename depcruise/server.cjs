// The server's feature boundaries (decision 0018). A feature's repositories (`*-repository.ts`) are private to it:
// other features reach its data through its services (or access, for who may do what), never its SQL. Folder
// cycles between features are held by scripts/check-folder-cycles.ts (depcruise's `circular` is per file).
const FEATURE = '^apps/server/src/features/([^/]+)/';
const REPOSITORY = '^apps/server/src/features/[^/]+/.*repository[^/]*[.]ts$';

module.exports = {
  forbidden: [
    {
      name: 'server-no-foreign-repository',
      comment:
        "A server feature must not import another feature's repository: ask that feature's service (or the access " +
        'module) for what you need, and add the method there (decision 0018).',
      severity: 'error',
      from: { path: FEATURE },
      to: { path: REPOSITORY, pathNot: '^apps/server/src/features/$1/' },
    },
    {
      name: 'server-composition-no-repository',
      comment:
        "app.ts, main.ts, http/ and shared/ compose features through their modules; a feature's repositories are " +
        'built inside that feature (decision 0018). Test fixtures under testing/ may write rows directly.',
      severity: 'error',
      from: { path: '^apps/server/src/([^/]+\\.ts|http/|shared/)' },
      to: { path: REPOSITORY },
    },
    {
      name: 'server-shared-is-neutral',
      comment:
        'http/ and shared/ hold what every feature uses (the Caller, errors, hooks); they import no feature, so a ' +
        'feature never depends on another through them. Hand a feature in as a parameter instead (decision 0018).',
      severity: 'error',
      from: { path: '^apps/server/src/(http|shared)/' },
      to: { path: '^apps/server/src/features/' },
    },
  ],
};
