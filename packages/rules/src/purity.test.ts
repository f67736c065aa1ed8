// The architecture's boundaries are lint rules (eslint.config.js); these tests prove the rules
// bite, so a config change cannot silently turn them off. Every sample is linted once, up front,
// in beforeAll: the tests themselves only read the results, so a loaded machine slows the hook
// (given a generous limit) but never races a per-test clock.
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');

type Sample = readonly [name: string, file: string, code: string];

const rulesProbe = 'packages/rules/src/probe.ts';
const pureCode = 'export const later = (now: number, ms: number): number => now + ms;\n';

const impure: readonly (readonly [name: string, code: string, rule: string])[] = [
  ['Date.now', 'export const t = Date.now();', 'no-restricted-properties'],
  ['Math.random', 'export const r = Math.random();', 'no-restricted-properties'],
  ['new Date()', 'export const d = new Date();', 'no-restricted-syntax'],
  ['a node: import', "import { readFileSync } from 'node:fs';\nexport const f = readFileSync;", 'no-restricted-imports'],
  ['a Node built-in', "import { createHash } from 'crypto';\nexport const h = createHash;", 'no-restricted-imports'],
  ['the DOM', 'export const w = window.innerWidth;', 'no-restricted-globals'],
  ['localStorage', "export const s = localStorage.getItem('k');", 'no-restricted-globals'],
  ['the global crypto', 'export const c = crypto.getRandomValues(new Uint8Array(4));', 'no-restricted-globals'],
  ['an upper layer', "import { x } from '@duel-dojo/protocol';\nexport const y = x;", 'no-restricted-imports'],
];

const wrongImports: readonly Sample[] = [
  ['zod into the error catalogue', 'packages/protocol/src/error-messages.ts', "import { z } from 'zod';\nexport const y = z;\n"],
  ['a schema module into the error catalogue', 'packages/protocol/src/error-messages.ts', "import { errorBody } from './errors';\nexport const y = errorBody;\n"],
  ['protocol importing the server', 'packages/protocol/src/probe.ts', "import { x } from '@duel-dojo/server';\nexport const y = x;"],
  ['localnet importing rules', 'packages/localnet/src/probe.ts', "import { x } from '@duel-dojo/rules';\nexport const y = x;"],
  ['a server module importing an adapter', 'apps/server/src/modules/duels/probe.ts', "import { x } from '../../adapters/db/schema';\nexport const y = x;"],
  ['a server module reaching past another module\'s index', 'apps/server/src/modules/duels/probe.ts', "import { x } from '../ledger/ledger-service';\nexport const y = x;"],
  ['an HTTP route importing an adapter', 'apps/server/src/http/probe.ts', "import { x } from '../adapters/db/schema';\nexport const y = x;"],
  ['a web component fetching', 'apps/web/src/components/probe.tsx', "export const load = () => fetch('/api/config');"],
  ['a web component importing the socket client', 'apps/web/src/components/probe.tsx', "import { x } from '../net/socket';\nexport const y = x;"],
  ['a web feature importing a screen', 'apps/web/src/features/probe.ts', "import { x } from '../screens/home';\nexport const y = x;"],
  // Adapters implement ports: a module only through its index.ts, never the transport.
  ['an adapter importing a module\'s internal file', 'apps/server/src/adapters/db/probe.ts', "import { x } from '../../modules/ledger/ledger-service';\nexport const y = x;"],
  ['a nested adapter importing a module\'s internal file', 'apps/server/src/adapters/db/tables/probe.ts', "import { x } from '../../../modules/duels/ports';\nexport const y = x;"],
  ['an adapter importing the HTTP layer', 'apps/server/src/adapters/chain/probe.ts', "import { x } from '../../http/routes';\nexport const y = x;"],
  ['an adapter importing the socket layer', 'apps/server/src/adapters/realtime/probe.ts', "import { x } from '../../socket/connection-cap';\nexport const y = x;"],
  // A module's subfolders obey the module rules too.
  ['a nested module file importing an adapter', 'apps/server/src/modules/duels/rounds/probe.ts', "import { x } from '../../../adapters/db/schema';\nexport const y = x;"],
  ['a nested module file importing the socket layer', 'apps/server/src/modules/duels/rounds/probe.ts', "import { x } from '../../../socket/handlers';\nexport const y = x;"],
  ['a nested module file reaching past another module\'s index', 'apps/server/src/modules/duels/rounds/probe.ts', "import { x } from '../../ledger/ledger-service';\nexport const y = x;"],
  ['a deeper module file reaching past another module\'s index', 'apps/server/src/modules/duels/a/b/probe.ts', "import { x } from '../../../ledger/ledger-service';\nexport const y = x;"],
  // concurrency/ is shared by every layer, so it imports nothing of the server.
  ['concurrency importing a module', 'apps/server/src/concurrency/probe.ts', "import { x } from '../modules/duels';\nexport const y = x;"],
  ['concurrency importing the server config', 'apps/server/src/concurrency/probe.ts', "import { x } from '../config';\nexport const y = x;"],
  ['concurrency importing the server package', 'apps/server/src/concurrency/probe.ts', "import { x } from '@duel-dojo/server';\nexport const y = x;"],
];

