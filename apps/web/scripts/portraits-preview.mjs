// Builds a contact sheet of the character portraits in public/characters and checks each file
// against the portrait rules (viewBox, <title>, size, no scripts/raster/fonts, balanced tags).
//
//   node apps/web/scripts/portraits-preview.mjs [outDir]   (default /tmp/portraits)
//
// Then screenshot it, e.g.:
//   chromium --headless --no-sandbox --disable-gpu --screenshot=/tmp/portraits/sheet.png \
//     --window-size=1100,700 file:///tmp/portraits/sheet.html
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const dir = resolve(here, '../public/characters');
const outDir = resolve(process.argv[2] ?? '/tmp/portraits');

const ROSTER = [
  ['warrior', 'Warrior', ''],
  ['will', 'Will', ''],
  ['zombie', 'Zombie', ''],
  ['ghost', 'Ghost', ''],
  ['plumber', 'Plumber', ''],
  ['chef', 'Chef', ''],
  ['alien', 'Alien', ''],
  ['soldier', 'Soldier', ''],
  ['samurai', 'Samurai', ''],
  ['crimson-merc', 'Crimson Merc', 'Legendary'],
  ['dark-knight', 'Dark Knight', 'Epic'],
  ['blue-sage', 'Blue Sage', 'Common'],
  ['prankster-kid', 'Prankster Kid', 'Common'],
  ['chaos-clown', 'Chaos Clown', 'Legendary'],
  ['ghost-miner', 'Ghost Miner', 'Epic'],
  ['pink-soldier', 'Pink Soldier', 'Rare'],
  ['sus-crewmate', 'Sus Crewmate', 'Rare'],
  ['meme-lord', 'Meme Lord', 'Rare'],
];

/** Minimal well-formedness check: every open tag is closed in order. */
function balanced(text) {
  const body = text.replace(/<\?xml[\s\S]*?\?>/g, '').replace(/<!--[\s\S]*?-->/g, '');
  const stack = [];
  for (const match of body.matchAll(/<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/g)) {
    const [, closing, name, , selfClosing] = match;
    if (selfClosing) continue;
    if (!closing) stack.push(name);
    else if (stack.pop() !== name) return `unexpected </${name}>`;
  }
  if (stack.length) return `unclosed <${stack.at(-1)}>`;
  const stray = body.replace(/<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/g, '');
  if (/[<>]/.test(stray)) return 'stray < or > outside a tag';
  return null;
}

const problems = [];
for (const [slug, name] of ROSTER) {
  const file = join(dir, `${slug}.svg`);
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    problems.push(`${slug}: missing`);
    continue;
  }
  const size = Buffer.byteLength(text);
  if (size >= 12 * 1024) problems.push(`${slug}: ${size} bytes (limit 12 KB)`);
  if (!/viewBox="0 0 256 256"/.test(text)) problems.push(`${slug}: viewBox is not 0 0 256 256`);
  if (!text.includes(`<title>${name}</title>`) && !new RegExp(`<title[^>]*>${name}</title>`).test(text))
    problems.push(`${slug}: <title> is not "${name}"`);
  if (/<(script|image|text|foreignObject|font)\b|@font-face|url\((?!#)|href="(?!#)/i.test(text))
    problems.push(`${slug}: uses a script, raster, font or external reference`);
  const error = balanced(text);
  if (error) problems.push(`${slug}: ${error}`);
}

const accent = { Common: '#9aa3ad', Rare: '#3d8bff', Epic: '#a64dff', Legendary: '#f5b820' };
const card = (slug, name, rarity, px) =>
  `<figure style="width:${px > 64 ? px + 8 : px}px"><img src="${join(dir, `${slug}.svg`)}" width="${px}" height="${px}" alt="">` +
  (px > 64 ? `<figcaption style="color:${accent[rarity] ?? '#ddd'}">${name}</figcaption>` : '') +
  `</figure>`;
const duel = (a, b) =>
  `<div class="duel">${card(a, '', '', 96)}<span>VS</span><div style="transform:scaleX(-1)">${card(b, '', '', 96)}</div></div>`;

mkdirSync(outDir, { recursive: true });
writeFileSync(
  join(outDir, 'sheet.html'),
  `<!doctype html><meta charset="utf-8"><style>
body{margin:0;padding:10px 14px;background:#23222e;font:12px/1.2 sans-serif}
.row{display:grid;grid-template-columns:repeat(6,auto);justify-content:start;gap:6px 10px}.small{display:flex;flex-wrap:wrap}figure{margin:0;text-align:center}
figcaption{margin-top:2px;font-weight:bold}img{display:block;margin:auto}
.small{margin-top:10px;gap:6px}.light{background:#e9e6dc;padding:6px;border-radius:8px;margin-top:6px}
</style>
<div class="row">${ROSTER.map(([s, n, r]) => card(s, n, r, 128)).join('')}</div>
<div class="row small">${ROSTER.map(([s, n, r]) => card(s, n, r, 48)).join('')}</div>
<div class="row small light">${ROSTER.map(([s, n, r]) => card(s, n, r, 48)).join('')}</div>`,
);
writeFileSync(
  join(outDir, 'big.html'),
  `<!doctype html><meta charset="utf-8"><style>body{margin:0;padding:8px;background:#23222e}
.row{display:flex;flex-wrap:wrap;gap:8px}figure{margin:0}</style>
<div class="row">${ROSTER.map(([s, , r]) => card(s, '', r, 256)).join('')}</div>`,
);
writeFileSync(
  join(outDir, 'duel.html'),
  `<!doctype html><meta charset="utf-8"><style>body{margin:0;padding:10px;background:#23222e;color:#fff;font:bold 18px sans-serif}
.duel{display:inline-flex;align-items:center;gap:8px;margin:6px 14px}figure{margin:0}</style>
${duel('warrior', 'samurai')}${duel('crimson-merc', 'dark-knight')}${duel('will', 'zombie')}${duel('chaos-clown', 'meme-lord')}`,
);
console.log(problems.length ? problems.join('\n') : `all ${ROSTER.length} portraits pass`);
console.log(`wrote ${join(outDir, 'sheet.html')}, big.html, duel.html`);
process.exitCode = problems.length ? 1 : 0;
