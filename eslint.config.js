// The architecture's boundaries (docs/architecture.md) are written
// here as lint rules, so a wrong import fails `npm run lint` instead of waiting for a review.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const ours = (...names) => names.map((name) => `@duel-dojo/${name}`);

/** An import of one of our packages that the given layer may not use. */
const forbidPackages = (names, message) => ({
  group: names.flatMap((name) => [name, `${name}/*`]),
  message,
});

/** A relative import that reaches into another layer's folder. */
const forbidFolders = (folders, message) => ({
  // Relative paths only: a package such as @wallet-standard/app is not our app/ folder.
  regex: `^\\.\\.?/(.*/)?(${folders.join('|')})(/|$)`,
  message,
});

// DOM and host globals that would make the rules impure or tie them to one runtime.
const impureGlobals = [
  'window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'location', 'fetch',
  'XMLHttpRequest', 'WebSocket', 'performance', 'crypto', 'process', 'Buffer', 'require',
  'setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'setImmediate', 'queueMicrotask',
  'globalThis', 'self', 'alert', 'console',
].map((name) => ({
  name,
  message: 'packages/rules is pure: pass time, randomness and I/O in as arguments (docs/architecture.md).',
}));

// Skipped or focused tests hide failures: every form vitest offers, plain or chained
// (it.skip, it.skip.each, it.concurrent.only, describe.skipIf(...), it.runIf(false), xit, ...).
const testRunners = '/^(it|test|describe|suite|bench)$/';
const skipOrFocus = '/^(only|skip|todo|skipIf)$/';
const skippedTestMessage = 'A skipped or focused test hides failures: run it, or delete it.';
const skippedTests = [
  `MemberExpression[object.name=${testRunners}][property.name=${skipOrFocus}]`,
  `MemberExpression[object.type='MemberExpression'][object.object.name=${testRunners}][property.name=${skipOrFocus}]`,
  // runIf with a constant (false, 0, '', null, !true, undefined) or no argument never runs the test.
  "CallExpression[callee.property.name='runIf'][arguments.length=0]",
  "CallExpression[callee.property.name='runIf'][arguments.0.type='Literal']",
  "CallExpression[callee.property.name='runIf'][arguments.0.type='UnaryExpression'][arguments.0.argument.type='Literal']",
  "CallExpression[callee.property.name='runIf'][arguments.0.type='Identifier'][arguments.0.name='undefined']",
  'CallExpression[callee.name=/^(xit|xtest|xdescribe|fit|ftest|fdescribe)$/]',
  'MemberExpression[object.name=/^(xit|xtest|xdescribe|fit|ftest|fdescribe)$/]',
].map((selector) => ({ selector, message: skippedTestMessage }));

// Modules know nothing of HTTP: a refusal is a protocol code with context, and the status of a
// code lives in apps/server/src/http/error-status.ts alone (docs/architecture.md "Errors").
const statusNumber = 'Literal[raw=/^[1-5][0-9][0-9]$/]';
const httpInModulesMessage = 'Modules know nothing of HTTP: refuse with new AppError(code, context); http/error-status.ts maps each code to its status (docs/architecture.md "Errors").';
const httpInModules = [
  `NewExpression[callee.name=/Error$/] > ${statusNumber}`,
  `Property[key.name=/^(status|statusCode|httpStatus)$/] > ${statusNumber}`,
  `BinaryExpression[left.property.name=/^(status|statusCode)$/] > ${statusNumber}`,
  'Identifier[name=/^(HTTP_STATUS|httpStatus|SOCKET_DELIVERY)$/]',
].map((selector) => ({ selector, message: httpInModulesMessage }));

// One way to pause in Node: `await sleep(ms)` with `import { setTimeout as sleep } from 'node:timers/promises'`,
// never a Promise wrapped by hand around a timer (the browser has apps/web/src/net/pause.ts).
const handWrittenPause = [{
  selector: "NewExpression[callee.name='Promise'] > ArrowFunctionExpression > CallExpression[callee.name='setTimeout']",
  message: "Pause with `setTimeout` from 'node:timers/promises' (or apps/web/src/net/pause.ts in the browser)",
}];
// The Node side of the repository: the server, the local chain, the end-to-end runner, the benchmarks and the scripts.
const nodeFiles = ['apps/server/**/*.ts', 'packages/localnet/**/*.ts', 'e2e/**/*.{ts,mjs,js}', 'bench/**/*.{ts,mjs,js}', 'scripts/**/*.{ts,mjs,js}'];

