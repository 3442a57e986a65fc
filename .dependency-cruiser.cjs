// Import rules, checked by npm test (npm run check:imports): no import cycle anywhere.
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
  ],
  options: {
    // Type-only imports count too: a cycle of types is still a cycle of meaning.
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules|\\.tmp)/' },
  },
};
