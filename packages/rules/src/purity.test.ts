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
  ['a module using another module through its index', 'apps/server/src/modules/duels/probe.ts', "import { x } from '../ledger';\nexport const y = x;\n"],
  ['a nested module file using its own module and another module\'s index', 'apps/server/src/modules/duels/rounds/probe.ts', "import { x } from '../ports';\nimport { z } from '../../ledger';\nexport const y = [x, z];\n"],
  ['an adapter using a module through its index', 'apps/server/src/adapters/db/probe.ts', "import { x } from '../../modules/ledger';\nimport { z } from '../../modules/duels/index';\nexport const y = [x, z];\n"],
  ['concurrency using its own files', 'apps/server/src/concurrency/probe.ts', "import { x } from './keyed-queue';\nexport const y = x;\n"],
];

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

describe('no test is skipped or focused', () => {
  it.each(skippedTests)('refuses %s', (name) => {
    expect(messagesOf(`skipped ${name}`)).toContain('no-restricted-syntax: A skipped or focused test hides failures: run it, or delete it.');
  });

  it('accepts tests that run, each and a runIf on a real condition included', () => {
    expect(messagesOf('a test that runs').filter((m) => m.startsWith('no-restricted-syntax'))).toEqual([]);
  });
});
