#!/bin/sh
# Vigil runs on Node 24: the `node` package npm installs with the dev dependencies (node_modules/.bin/node), which
# npm puts first on the PATH of its scripts. The machine's own node only runs npm itself. Stops `npm start`,
# `npm run serve` and `npm test` at once, with one line saying what to do, when another Node would run them.
want=24
major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo none)
if [ "$major" != "$want" ]; then
  echo "Vigil needs Node $want (found: $major); run \`npm install\` (it installs Node $want as node_modules/.bin/node) and start it with npm: \`npm start\`, \`npm test\`." >&2
  exit 1
fi
