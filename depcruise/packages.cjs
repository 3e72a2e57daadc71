// Boundaries between the workspace packages (decision 0216): product code never depends on scripts/, packages never
// on apps, the contracts on nothing but zod, and the recorder and the simulator are used through their public
// entries only (the recorder's is the contract the scale-out split puts on the wire, issue 15).

// Tests and their support modules (a feature's testing.ts, a testing/ folder) may use test entries.
const TEST_FILES = '\\.test\\.ts$|\\.spec\\.ts$|(^|/)testing(\\.ts$|/)';

module.exports = {
  forbidden: [
    {
      name: 'no-product-imports-scripts',
      comment:
        'scripts/ (benches, supervisor, install) may import the packages and apps, never the reverse: what the ' +
        'product or its tests need belongs in a package (the camera simulator is @vigil/simulator).',
      severity: 'error',
      from: { path: '^(apps|packages|e2e)/' },
      to: { path: '^scripts/' },
    },
    {
      name: 'recorder-through-its-entry',
      comment:
        "Outside apps/recorder the recorder is '@vigil/recorder' (src/index.ts: its public interface, the " +
        "contract of the scale-out split) or '@vigil/recorder/testing' (tests and benches); never its inner files.",
      severity: 'error',
      from: { path: '^(apps|packages|scripts|e2e)/', pathNot: '^apps/recorder/' },
      to: { path: '^apps/recorder/src/', pathNot: '^apps/recorder/src/(index|testing/index)\\.ts$' },
    },
    {
      name: 'no-unresolvable-imports',
      comment:
        "An import the resolver cannot find: a typo, a missing dependency, or a reach past a package's exports " +
        "(e.g. '@vigil/recorder/storage/...', which the recorder's package.json no longer exports).",
      severity: 'error',
      from: { path: '^(apps|packages|scripts|e2e)/' },
      to: { couldNotResolve: true },
    },
    {
      name: 'recorder-testing-not-in-product',
      comment:
        "'@vigil/recorder/testing' is for tests and benches: product code uses the recorder's public interface.",
      severity: 'error',
      from: { path: '^(apps|packages)/', pathNot: TEST_FILES },
      to: { path: '^apps/recorder/src/testing/' },
    },
    {
      name: 'simulator-through-its-entry',
      comment:
        "Outside packages/simulator the simulator is '@vigil/simulator' (src/index.ts), never its inner files.",
      severity: 'error',
      from: { path: '^(apps|packages|scripts|e2e)/', pathNot: '^packages/simulator/' },
      to: { path: '^packages/simulator/', pathNot: '^packages/simulator/src/index\\.ts$' },
    },
    {
      name: 'packages-not-apps',
      comment: 'packages/ are the shared foundation the apps stand on: they never import an app.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'contracts-only-zod',
      comment:
        'packages/contracts is shared by the server, the recorder and the browser: it imports zod and its own ' +
        'files, nothing else (no Node built-ins, no other package).',
      severity: 'error',
      from: { path: '^packages/contracts/', pathNot: TEST_FILES },
      to: { pathNot: '^packages/contracts/|(^|/)node_modules/zod/' },
    },
  ],
};