const allowedImports: readonly Sample[] = [
  ['the rules into the error catalogue', 'packages/protocol/src/error-messages.ts', "import { USERNAME_MESSAGES } from '@duel-dojo/rules';\nexport const y = USERNAME_MESSAGES;\n"],
  ['a module using another module through its index', 'apps/server/src/modules/duels/probe.ts', "import { x } from '../ledger';\nexport const y = x;\n"],
  ['a nested module file using its own module and another module\'s index', 'apps/server/src/modules/duels/rounds/probe.ts', "import { x } from '../ports';\nimport { z } from '../../ledger';\nexport const y = [x, z];\n"],
  ['an adapter using a module through its index', 'apps/server/src/adapters/db/probe.ts', "import { x } from '../../modules/ledger';\nimport { z } from '../../modules/duels/index';\nexport const y = [x, z];\n"],
  ['concurrency using its own files', 'apps/server/src/concurrency/probe.ts', "import { x } from './keyed-queue';\nexport const y = x;\n"],
];

// Test-only code lives in src/test-support/ (docs/architecture.md, "Tests"): production code never
// imports it, and nothing outside it is named like it.
const testSupportImports: readonly Sample[] = [
  ['a server route importing test-support', 'apps/server/src/http/probe.ts', "import { x } from '../test-support/game-server';\nexport const y = x;"],
  ['a server module importing test-support', 'apps/server/src/modules/duels/probe.ts', "import { x } from '../../test-support';\nexport const y = x;"],
  ['a web screen importing test-support', 'apps/web/src/screens/home/probe.tsx', "import { x } from '../../test-support/duel-events';\nexport const y = x;"],
  ['protocol importing its samples', 'packages/protocol/src/probe.ts', "import { x } from './test-support/samples';\nexport const y = x;"],
];
const testSupportAllowed: readonly Sample[] = [
  ['a test importing test-support', 'apps/server/src/socket/probe.test.ts', "import { x } from '../test-support/game-server';\nexport const y = x;\n"],
  ['test-support importing test-support and production code', 'apps/web/src/test-support/probe.ts', "import { x } from './fake-server';\nimport { z } from '../features/duel/duel-state';\nexport const y = [x, z];\n"],
];
const testOnlyNames: readonly (readonly [name: string, file: string])[] = [
  ['a test kit beside production code', 'apps/server/src/http/paid-entry-test-kit.ts'],
  ['a kit beside production code', 'apps/web/src/screens/money/money-kit.ts'],
  ['fixtures beside production code', 'apps/web/src/features/duel/duel-fixtures.ts'],
  ['test fixtures in a package', 'packages/protocol/src/test-fixtures.ts'],
  ['a fake beside production code', 'apps/web/src/net/fake-socket.ts'],
  ['a harness beside production code', 'apps/server/src/socket/game-harness.ts'],
  ['a test-support file beside production code', 'packages/localnet/src/web3-test-support.ts'],
  ['a -kit suffix inside test-support', 'apps/server/src/test-support/game-kit.ts'],
  ['a -fixtures suffix inside test-support', 'apps/web/src/test-support/bracket-fixtures.ts'],
];
const plainNames: readonly (readonly [name: string, file: string])[] = [
  ['production code named for its subject', 'apps/web/src/features/duel/duel-state.ts'],
  ['a test-support file named for what it provides', 'apps/web/src/test-support/duel-events.ts'],
  ['a fake inside test-support', 'apps/web/src/test-support/fake-socket.ts'],
  ['a test beside production code', 'apps/web/src/features/duel/duel-state.test.ts'],
];
const namedProbe = 'export const y = 1;\n';