/** Import rules of a server module file `depth` folders below its module's root (modules/<name>/...). */
const moduleFiles = (depth) => {
  const up = '\\.\\./'.repeat(depth);
  const inModule = Array.from({ length: depth }, () => '*').join('/');
  return {
    files: [`apps/server/src/modules/*/${inModule}.ts`],
    ignores: ['apps/server/src/modules/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          forbidPackages(ours('web', 'localnet'), 'The server never imports the web app or the chain package.'),
          forbidFolders(['adapters', 'http', 'socket'], 'Modules are below the transport and beside the adapters: depend on ports instead (docs/architecture.md).'),
          { regex: `^${up}(?!\\.\\./)[^/]+/(?!index(\\.ts)?$).+`, message: 'Modules reach each other only through their index.ts (docs/architecture.md).' },
        ],
      }],
      'no-restricted-syntax': ['error', ...skippedTests, ...httpInModules, ...handWrittenPause],
    },
  };
};

/** apps/server/src/concurrency imports nothing of the server: no import leaves its folder. */
const concurrencyFiles = (depth) => ({
  files: [`apps/server/src/concurrency/${Array.from({ length: depth }, () => '*').join('/')}.ts`],
  ignores: ['apps/server/src/concurrency/**/*.test.ts'],
  rules: {
    'no-restricted-imports': ['error', {
      patterns: [
        forbidPackages(ours('server', 'web', 'localnet'), 'apps/server/src/concurrency imports nothing of the server.'),
        { regex: `^${'\\.\\./'.repeat(depth)}`, message: 'apps/server/src/concurrency imports nothing of the server (config, errors and logger included): pass what it needs in.' },
      ],
    }],
  },
});

/** One zod: its mini API, which a bundle keeps only the parts of that it uses (docs/architecture.md). */
const zodClassic = { name: 'zod', message: "Import { z } from 'zod/mini': the wire contract is written with zod's mini API, which the web app's first load can afford." };

// Test-only code lives in its package's src/test-support/ and nowhere else (docs/architecture.md,
// "Tests"): production code never imports it, and a file outside it may not look like it.
const testSupportFolder = '(^|/)test-support(/|$)';
const testOnlyName = /(^|-)(test|kit|fixtures?|harness|fakes?|mocks?|stubs?)(-|$)/;
// Inside test-support the folder already says "for tests": a file is named for what it provides.
const decoratedName = /-(kit|fixtures?|harness)$/;
const testSupportPlugin = {
  rules: {
    'test-only-names': {
      meta: {
        type: 'problem',
        schema: [],
        messages: {
          outside: "'{{name}}' is named like test-only code: move it to this package's src/test-support/ (docs/architecture.md).",
          decorated: "'{{name}}': inside src/test-support/ name the file for what it provides, without a -kit/-fixtures/-harness suffix (docs/architecture.md).",
        },
      },
      create(context) {
        const path = context.filename.replaceAll('\\', '/');
        const name = path.slice(path.lastIndexOf('/') + 1).replace(/\.[cm]?[jt]sx?$/, '');
        const messageId = path.includes('/test-support/') ? (decoratedName.test(name) ? 'decorated' : null) : testOnlyName.test(name) ? 'outside' : null;
        if (!messageId) return {};
        return { Program: (node) => context.report({ node, messageId, data: { name } }) };
      },
    },
  },
};

