/**
 * Import rules checked in `npm test` (decision 022). Each rule names the layer it protects; a new domain that
 * breaks one fails CI with the offending import named.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import cycle ties every file in it together: none anywhere (server, common, web).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'common-stands-alone',
      comment: 'common/ is shared by server and web: it imports neither.',
      severity: 'error',
      from: { path: '^common/' },
      to: { path: '^(server|web)/' },
    },
    {
      name: 'web-not-server',
      comment: 'The web app reaches the server over HTTP only; shared shapes live in common/.',
      severity: 'error',
      from: { path: '^web/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^server/' },
    },
    {
      name: 'only-app-imports-modules-wiring',
      comment:
        'app.ts wires the modules together; nothing below it imports it (tests and entry points aside).',
      severity: 'error',
      from: { path: '^server/', pathNot: '^server/(main|test/|seed/)|^server/.*\\.test\\.ts$' },
      to: { path: '^server/app\\.ts$' },
    },
    {
      name: 'layers-point-down',
      comment:
        'Domains (server/modules) build on the layers below them: http, realtime, providers, db, jobs, media and ' +
        'lifecycle never import a module. A provider is handed what it needs (speaker-for.ts gets the owner key).',
      severity: 'error',
      from: { path: '^server/(http|realtime|providers|db|jobs|media|lifecycle)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^server/modules/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
  },
};
