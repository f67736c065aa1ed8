// The web app's size budget: builds apps/web into a temporary folder with Vite's manifest, then
// prints every route's chunks (raw, gzip, brotli) and weighs the first load of `/` against
// 100 KB compressed: every JS file the home route loads before its first paint (the entry, the
// app's chunk, the home screen's chunk and their imports) and what it loads eagerly right
// after without any click (the live duels panel, and the areas of the wire contract with zod
// that the navbar's config and the live duels are parsed with). Not a test: it prints figures, and exits 1 only
// when the first load is over budget.
//
//   node bench/web-budget.mjs
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = join(import.meta.dirname, '..');
const web = join(root, 'apps', 'web');
const BUDGET_KB = 100;

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
  ['/watch/:id', 'src/screens/watch/watch-screen.tsx'],
  ['(not found)', 'src/screens/not-found/not-found-screen.tsx'],
];
// Loaded by `/` with no click, once the home screen has rendered: the hero's live duels panel
// and, on a first visit, the welcome popup at once, and once the first screen is shown and the
// browser is idle (apps/web/src/app/first-screen.ts) zod, then the areas of the wire contract its answers are parsed with (apps/web/src/net/protocol.ts:
// the config and the live duels; the failure body's only when a read fails), chunks named after
// packages/protocol's modules.
const HOME_RIGHT_AFTER = ['src/features/spectating/live-duels-panel.tsx', 'src/screens/home/welcome-popup.tsx', '../../packages/protocol/src/no-eval.ts'];
const HOME_CONTRACT_AREAS = ['config', 'live-games'];

const outDir = mkdtempSync(join(tmpdir(), 'duel-dojo-web-budget-'));
try {
  const build = spawnSync('npx', ['vite', 'build', '--manifest', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], { cwd: web, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('vite build failed');
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'));

  const sizes = new Map();
  const sizeOf = (file) => {
    if (!sizes.has(file)) {
      const bytes = readFileSync(join(outDir, file));
      const brotli = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
      sizes.set(file, { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, brotli: brotli.length });
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
  const total = (files) => [...files].reduce((sum, file) => ({ raw: sum.raw + sizeOf(file).raw, gzip: sum.gzip + sizeOf(file).gzip, brotli: sum.brotli + sizeOf(file).brotli }), { raw: 0, gzip: 0, brotli: 0 });
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  const row = (cells, widths) => cells.map((cell, i) => String(cell).padEnd(widths[i])).join('  ');
  const name = (file) => file.replace('assets/', '');
  const sizesOf = (sum) => `${kb(sum.raw)} raw, ${kb(sum.gzip)} gzip, ${kb(sum.brotli)} brotli`;

  // Every page loads the entry and the app's chunk (apps/web/vite.config.ts groups src/app/start.tsx
  // and all it imports into one `start` chunk), which the entry imports beside the page's screen.
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const appKey = Object.keys(manifest).find((key) => manifest[key].name === 'start' && key.endsWith('.js'));
  if (!appKey) throw new Error("no `start` chunk: is src/app/start.tsx still the app's chunk?");
  const entryFiles = closure(appKey, closure(entryKey));
  const entry = total(entryFiles);
  console.log(`\nShared by every page (the entry and the app's chunk): ${entryFiles.size} files, ${sizesOf(entry)}`);
  for (const file of entryFiles) console.log(`  ${name(file).padEnd(36)} ${kb(sizeOf(file).raw).padStart(9)} ${kb(sizeOf(file).gzip).padStart(9)} gzip ${kb(sizeOf(file).brotli).padStart(9)} br`);

  const widths = [18, 11, 11, 11, 6, 40];
  console.log(`\n${row(['route', 'raw', 'gzip', 'brotli', 'files', 'chunks beyond the entry (gzip)'], widths)}`);
  for (const [route, source] of ROUTES) {
    if (!manifest[source]) throw new Error(`no chunk for ${source}: is the route still lazy?`);
    const own = [...closure(source)].filter((file) => !entryFiles.has(file));
    const sum = total(own);
    console.log(row([route, kb(sum.raw), kb(sum.gzip), kb(sum.brotli), own.length, own.map((file) => `${name(file)} (${kb(sizeOf(file).gzip)})`).join(', ')], widths));
  }

  const routeSources = new Set(ROUTES.map(([, source]) => source));
  console.log("\nLoaded on demand (each with the imports the entry does not hold):");
  for (const [key, chunk] of Object.entries(manifest).filter(([k, c]) => c.isDynamicEntry && !routeSources.has(k))) {
    const sum = total([...closure(key)].filter((file) => !entryFiles.has(file)));
    console.log(`  ${key.replace(/^.*node_modules\//, '').padEnd(52)} -> ${name(chunk.file).padEnd(36)} ${sizesOf(sum)}`);
  }

  // The first load of `/`, in the order the browser asks for it.
  const beforePaint = new Set([...entryFiles, ...closure(ROUTES[0][1])]);
  const rightAfter = new Set();
  const areaKeys = HOME_CONTRACT_AREAS.map((area) => {
    const keys = Object.keys(manifest).filter((key) => manifest[key].name === area && key.startsWith('_'));
    if (keys.length !== 1) throw new Error(`${keys.length} chunks named ${area}: is packages/protocol's ${area} still loaded apart?`);
    return keys[0];
  });
  for (const key of [...HOME_RIGHT_AFTER, ...areaKeys]) {
    if (!manifest[key]) throw new Error(`no chunk for ${key}: is it still loaded on demand?`);
    for (const file of closure(key)) if (!beforePaint.has(file)) rightAfter.add(file);
  }
  const first = total(beforePaint);
  const after = total(rightAfter);
  const all = total([...beforePaint, ...rightAfter]);
  console.log('\nFirst load of /:');
  console.log(`  before the first paint (entry + app + home screen): ${beforePaint.size} files, ${sizesOf(first)}`);
  console.log(`  right after, with no click (${[...rightAfter].map(name).join(', ')}): ${sizesOf(after)}`);
  const met = (bytes) => (bytes <= BUDGET_KB * 1024 ? 'met' : 'NOT met');
  console.log(`  all of it: ${sizesOf(all)}`);
  console.log(`\nBudget ${BUDGET_KB} KB compressed for all of it: gzip ${kb(all.gzip)} ${met(all.gzip)}, brotli ${kb(all.brotli)} ${met(all.brotli)}`);
  console.log(`(before the first paint alone: gzip ${kb(first.gzip)} ${met(first.gzip)}, brotli ${kb(first.brotli)} ${met(first.brotli)})`);
  process.exitCode = all.brotli <= BUDGET_KB * 1024 ? 0 : 1;
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