// A comment points only at what a reader of this repository can open: docs/ and the READMEs.
// Issue numbers, the design notes and the product specification live elsewhere and go stale.
const outsideCitation = /\b[Ii]ssues? #?\d+|\b(?:DESIGN|SECURITY)\.md\b|\bDESIGN "|\b[Tt]he spec\b|\b[Ss]pec(?:'s)? ?§|\bproduct-spec\b/;
const commentsPlugin = {
  rules: {
    'no-outside-citations': {
      meta: {
        type: 'suggestion',
        schema: [],
        messages: { outside: "This comment cites '{{found}}', which is not in the repository: say it in your own words, or point to docs/." },
      },
      create(context) {
        return {
          Program() {
            for (const comment of context.sourceCode.getAllComments()) {
              const found = outsideCitation.exec(comment.value);
              if (found) context.report({ loc: comment.loc, messageId: 'outside', data: { found: found[0] } });
            }
          },
        };
      },
    },
  },
};

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/.scratch/**', '**/dist/**', '**/coverage/**', 'data/**', '**/data/**', '.ci-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': ['error', ...skippedTests],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}', 'scripts/**', '.ci/**'],
    languageOptions: { globals: { ...globals.node } },
  },
  // Before the module groups below, which declare the rule again (a later object replaces its whole list) with this selector in.
  {
    files: nodeFiles,
    rules: { 'no-restricted-syntax': ['error', ...skippedTests, ...handWrittenPause] },
  },

  // rules <- protocol <- {server, web}: packages never import apps, and rules imports nothing of ours.
  {
    files: ['packages/rules/src/**/*.ts'],
    ignores: ['packages/rules/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          forbidPackages(ours('protocol', 'localnet', 'server', 'web'), 'packages/rules is the bottom layer: it imports nothing of ours (rules <- protocol <- server/web).'),
          { group: ['node:*'], message: 'packages/rules is pure: no node: modules; it must run in the browser too.' },
          { regex: '^(fs|path|os|crypto|http|https|net|child_process|worker_threads|timers|process|buffer|events|stream|url|util)(/.*)?$', message: 'packages/rules is pure: no Node built-ins; it must run in the browser too.' },
        ],
      }],
      'no-restricted-globals': ['error', ...impureGlobals],
      'no-restricted-properties': ['error',
        { object: 'Date', property: 'now', message: 'packages/rules is pure: take the time as an argument.' },
        { object: 'Math', property: 'random', message: 'packages/rules is pure: take randomness as an argument.' },
        { object: 'performance', property: 'now', message: 'packages/rules is pure: take the time as an argument.' },
      ],
      'no-restricted-syntax': ['error', ...skippedTests,
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'packages/rules is pure: `new Date()` reads the clock; take the time as an argument.' },
        { selector: "CallExpression[callee.name='Date']", message: 'packages/rules is pure: `Date()` reads the clock; take the time as an argument.' },
      ],
    },
  },
  {
    files: ['packages/protocol/src/**/*.ts'],
    ignores: ['packages/protocol/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          forbidPackages(ours('localnet', 'server', 'web'), 'packages/protocol may import only @duel-dojo/rules (rules <- protocol <- server/web).'),
          { group: ['node:*'], message: 'packages/protocol is shared with the browser: no node: modules.' },
        ],
      }],
    },
  },
  {
    // The catalogue pages load before their first paint: it must not pull zod (bench/README.md "Web app").
    files: ['packages/protocol/src/error-messages.ts', 'packages/protocol/src/field-messages.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          forbidPackages(ours('localnet', 'server', 'web'), 'packages/protocol may import only @duel-dojo/rules (rules <- protocol <- server/web).'),
          { group: ['node:*'], message: 'packages/protocol is shared with the browser: no node: modules.' },
          { group: ['zod', 'zod/*', './*', '!./field-messages', '../*'], message: 'the message catalogue stays free of zod: no schema and no other protocol module but field-messages.ts (they import zod).' },
        ],
      }],
    },
  },
  {
    files: ['packages/localnet/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [forbidPackages(ours('rules', 'protocol', 'server', 'web'), 'packages/localnet is a standalone chain: it imports nothing of ours.')],
      }],
    },
  },

  // apps/server: http/socket -> modules -> ports <- adapters; only main.ts wires adapters in.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/main.ts', 'apps/server/src/ledger-check.ts', 'apps/server/src/server.ts', 'apps/server/src/compose.ts', 'apps/server/src/adapters/**', 'apps/server/src/**/*.test.ts', 'apps/server/src/test-support/**'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          forbidPackages(ours('web', 'localnet'), 'The server talks to the chain over JSON-RPC (adapters/chain) and never imports the web app.'),
          forbidFolders(['adapters'], 'Only main.ts and server.ts wire adapters in; modules depend on ports (docs/architecture.md).'),
        ],
      }],
    },
  },
  // A module's own subfolders (modules/<name>/a/b.ts) obey the same rules as its top-level files.
  moduleFiles(1),
  moduleFiles(2),
  moduleFiles(3),
  moduleFiles(4),
  // Adapters implement ports: a module is reached only through its index.ts, the transport never.
  {
    files: ['apps/server/src/adapters/**/*.ts'],
    ignores: ['apps/server/src/adapters/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          forbidPackages(ours('web', 'localnet'), 'The server talks to the chain over JSON-RPC (adapters/chain) and never imports the web app.'),
          forbidFolders(['http', 'socket'], 'Adapters implement ports for the modules; the transport (http/, socket/) sits above them (docs/architecture.md).'),
          { regex: '^(\\.\\./)+modules/[^/]+/(?!index(\\.ts)?$).+', message: "Adapters reach a module only through its index.ts, never a module's internal file (docs/architecture.md)." },
        ],
      }],
    },
  },
  // Shared building blocks (queues, locks) that any layer may use: they import nothing of the server.
  concurrencyFiles(1),
  concurrencyFiles(2),

  // apps/web: screens -> features -> {net, components}; components never touch the socket or fetch.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [forbidPackages(ours('server', 'localnet'), 'The web app talks to the server over HTTP and Socket.IO through src/net, never by import.')],
      }],
    },
  },
  {
    files: ['apps/web/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          forbidPackages(ours('server', 'localnet'), 'The web app never imports the server or the chain package.'),
          forbidFolders(['net', 'features', 'screens', 'app'], 'Components are presentational: driven by props, they never touch the socket, fetch or app state.'),
          { group: ['socket.io-client', '@tanstack/react-query'], message: 'Components are presentational: pass data in as props.' },
        ],
      }],
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Components are presentational: fetch in src/net and pass data in as props.' }],
    },
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          forbidPackages(ours('server', 'localnet'), 'The web app never imports the server or the chain package.'),
          forbidFolders(['screens', 'app'], 'Features sit below screens: screens compose features, not the other way round.'),
        ],
      }],
    },
  },
  {
    files: ['apps/web/src/routing/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/routing/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          forbidPackages(ours('server', 'localnet', 'rules', 'protocol'), 'src/routing is a plain router under every layer: it imports nothing of ours.'),
          forbidFolders(['screens', 'features', 'components', 'app', 'net'], 'src/routing is a plain router under every layer (components link with it): it imports nothing of the app.'),
        ],
      }],
    },
  },
  {
    files: ['apps/web/src/net/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          forbidPackages(ours('server', 'localnet'), 'The web app never imports the server or the chain package.'),
          forbidFolders(['screens', 'features', 'components', 'app'], 'src/net is the bottom of the web app: typed clients built on protocol only.'),
        ],
      }],
    },
  },
  // Tests' helpers stay out of production: a separate rule name, so the layers' no-restricted-imports above still apply.
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/test-support/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: [zodClassic],
        patterns: [{ regex: testSupportFolder, message: 'Production code never imports src/test-support/: it is for tests only (docs/architecture.md).' }],
      }],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test-support/**'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths: [zodClassic] }] },
  },
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    plugins: { 'duel-dojo': testSupportPlugin },
    rules: { 'duel-dojo/test-only-names': 'error' },
  },
  {
    plugins: { comments: commentsPlugin },
    rules: { 'comments/no-outside-citations': 'error' },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'bench/**', 'scripts/**'],
    languageOptions: { globals: { ...globals.node } },
  },
  // These projects run all their test files in one process (isolate: false in their
  // vitest.config.ts): a module mocked in one file would stay mocked, or half-mocked, in the next.
  {
    files: ['packages/*/src/**/*.test.ts'],
    rules: {
      'no-restricted-properties': ['error', ...['mock', 'doMock', 'unmock', 'doUnmock'].map((property) => ({
        object: 'vi',
        property,
        message: 'packages/* run every test file in one process: pass a fake in as an argument instead of mocking a module.',
      }))],
    },
  },
);
