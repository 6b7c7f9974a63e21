/**
 * Import rules of the web app and the server, checked by `npm run lint:imports` (dependency-cruiser),
 * part of `npm run lint`. Paths are relative to the repository root.
 *
 * Web: shared code (components/, hooks/, lib/, config/, …) never imports a feature; a feature
 * imports another only through that feature's index.ts; app/ composes them all.
 * Server: no import cycles; the domains do not reach into the device link: the device link calls
 * the domains' functions and implements the ports they declare (BrokerAccess, CommandChannel),
 * which app.ts wires.
 */

/** The web app's source. */
const WEB = '^apps/web/src/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'web-shared-not-to-features',
      comment:
        'Shared web code (components/, hooks/, lib/, config/) must not import a feature: move the piece it needs down to shared code, or let app/ compose the two.',
      severity: 'error',
      from: { path: WEB, pathNot: [`${WEB}(features|app)/`, `${WEB}main\\.tsx$`] },
      to: { path: `${WEB}features/` },
    },
    {
      name: 'web-feature-through-index',
      comment:
        "A feature imports another feature only through its index.ts, which says what it offers to the others (Bulletproof React's public API of a feature).",
      severity: 'error',
      from: { path: `${WEB}features/([^/]+)/` },
      to: {
        path: `${WEB}features/`,
        pathNot: [`${WEB}features/$1/`, `${WEB}features/[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'no-circular',
      comment:
        'No import cycle in the web app or the server: one of the two sides has to offer what the other needs, or the shared piece moves below both.',
      severity: 'error',
      from: { path: '^apps/(web|server)/src/' },
      to: { circular: true },
    },
    {
      name: 'server-domains-not-to-device-link',
      comment:
        'Domain code must not import the device link (broker, ingestion): the device link hands each part of a batch to its owning domain and implements the ports the domains declare (devices/broker-access.ts, commands CommandChannel); app.ts wires them.',
      severity: 'error',
      from: { path: '^apps/server/src/domains/' },
      to: { path: '^apps/server/src/device-link/' },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'Every import resolves (workspace packages to their TypeScript source).',
      severity: 'error',
      from: { path: '^apps/(web|server)/src/' },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    // The workspace packages (@helio/contracts, @helio/db) are TypeScript source reached through
    // their package.json `exports`; they are resolved but not cruised themselves.
    doNotFollow: { path: ['node_modules', '^packages/'] },
    // Type-only imports count: a type from another feature's inside is as much a reach inside it.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'types', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    skipAnalysisNotInRules: true,
    reporterOptions: { text: { highlightFocused: true } },
  },
};