// Modules know nothing of HTTP: a status number or the transport's table in a module fails lint.
const httpInModules: readonly Sample[] = [
  ['a module throwing with a status', 'apps/server/src/modules/ledger/probe.ts', "import { AppError } from '../../errors';\nexport const f = () => { throw new AppError(409, 'Sold out', 'SOLD_OUT'); };\n"],
  ['a nested module file answering a status', 'apps/server/src/modules/duels/rounds/probe.ts', "export const refusal = { status: 404, message: 'Not found' };\n"],
  ['a module reading a status', 'apps/server/src/modules/payments/probe.ts', 'export const missing = (error: { status: number }) => error.status === 404;\n'],
  ["a module using the HTTP table", 'apps/server/src/modules/tournaments/probe.ts', "import { HTTP_STATUS } from '@duel-dojo/server';\nexport const s = HTTP_STATUS.SOLD_OUT;\n"],
];
const refusalByCode: Sample = ['a module refusing with a code and context', 'apps/server/src/modules/ledger/probe.ts', "import { AppError } from '../../errors';\nexport const f = (id: number) => { throw new AppError('SOLD_OUT', { characterId: id }); };\nexport const ms = 500;\n"];
const httpMessage = 'no-restricted-syntax: Modules know nothing of HTTP: refuse with new AppError(code, context); http/error-status.ts maps each code to its status (docs/architecture.md "Errors").';

// One way to pause in Node (node:timers/promises): a Promise wrapped by hand around a timer fails lint,
// in a server module (whose group declares the rule again) as in a script.
const handWrittenPauses: readonly Sample[] = [
  ['a hand-written sleep in a server module', 'apps/server/src/modules/ledger/probe.ts', 'export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));\n'],
  ['an inline pause in a script', 'scripts/probe.mjs', 'export async function f() {\n  await new Promise((resolve) => setTimeout(resolve, 100));\n}\n'],
];
const pauseMessage = "no-restricted-syntax: Pause with `setTimeout` from 'node:timers/promises' (or apps/web/src/net/pause.ts in the browser)";

// Every form of a skipped or focused test vitest accepts.
const skippedTests: readonly (readonly [name: string, code: string])[] = [
  ['it.skip', "it.skip('a', () => {});"],
  ['test.skip', "test.skip('a', () => {});"],
  ['describe.skip', "describe.skip('a', () => {});"],
  ['it.skip.each', "it.skip.each([1])('a %i', () => {});"],
  ['it.concurrent.skip', "it.concurrent.skip('a', () => {});"],
  ['it.skipIf', "it.skipIf(process.env.CI)('a', () => {});"],
  ['describe.skipIf', "describe.skipIf(true)('a', () => {});"],
  ['it.runIf(false)', "it.runIf(false)('a', () => {});"],
  ['describe.runIf(!true)', "describe.runIf(!true)('a', () => {});"],
  ['it.only', "it.only('a', () => {});"],
  ['describe.only', "describe.only('a', () => {});"],
  ['test.only.each', "test.only.each([1])('a %i', () => {});"],
  ['it.todo', "it.todo('a');"],
  ['xit', "xit('a', () => {});"],
  ['xdescribe', "xdescribe('a', () => {});"],
  ['fit', "fit('a', () => {});"],
];
// A comment points at what the repository holds (docs/, the READMEs), never at an issue number or
// at notes kept outside it.
const outsideCitations: readonly Sample[] = [
  ['an issue number', 'apps/server/src/modules/ledger/probe.ts', '// Paid tournaments (issue 8).\nexport const y = 1;\n'],
  ['the design notes', 'apps/web/src/features/probe.ts', '/** Money rules (DESIGN.md "Money rules"). */\nexport const y = 1;\n'],
  ['the security notes', 'packages/protocol/src/probe.ts', '// Flooding (SECURITY.md 23).\nexport const y = 1;\n'],
  ['a section of the specification', 'packages/rules/src/probe.ts', '// The stake ladder of spec §9.\nexport const y = 1;\n'],
  ['the specification', 'apps/server/src/http/probe.ts', 'export const y = 1; // as the spec lists it\n'],
];
const repositoryCitation: Sample = ['a pointer into docs/', 'apps/server/src/socket/probe.ts', '// Flooding (docs/security.md 23); the spectator hears nothing of it.\nexport const y = 1;\n'];
const citationMessage = 'comments/no-outside-citations:';
const testHeader = "import { describe, it, test } from 'vitest';\n";
const testProbe = (index: number) => `packages/protocol/src/probe-${index}.test.ts`;

/** Every sample, by a key, with the `rule: message` lines eslint reports for it. */
const results = new Map<string, string[]>();

