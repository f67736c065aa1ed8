// The web app's size budget (issue 6): builds apps/web into a temporary folder with Vite's
// manifest, then prints every route's chunks (raw and gzip) and checks the home route's initial
// JS — the entry and everything it imports statically, plus the home screen's chunk — against
// 150 KB gzip. Not a test: it prints figures and exits 1 only when the budget is exceeded.
//
//   node bench/web-budget.mjs
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = join(import.meta.dirname, '..');
const web = join(root, 'apps', 'web');
const BUDGET_KB = 150;

const ROUTES = [
  ['/', 'src/screens/home/home-screen.tsx'],
  ['/how-to-play', 'src/screens/how-to-play/how-to-play-screen.tsx'],
  ['/my-games', 'src/screens/my-games/my-games-screen.tsx'],
  ['/tournaments', 'src/screens/tournaments/tournament-list-screen.tsx'],
  ['/tournaments/:id', 'src/screens/tournaments/tournament-detail-screen.tsx'],
  ['/contact', 'src/screens/contact/contact-screen.tsx'],
  ['/profile(/:id)', 'src/screens/profile/profile-screen.tsx'],
  ['/marketplace', 'src/screens/marketplace/marketplace-screen.tsx'],
  ['/leaderboard', 'src/screens/leaderboard/leaderboard-screen.tsx'],
  ['/money', 'src/screens/money/money-screen.tsx'],
  ['(not found)', 'src/screens/not-found/not-found-screen.tsx'],
];

const outDir = mkdtempSync(join(tmpdir(), 'duel-dojo-web-budget-'));
try {
  const build = spawnSync('npx', ['vite', 'build', '--manifest', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], { cwd: web, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('vite build failed');
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'));

  const sizes = new Map();
  const sizeOf = (file) => {
    if (!sizes.has(file)) {
      const bytes = readFileSync(join(outDir, file));
      sizes.set(file, { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
    }
    return sizes.get(file);
  };
  /** A chunk's file and every JS file it imports statically, transitively. */
  const closure = (key, into = new Set()) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return into;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) closure(imported, into);
    return into;
  };
  const total = (files) => [...files].reduce((sum, file) => ({ raw: sum.raw + sizeOf(file).raw, gzip: sum.gzip + sizeOf(file).gzip }), { raw: 0, gzip: 0 });
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  const row = (cells, widths) => cells.map((cell, i) => String(cell).padEnd(widths[i])).join('  ');

  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const entryFiles = closure(entryKey);
  const entry = total(entryFiles);
  console.log(`\nShared entry (index.html): ${entryFiles.size} files, ${kb(entry.raw)} raw, ${kb(entry.gzip)} gzip`);

  const widths = [18, 12, 12, 10, 40];
  console.log(`\n${row(['route', 'raw', 'gzip', 'files', 'chunks beyond the entry'], widths)}`);
  let homeInitial = null;
  for (const [route, source] of ROUTES) {
    if (!manifest[source]) throw new Error(`no chunk for ${source}: is the route still lazy?`);
    const own = [...closure(source)].filter((file) => !entryFiles.has(file));
    const sum = total(own);
    console.log(row([route, kb(sum.raw), kb(sum.gzip), own.length, own.map((file) => `${file.replace('assets/', '')} (${kb(sizeOf(file).gzip)})`).join(', ')], widths));
    if (route === '/') homeInitial = { raw: entry.raw + sum.raw, gzip: entry.gzip + sum.gzip };
  }

  const deferred = Object.entries(manifest).filter(([key, chunk]) => chunk.isDynamicEntry && !ROUTES.some(([, source]) => source === key));
  console.log('\nLoaded on demand (not part of any route\'s initial JS):');
  for (const [key, chunk] of deferred) {
    const files = [...closure(key)].filter((file) => !entryFiles.has(file));
    const sum = total(files);
    console.log(`  ${key.replace(/^.*node_modules\//, '')} -> ${chunk.file.replace('assets/', '')}: ${kb(sum.raw)} raw, ${kb(sum.gzip)} gzip (with its imports)`);
  }

  // Not needed to paint, but fetched at once by the first API call of every page: the wire
  // contract (zod schemas) that parses every answer. Printed so the deferral hides nothing.
  const protocolKey = Object.keys(manifest).find((key) => key.endsWith('packages/protocol/src/index.ts'));
  if (protocolKey) {
    const files = [...closure(protocolKey)].filter((file) => !entryFiles.has(file));
    const sum = total(files);
    console.log(`\nRight after the first paint, every route also loads the protocol chunk: ${kb(sum.gzip)} gzip (home total ${kb(homeInitial.gzip + sum.gzip)} gzip)`);
  }

  const ok = homeInitial.gzip <= BUDGET_KB * 1024;
  console.log(`\nHome route initial JS: ${kb(homeInitial.raw)} raw, ${kb(homeInitial.gzip)} gzip — budget ${BUDGET_KB} KB gzip: ${ok ? 'OK' : 'OVER BUDGET'}`);
  process.exitCode = ok ? 0 : 1;
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
