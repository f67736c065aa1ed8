// The architecture's boundaries (DESIGN.md "Layout and the direction of imports") are written
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
  message: 'packages/rules is pure: pass time, randomness and I/O in as arguments (DESIGN.md).',
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
          forbidFolders(['adapters', 'http', 'socket'], 'Modules are below the transport and beside the adapters: depend on ports instead (DESIGN.md).'),
          { regex: `^${up}(?!\\.\\./)[^/]+/(?!index(\\.ts)?$).+`, message: 'Modules reach each other only through their index.ts (DESIGN.md).' },
        ],
      }],
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
          forbidFolders(['adapters'], 'Only main.ts and server.ts wire adapters in; modules depend on ports (DESIGN.md).'),
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
          forbidFolders(['http', 'socket'], 'Adapters implement ports for the modules; the transport (http/, socket/) sits above them (DESIGN.md).'),
          { regex: '^(\\.\\./)+modules/[^/]+/(?!index(\\.ts)?$).+', message: "Adapters reach a module only through its index.ts, never a module's internal file (DESIGN.md)." },
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
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'bench/**', 'scripts/**'],
    languageOptions: { globals: { ...globals.node } },
  },
);
