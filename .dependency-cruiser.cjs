// Import boundaries between the workspace packages (docs/decisions/0007-enforced-layering.md).
// Run: npm run lint:imports. Paths are repo-relative; a workspace package imported by
// name resolves through its node_modules symlink to packages/<name>/src, so each rule
// catches an import by name and by relative path alike.

/** A test-support folder, or a test-support.ts file. */
const TEST_SUPPORT = '(^|/)test-support(/|\\.[cm]?[jt]sx?$)';
/**
 * Files that are not shipped: tests, stories, test support, e2e, bench, scripts, root
 * configs. scripts/declared-dependencies.ts reads this list from the rule that uses it.
 */
const NOT_PRODUCT = [
  '\\.(test|spec)\\.[cm]?[jt]sx?$',
  '\\.stories\\.[jt]sx?$',
  TEST_SUPPORT,
  '^(e2e|bench|scripts)/',
  '^apps/web/\\.storybook/',
  '^[^/]+$',
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'web-imports-only-protocol',
      comment:
        'The web app runs in the browser: of the workspace it may import @toolcards/protocol only. ' +
        "Its tests may also use another package's test-support; shipped code may not.",
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^packages/(?!protocol/)', pathNot: TEST_SUPPORT },
    },
    {
      name: 'protocol-imports-no-workspace-package',
      comment: 'protocol is the isomorphic bottom layer: it imports no other workspace package.',
      severity: 'error',
      from: { path: '^packages/protocol/' },
      to: { path: '^(packages/(?!protocol/)|apps/)' },
    },
    {
      name: 'tools-does-not-import-session',
      comment: 'Layers go protocol <- tools <- session <- server; tools sits below session.',
      severity: 'error',
      from: { path: '^packages/tools/' },
      to: { path: '^packages/session/' },
    },
    {
      name: 'importers-import-only-protocol',
      comment: 'Importers are pure mappers of other agents\' transcripts: of the workspace they import protocol only; the server uses them.',
      severity: 'error',
      from: { path: '^packages/importers/' },
      to: { path: '^(packages/(?!protocol/|importers/)|apps/)' },
    },
    {
      name: 'only-server-tests-and-tooling-import-server',
      comment: 'server is the top layer: only e2e, bench, scripts and tests may import it.',
      severity: 'error',
      from: { pathNot: ['^packages/server/', ...NOT_PRODUCT] },
      to: { path: '^packages/server/' },
    },
    {
      name: 'packages-do-not-import-web',
      comment: 'The server serves the built client; no package imports the web app source.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'product-does-not-import-test-support',
      comment: 'test-support is for tests, stories, e2e and bench; shipped code must not depend on it.',
      severity: 'error',
      from: { pathNot: NOT_PRODUCT },
      to: { path: TEST_SUPPORT },
    },
    {
      name: 'no-deep-import-into-another-package',
      comment: 'Shipped code uses another package through its name (its index), not a path into its src.',
      severity: 'error',
      from: { path: '^(packages/[^/]+|apps/web)/', pathNot: NOT_PRODUCT },
      to: { path: '^(packages/[^/]+|apps/web)/', pathNot: '^$1/', dependencyTypesNot: ['aliased-workspace'] },
    },
    // Inside the web app, folders flow one way too (docs/decisions/0018-web-folders.md):
    //   net (the server: HTTP, socket, frames)   model (rows, addressing, history window)   ui (shared UI primitives)
    //     ^ store (the client's state: imports net and model only)
    //       ^ the React features (app, timeline, cards, find, files-seen, composer, sessions, highlight,
    //         navigator, overview-strip, pins, export)
    //         ^ export-viewer (the exported HTML file's page: the features' cards, no server)
    // A feature may import net, model, ui and store; none of those imports a feature, and
    // net, model and ui import no other web folder. Before these rules 10 imports ran back
    // up (store -> timeline 3, store -> sessions 5, store -> cards 1, the socket -> the store's
    // types 1); none is left, and none is excused. Tests and stories may import anything.
    {
      name: 'web-net-imports-no-web-folder',
      comment: "net/ is the client's link to the server (HTTP API, socket, frame parsing): it imports protocol only, no other web folder.",
      severity: 'error',
      from: { path: '^apps/web/src/net/', pathNot: NOT_PRODUCT },
      to: { path: '^apps/web/src/(?!net/)' },
    },
    {
      name: 'web-model-imports-no-web-folder',
      comment: 'model/ is plain data and logic (timeline rows, addresses, the history window): no React, no socket, no other web folder.',
      severity: 'error',
      from: { path: '^apps/web/src/model/', pathNot: NOT_PRODUCT },
      to: { path: '^apps/web/src/(?!model/)' },
    },
    {
      name: 'web-ui-imports-no-web-folder',
      comment: 'ui/ holds UI primitives any feature uses (load-failure boundary, query toggles, virtualizer options): they know no feature.',
      severity: 'error',
      from: { path: '^apps/web/src/ui/', pathNot: NOT_PRODUCT },
      to: { path: '^apps/web/src/(?!ui/)' },
    },
    {
      name: 'web-store-imports-net-and-model-only',
      comment: "store/ is the client's state, fed by net and built of model: the features read it, it never reads a feature.",
      severity: 'error',
      from: { path: '^apps/web/src/store/', pathNot: NOT_PRODUCT },
      to: { path: '^apps/web/src/(?!store/|net/|model/)' },
    },
    {
      name: 'web-export-viewer-has-no-server',
      comment: "export-viewer/ is the page of an exported HTML file, opened from file:// with no server: it draws the features' cards, never the server's client (net/, store/).",
      severity: 'error',
      from: { path: '^apps/web/src/export-viewer/', pathNot: NOT_PRODUCT },
      to: { path: '^apps/web/src/(net|store)/' },
    },
    {
      name: 'web-nothing-imports-the-export-viewer',
      comment: "export-viewer/ is an entry of its own (vite.export-viewer.config.ts): the app's folders never import it.",
      severity: 'error',
      from: { path: '^apps/web/src/', pathNot: ['^apps/web/src/export-viewer/', ...NOT_PRODUCT] },
      to: { path: '^apps/web/src/export-viewer/' },
    },
    // Inside the server, folders flow one way too (docs/decisions/0019-server-folders.md):
    //   cli -> index.ts -> http, ws -> runtime (+ runtime/subscription) -> the features
    //   (file-views, files-seen, full-result, session-search, agent-sessions, pins), model, package -> wire
    // export/ (a session written out as a file) sits between the transports and runtime:
    // http/ and cli/ use it, it uses runtime and the features, nothing below imports it.
    // http/ and ws/ meet only in runtime (and index.ts wires them together); wire/ is the
    // bottom. Tests and test support may import anything.
    {
      name: 'server-wire-imports-no-server-folder',
      comment: 'wire/ is what goes over the wire (frames, error codes, the HTTP answer for a known failure): it imports no other server folder.',
      severity: 'error',
      from: { path: '^packages/server/src/wire/', pathNot: NOT_PRODUCT },
      to: { path: '^packages/server/src/(?!wire/)' },
    },
    {
      name: 'server-http-and-ws-apart',
      comment: 'http/ (the page, the API, auth) and ws/ (the WebSocket) do not import each other: both use runtime, index.ts joins them.',
      severity: 'error',
      from: { path: '^packages/server/src/(http|ws)/', pathNot: NOT_PRODUCT },
      to: { path: '^packages/server/src/(http|ws)/', pathNot: '^packages/server/src/$1/' },
    },
    {
      name: 'server-runtime-below-the-transports',
      comment: 'The running sessions and what they use know nothing of HTTP, the WebSocket, the CLI or the entry that wires them.',
      severity: 'error',
      from: { path: '^packages/server/src/(runtime|model|package|wire|file-views|files-seen|full-result|session-search|agent-sessions|pins|export)/', pathNot: NOT_PRODUCT },
      to: { path: '^packages/server/src/((http|ws|cli)/|index\\.ts$)' },
    },
    {
      name: 'server-export-above-runtime',
      comment: 'export/ (a session written out as a file: document, masking, Markdown, HTML) reads the runtime and the features; they never import it back. http/ and cli/ use it.',
      severity: 'error',
      from: { path: '^packages/server/src/(runtime|model|package|wire|file-views|files-seen|full-result|session-search|agent-sessions|pins)/', pathNot: NOT_PRODUCT },
      to: { path: '^packages/server/src/export/' },
    },
    {
      name: 'server-nothing-imports-the-cli',
      comment: 'cli/ is the top: it starts the server through index.ts; no server module imports it back.',
      severity: 'error',
      from: { path: '^packages/server/src/', pathNot: ['^packages/server/src/cli/', ...NOT_PRODUCT] },
      to: { path: '^packages/server/src/cli/' },
    },
    {
      name: 'no-circular',
      comment: 'Import cycles make load order matter and layers meaningless.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that does not resolve to a file or an installed package.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'no-non-package-json',
      comment: 'Every package imported must be declared in the nearest package.json or the root one.',
      severity: 'error',
      from: {},
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
  ],
  options: {
    doNotFollow: { path: '(^|/)node_modules/' },
    exclude: { path: '^(dist|apps/web/dist|storybook-static|bench/\\.out)/' },
    // Type-only imports count: they couple layers as much as value imports do.
    tsPreCompilationDeps: true,
    // Tests inside a package use the root devDependencies. That a package's shipped code
    // declares what it imports in its own package.json is scripts/declared-dependencies.ts's job.
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['types', 'import', 'node', 'default'],
      mainFields: ['types', 'typings', 'module', 'main'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
