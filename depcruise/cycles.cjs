// No import cycles between files, type-only imports included (a type cycle is still a design knot).
module.exports = {
  forbidden: [
    {
      name: 'no-file-cycles',
      comment: 'Files must not import each other in a cycle; move the shared part to a module both import.',
      severity: 'error',
      from: { path: '^(apps|packages|scripts|e2e)/' },
      to: { circular: true },
    },
  ],
};