beforeAll(async () => {
  const eslint = new ESLint({ cwd: root });
  const samples: [key: string, file: string, code: string][] = [
    ...impure.map(([name, code]) => [`impure ${name}`, rulesProbe, code] as [string, string, string]),
    ['pure', rulesProbe, pureCode],
    ...[...wrongImports, ...allowedImports].map(([name, file, code]) => [`import ${name}`, file, code] as [string, string, string]),
    ...[...testSupportImports, ...testSupportAllowed].map(([name, file, code]) => [`test-support ${name}`, file, code] as [string, string, string]),
    ...[...testOnlyNames, ...plainNames].map(([name, file]) => [`name ${name}`, file, namedProbe] as [string, string, string]),
    ...[...httpInModules, refusalByCode].map(([name, file, code]) => [`http ${name}`, file, code] as [string, string, string]),
    ...handWrittenPauses.map(([name, file, code]) => [`pause ${name}`, file, code] as [string, string, string]),
    ...[...outsideCitations, repositoryCitation].map(([name, file, code]) => [`citation ${name}`, file, code] as [string, string, string]),
    ...skippedTests.map(([name, code], index) => [`skipped ${name}`, testProbe(index), `${testHeader}${code}\n`] as [string, string, string]),
    ['a test that runs', testProbe(99), `${testHeader}it('a', () => {});\nit.each([1])('b %i', () => {});\ndescribe.runIf(process.env.CI)('c', () => {});\n`],
  ];
  // One after another: the linter's parser is loaded once and the machine's other work is not crowded.
  for (const [key, file, code] of samples) {
    const [result] = await eslint.lintText(code, { filePath: join(root, file) });
    results.set(key, (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`));
  }
}, 180_000);

function messagesOf(key: string): string[] {
  const found = results.get(key);
  if (!found) throw new Error(`no lint result for ${key}`);
  return found;
}

describe('packages/rules stays pure', () => {
  it.each(impure)('refuses %s', (name, _code, rule) => {
    expect(messagesOf(`impure ${name}`).some((m) => m.startsWith(`${rule}:`))).toBe(true);
  });

  it('accepts pure code that takes time and randomness as arguments', () => {
    expect(messagesOf('pure')).toEqual([]);
  });
});

describe('imports point one way: rules <- protocol <- server/web', () => {
  it.each(wrongImports)('refuses %s', (name) => {
    expect(messagesOf(`import ${name}`).some((m) => /^no-restricted-(imports|globals):/.test(m))).toBe(true);
  });

  it.each(allowedImports)('allows %s', (name) => {
    expect(messagesOf(`import ${name}`).filter((m) => m.startsWith('no-restricted-imports'))).toEqual([]);
  });
});

describe('test-only code stays in src/test-support/', () => {
  it.each(testSupportImports)('refuses %s', (name) => {
    expect(messagesOf(`test-support ${name}`).some((m) => m.startsWith('@typescript-eslint/no-restricted-imports:'))).toBe(true);
  });

  it.each(testSupportAllowed)('allows %s', (name) => {
    expect(messagesOf(`test-support ${name}`).filter((m) => m.includes('no-restricted-imports'))).toEqual([]);
  });

  it.each(testOnlyNames)('refuses %s', (name) => {
    expect(messagesOf(`name ${name}`).some((m) => m.startsWith('duel-dojo/test-only-names:'))).toBe(true);
  });

  it.each(plainNames)('accepts %s', (name) => {
    expect(messagesOf(`name ${name}`)).toEqual([]);
  });
});

describe('modules know nothing of HTTP', () => {
  it.each(httpInModules)('refuses %s', (name) => {
    expect(messagesOf(`http ${name}`)).toContain(httpMessage);
  });

  it('allows a refusal by its protocol code, and numbers that are not statuses', () => {
    expect(messagesOf(`http ${refusalByCode[0]}`).filter((m) => m.startsWith('no-restricted-syntax'))).toEqual([]);
  });
});

describe('Node code pauses with node:timers/promises', () => {
  it.each(handWrittenPauses)('refuses %s', (name) => {
    expect(messagesOf(`pause ${name}`)).toContain(pauseMessage);
  });
});

describe('comments cite only what the repository holds', () => {
  it.each(outsideCitations)('refuses %s', (name) => {
    expect(messagesOf(`citation ${name}`).some((m) => m.startsWith(citationMessage))).toBe(true);
  });

  it('allows a pointer into docs/, and words that merely start like one', () => {
    expect(messagesOf(`citation ${repositoryCitation[0]}`)).toEqual([]);
  });
});

describe('no test is skipped or focused', () => {
  it.each(skippedTests)('refuses %s', (name) => {
    expect(messagesOf(`skipped ${name}`)).toContain('no-restricted-syntax: A skipped or focused test hides failures: run it, or delete it.');
  });

  it('accepts tests that run, each and a runIf on a real condition included', () => {
    expect(messagesOf('a test that runs').filter((m) => m.startsWith('no-restricted-syntax'))).toEqual([]);
  });
});
