/**
 * Import rules checked in `npm test` (decision 022). Each rule names the layer it protects; a new domain that
 * breaks one fails CI with the offending import named.
 */
/**
 * Server modules in tiers, lowest first: a module imports only modules of lower tiers, so no two modules
 * import each other and the modules form no loop. A new domain goes in the lowest tier that holds everything
 * it imports (decision 023).
 */
const MODULE_TIERS = [
  ['common', 'health', 'invoices', 'logs', 'meetings', 'plans'],
  ['partners'],
  ['auth', 'files', 'integrations'],
  ['gurus', 'library', 'users'],
  ['billing', 'conversations', 'courses', 'insights'],
  ['catalog', 'embed', 'support'],
  ['learning', 'payments'],
  ['quizzes', 'reports'],
  ['approvals', 'people', 'getting-started', 'course-export', 'certificates', 'question-drafts'],
  ['sso', 'lesson-notes'],
  ['lti', 'xapi'],
];

const moduleTierRules = MODULE_TIERS.flatMap((tier, index) => {
  const notBelow = MODULE_TIERS.slice(index).flat();
  return tier.map((name) => ({
    name: `module-tiers-${name}`,
    comment: `server/modules/${name} imports only modules of lower tiers (MODULE_TIERS).`,
    severity: 'error',
    from: { path: `^server/modules/${name}/`, pathNot: '\\.test\\.ts$' },
    to: { path: `^server/modules/(${notBelow.filter((other) => other !== name).join('|')})/` },
  }));
});

const tieredModules = MODULE_TIERS.flat();

module.exports = {
  forbidden: [
    ...moduleTierRules,
    {
      name: 'module-in-a-tier',
      comment: 'Every server module is placed in MODULE_TIERS, so the tier rules cover it.',
      severity: 'error',
      from: { path: '^server/', pathNot: `^server/modules/(${tieredModules.join('|')})/` },
      to: { path: '^server/modules/', pathNot: `^server/modules/(${tieredModules.join('|')})/` },
    },
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
      from: { path: '^server/', pathNot: '^server/(main|worker|test/|seed/)|^server/.*\\.test\\.ts$' },
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
    {
      name: 'test-data-stays-in-tests',
      comment:
        'Fixtures, fakes and builders (server/test/) serve tests and benchmarks only, never the product.',
      severity: 'error',
      from: { path: '^(server|common|web)/', pathNot: '\\.test\\.tsx?$|^server/test/' },
      to: { path: '^server/test/' },
    },
    {
      name: 'web-app-not-features',
      comment:
        'web/app (router, layouts, API client, socket) and web/components are what features build on; they never ' +
        'import a feature. web/pages.ts and web/main.tsx compose the features.',
      severity: 'error',
      from: { path: '^web/(app|components)/' },
      to: { path: '^web/features/' },
    },
    {
      name: 'features-through-their-index',
      comment: 'A feature uses another only through what it exports from web/features/<name>/index.ts.',
      severity: 'error',
      from: { path: '^web/features/([^/]+)/' },
      to: { path: '^web/features/', pathNot: ['^web/features/$1/', '^web/features/[^/]+/index\\.tsx?$'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
  },
};
