// The walls of the house (README, "Architecture"), checked by `npm test` through scripts/check.mjs.
// A failing rule is a design question: move the code to the layer it belongs in, don't switch the rule off.
const SERVER = '^packages/server/src/';
// Tests, test support, benchmarks and browser tests may reach anything (they build fixtures with the seed).
const TOOLING = ['\\.test\\.tsx?$', '/test-support/', '^bench/', '^e2e/', '^scripts/'];

module.exports = {
  forbidden: [
    // Packages
    {
      name: 'core-imports-no-package',
      comment: 'core holds the pure rules shared by server and browser: it imports no other workspace package.',
      severity: 'error',
      from: { path: '^packages/core/' },
      to: { path: '^packages/(client|server|web)/' },
    },
    {
      name: 'core-does-no-io',
      comment: 'core runs in the browser too: no Node built-ins and no libraries but its own pure ones.',
      severity: 'error',
      from: { path: '^packages/core/src/', pathNot: TOOLING },
      to: {
        dependencyTypes: ['core', 'npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown'],
        pathNot: ['node_modules/(big\\.js|lib-address)/'],
      },
    },
    {
      name: 'client-imports-only-core',
      comment: 'The typed API client depends on core alone, so any storefront can use it.',
      severity: 'error',
      from: { path: '^packages/client/' },
      to: { path: '^packages/(server|web)/' },
    },
    {
      name: 'web-never-imports-server',
      comment: 'The storefront talks to the server through the API client only.',
      severity: 'error',
      from: { path: '^packages/web/' },
      to: { path: '^packages/server/' },
    },
    {
      name: 'storefront-mounted-in-one-place',
      comment: 'Only http/storefront.ts mounts the web build.',
      severity: 'error',
      from: { path: '^packages/server/', pathNot: `${SERVER}http/storefront\\.ts$` },
      to: { path: '^packages/web/' },
    },
    // Server layers: routes (modules/) → services → db
    {
      name: 'routes-import-services-and-schemas',
      comment:
        'A route file holds a schema, one service call and the reply: it imports services, the HTTP framing ' +
        '(http/: caller, context, CSRF), its schemas and the domain errors, never the database, the seed or ' +
        'lower folders directly.',
      severity: 'error',
      from: { path: `${SERVER}modules/`, pathNot: TOOLING },
      to: { path: SERVER, pathNot: `${SERVER}(modules|services|http|domain)/` },
    },
    {
      name: 'services-below-http',
      comment: 'Business code does not depend on its web framing: services never import http/ or route files.',
      severity: 'error',
      from: { path: `${SERVER}services/` },
      to: { path: `${SERVER}(http|modules)/` },
    },
    {
      name: 'domain-imports-nothing-of-the-server',
      comment: 'domain/ (errors, record ids) sits under everything: it imports core and nothing else of the server.',
      severity: 'error',
      from: { path: `${SERVER}domain/` },
      to: { path: SERVER, pathNot: `${SERVER}domain/` },
    },
    {
      name: 'db-is-the-bottom',
      comment: 'db/ (schema, migrations, connection) imports nothing else of the server.',
      severity: 'error',
      from: { path: `${SERVER}db/` },
      to: { path: SERVER, pathNot: `${SERVER}db/` },
    },
    {
      name: 'seed-only-for-seeding-and-tests',
      comment: 'The demo generator is used by the seed command and tests, never by the running store.',
      severity: 'error',
      from: { pathNot: [`${SERVER}seed/`, ...TOOLING] },
      to: { path: `${SERVER}seed/` },
    },
    {
      name: 'no-cycles-between-server-folders',
      comment: 'Folders of the server depend on each other in one direction.',
      severity: 'error',
      scope: 'folder',
      from: { path: SERVER },
      to: { circular: true },
    },
    {
      name: 'declared-dependencies-only',
      comment: "A package imports only what its package.json (or the root's) declares.",
      severity: 'error',
      from: {},
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Tests and their support may import anything; the walls are about the code that runs the store.
    exclude: { path: ['(^|/)dist/', '(^|/)node_modules/', '\\.test\\.tsx?$', '/test-support/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    combinedDependencies: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
