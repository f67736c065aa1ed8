// After `vite build`: writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside each
// text file of dist, when it is smaller, so the server sends the copy the browser accepts with
// no work per request (apps/server/src/http/web-app.ts, @fastify/static's preCompressed).
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const TEXT_TYPES = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.txt', '.xml', '.webmanifest', '.map', '.wasm']);
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const dist = process.argv[2] ?? join(import.meta.dirname, '..', 'dist');

async function filesUnder(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** Writes `${file}${suffix}` when the compressed bytes are smaller; removes a stale copy otherwise. */
async function writeIfSmaller(file, original, compressed, suffix) {
  if (compressed.length < original.length) {
    await writeFile(`${file}${suffix}`, compressed);
    return compressed.length;
  }
  await rm(`${file}${suffix}`, { force: true });
  return original.length;
}

async function precompress(file) {
  const original = await readFile(file);
  // zlib runs on libuv's thread pool: the files compress in parallel.
  const [br, gz] = await Promise.all([
    brotli(original, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: original.length } }),
    gzipAsync(original, { level: 9 }),
  ]);
  return { raw: original.length, br: await writeIfSmaller(file, original, br, '.br'), gz: await writeIfSmaller(file, original, gz, '.gz') };
}

const started = performance.now();
const texts = (await filesUnder(dist)).filter((file) => TEXT_TYPES.has(extname(file)));
const sizes = await Promise.all(texts.map(precompress));
const total = (key) => sizes.reduce((sum, size) => sum + size[key], 0);
const kb = (bytes) => `${(bytes / 1024).toFixed(0)} kB`;
console.log(
  `precompressed ${texts.length} text files in ${((performance.now() - started) / 1000).toFixed(1)} s: ${kb(total('raw'))} raw, ${kb(total('gz'))} gzip, ${kb(total('br'))} brotli`,
);
