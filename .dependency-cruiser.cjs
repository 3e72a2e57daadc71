// The architecture's import rules, held by `npm run check` (depcruise). Each area keeps its rules in a file of its
// own under depcruise/ (server, web, packages, cycles); this file only gathers them, so the rules of one area can
// change without touching another's. A rule that must be crossed is a design question, not an exception here.
const fs = require('node:fs');
const path = require('node:path');

const dir = path.join(__dirname, 'depcruise');
const parts = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.cjs'))
  .sort()
  .map((f) => require(path.join(dir, f)));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: parts.flatMap((p) => p.forbidden ?? []),
  options: {
    doNotFollow: { path: 'node_modules' },
    // Packages from npm stay in the graph as leaves (doNotFollow), so rules can name them (depcruise/packages.cjs);
    // only our own build output is left out.
    exclude: { path: ['^(apps|packages)/[^/]+/dist/', '^e2e/test-results/'] },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    // TypeScript 7's compiler API is not published yet; swc parses the sources for depcruise.
    parser: 'swc',
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.cjs', '.mjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
