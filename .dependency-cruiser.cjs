// Import rules, checked by npm test (npm run check:imports): no import cycle anywhere, the shared
// layers below the modules, and every module used through its face (modules/<m>/index.ts).
const MODULES = '^apps/server/src/modules/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle makes load order matter and hides which module depends on which.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'module-face',
      severity: 'error',
      comment:
        "A server module is used through its public face, modules/<m>/index.ts: another module's repository or other internals are not imported.",
      from: { path: `${MODULES}([^/]+)/` },
      to: { path: MODULES, pathNot: [`${MODULES}$1/`, `${MODULES}[^/]+/index\\.ts$`] },
    },
    {
      name: 'module-face-outside',
      severity: 'error',
      comment: 'Code outside the modules uses them through their faces too.',
      from: { path: '^apps/server/src/', pathNot: [MODULES, '^apps/server/src/app\\.ts$'] },
      to: { path: MODULES, pathNot: `${MODULES}[^/]+/index\\.ts$` },
    },
    {
      name: 'module-face-app',
      severity: 'error',
      comment: "app.ts registers each module's routes from its *.routes.ts; anything else it takes from the face.",
      from: { path: '^apps/server/src/app\\.ts$' },
      to: { path: MODULES, pathNot: [`${MODULES}[^/]+/index\\.ts$`, `${MODULES}.+\\.routes\\.ts$`] },
    },
    {
      name: 'kernel-below-modules',
      severity: 'error',
      comment:
        'The shared layers (auth, config, db, errors, http, mail, storage, payments, observability, the queue) sit below the modules and never import them; only the composition roots do (app.ts, main.ts, jobs/all-jobs.ts, the OpenAPI writer, seed data, tests, benches).',
      from: {
        path: '^apps/server/src/',
        pathNot: [
          MODULES,
          '^apps/server/src/(app|main)\\.ts$',
          '^apps/server/src/jobs/all-jobs\\.ts$',
          '^apps/server/src/(openapi|seed|test|bench)/',
          '\\.test\\.ts$',
        ],
      },
      to: { path: MODULES },
    },
  ],
  options: {
    // Type-only imports count too: a cycle of types is still a cycle of meaning.
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules|\\.tmp)/' },
  },
};
