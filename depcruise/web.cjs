// The web app's import rules (decision 0106): features never import each other, only shared/ and app/ code they
// are given; shared/ never imports a feature or app/. So a piece two features need lives in shared/, and a
// feature that must reach another is composed by app/ (which may import any feature).
module.exports = {
  forbidden: [
    {
      name: 'web-feature-imports-feature',
      comment:
        'A web feature imports only its own files, shared/ and packages: move what two features share to shared/, or compose them in app/ (0106).',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/[^/]+/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-feature-imports-app',
      comment: 'app/ composes features; a feature importing app/ would make the composition a cycle (0106).',
      severity: 'error',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'web-shared-imports-feature-or-app',
      comment: 'shared/ is the bottom layer: it never imports a feature or app/ (0106).',
      severity: 'error',
      from: { path: '^apps/web/src/shared/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
  ],
};
