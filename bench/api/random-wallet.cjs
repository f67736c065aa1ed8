'use strict';
// autocannon's setupRequest for run.ts: puts a random seeded wallet where the path says {wallet}.
// run.ts runs autocannon in a worker thread, and a worker takes setupRequest as a file it can
// require; the wallets come in a JSON file named by BENCH_WALLETS_FILE.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS file, as autocannon's workers require it
const { readFileSync } = require('node:fs');

const wallets = JSON.parse(readFileSync(process.env.BENCH_WALLETS_FILE, 'utf8'));

module.exports = function randomWallet(request) {
  const wallet = wallets[Math.floor(Math.random() * wallets.length)];
  return { ...request, path: request.path.replace('{wallet}', wallet) };
};
