// The architecture's boundaries are lint rules (eslint.config.js); these tests prove the rules
// bite, so a config change cannot silently turn them off.
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');
const eslint = new ESLint({ cwd: root });

async function messages(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('packages/rules stays pure', () => {
  const file = 'packages/rules/src/probe.ts';
  it.each([
    ['Date.now', 'export const t = Date.now();', 'no-restricted-properties'],
    ['Math.random', 'export const r = Math.random();', 'no-restricted-properties'],
    ['new Date()', 'export const d = new Date();', 'no-restricted-syntax'],
    ['a node: import', "import { readFileSync } from 'node:fs';\nexport const f = readFileSync;", 'no-restricted-imports'],
    ['a Node built-in', "import { createHash } from 'crypto';\nexport const h = createHash;", 'no-restricted-imports'],
    ['the DOM', 'export const w = window.innerWidth;', 'no-restricted-globals'],
    ['localStorage', "export const s = localStorage.getItem('k');", 'no-restricted-globals'],
    ['the global crypto', 'export const c = crypto.getRandomValues(new Uint8Array(4));', 'no-restricted-globals'],
    ['an upper layer', "import { x } from '@duel-dojo/protocol';\nexport const y = x;", 'no-restricted-imports'],
  ])('refuses %s', async (_name, code, rule) => {
    expect((await messages(code, file)).some((m) => m.startsWith(`${rule}:`))).toBe(true);
  });

  it('accepts pure code that takes time and randomness as arguments', async () => {
    expect(await messages('export const later = (now: number, ms: number): number => now + ms;\n', file)).toEqual([]);
  });
});

describe('imports point one way: rules <- protocol <- server/web', () => {
  it.each([
    ['protocol importing the server', 'packages/protocol/src/probe.ts', "import { x } from '@duel-dojo/server';\nexport const y = x;"],
    ['localnet importing rules', 'packages/localnet/src/probe.ts', "import { x } from '@duel-dojo/rules';\nexport const y = x;"],
    ['a server module importing an adapter', 'apps/server/src/modules/duels/probe.ts', "import { x } from '../../adapters/db/schema';\nexport const y = x;"],
    ['a server module reaching past another module\'s index', 'apps/server/src/modules/duels/probe.ts', "import { x } from '../ledger/ledger-service';\nexport const y = x;"],
    ['an HTTP route importing an adapter', 'apps/server/src/http/probe.ts', "import { x } from '../adapters/db/schema';\nexport const y = x;"],
    ['a web component fetching', 'apps/web/src/components/probe.tsx', "export const load = () => fetch('/api/config');"],
    ['a web component importing the socket client', 'apps/web/src/components/probe.tsx', "import { x } from '../net/socket';\nexport const y = x;"],
    ['a web feature importing a screen', 'apps/web/src/features/probe.ts', "import { x } from '../screens/home';\nexport const y = x;"],
  ])('refuses %s', async (_name, file, code) => {
    const found = await messages(code, file);
    expect(found.some((m) => /^no-restricted-(imports|globals):/.test(m))).toBe(true);
  });

  it('lets a module use another module through its index', async () => {
    const found = await messages("import { x } from '../ledger';\nexport const y = x;\n", 'apps/server/src/modules/duels/probe.ts');
    expect(found.filter((m) => m.startsWith('no-restricted-imports'))).toEqual([]);
  });
});
