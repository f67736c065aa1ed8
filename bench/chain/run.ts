// The chain benchmark, printing figures, not a test:
//   1. confirmed transfers per second on the local chain, through the server's own chain adapter
//      (sign, send, confirm racing expiry), at several concurrencies;
//   2. server-side verification time per payment (verifyPayment: find the payment, fetch and
//      parse the transaction, check it, credit it in one database transaction), p50/p99.
// The chain runs as its own process (as with `npm start`); the server's modules run here on
// PGlite in memory, or PostgreSQL with BENCH_PG_URL.
//
//   npm run chain:run -w @duel-dojo/bench
//   BENCH_SECONDS=20 BENCH_PAYMENTS=600 npm run chain:run -w @duel-dojo/bench
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { type KeyPairSigner, createSolanaRpc, generateKeyPairSigner } from '@solana/kit';
import { openChain } from '../../apps/server/src/adapters/chain/open-chain';
import { signTransaction, transferWithReferences } from '../../apps/server/src/adapters/chain/signed-transaction';
import type { SolanaChain } from '../../apps/server/src/adapters/chain/solana-chain';
import { writeNewKeypairFile } from '../../apps/server/src/adapters/chain/treasury-keypair';
import { openDatabase } from '../../apps/server/src/adapters/db/connect';
import { composeModules } from '../../apps/server/src/compose';
import { testConfig } from '../../apps/server/src/config';
import { startLocalChainProcess } from './local-chain';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 400);
const CONCURRENCIES = [1, 8, 32];
const TARGET_P99_MS = 20;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function transfersPerSecond(chain: SolanaChain, concurrency: number): Promise<void> {
  const latencies: number[] = [];
  const deadline = performance.now() + SECONDS * 1000;
  let sequence = 0;
  const worker = async () => {
    while (performance.now() < deadline) {
      const started = performance.now();
      const destination = (await generateKeyPairSigner()).address;
      const signed = await chain.signTransfer({ destination, lamports: 1_000_000n, reference: `bench:${concurrency}:${(sequence += 1)}` });
      await chain.send(signed.wireTransaction);
      const outcome = await chain.confirm(signed.signature, signed.lastValidBlockHeight, AbortSignal.timeout(60_000));
      if (outcome.kind !== 'confirmed' || outcome.err !== null) throw new Error(`transfer ${signed.signature}: ${JSON.stringify(outcome)}`);
      latencies.push(performance.now() - started);
    }
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - began) / 1000;
  latencies.sort((a, b) => a - b);
  console.log(
    `  concurrency ${String(concurrency).padStart(2)}: ${(latencies.length / elapsed).toFixed(1).padStart(6)} confirmed transfers/s   sign->confirmed p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))} (${latencies.length} transfers)`,
  );
}

/** A player's transfer to the treasury carrying the payment's reference, as a wallet builds it. */
async function payWire(rpc: ReturnType<typeof createSolanaRpc>, payer: KeyPairSigner, to: string, amount: bigint, reference: string) {
  const { value: latest } = await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send();
  const { signature, wire } = await signTransaction(payer, latest, [transferWithReferences(payer, to, amount, [reference])]);
  await rpc.sendTransaction(wire, { encoding: 'base64' }).send();
  return signature as string;
}

async function verificationTimes(chain: SolanaChain, rpcUrl: string, config: ReturnType<typeof testConfig>): Promise<void> {
  const database = await openDatabase({ databaseUrl: process.env.BENCH_PG_URL ?? null });
  const modules = await composeModules(config, database, { chain, money: { background: false, localTopUpLamports: 0n, log: quiet } });
  const payments = modules.payments;
  if (!payments) throw new Error('no payments module');
  const rpc = createSolanaRpc(rpcUrl);
  // 20 requests per wallet (the per-wallet cap); each player funded by one airdrop.
  const players = await Promise.all(Array.from({ length: Math.ceil(PAYMENTS / 20) }, () => generateKeyPairSigner()));
  await Promise.all(players.map((player) => (rpc as unknown as { requestAirdrop: (a: string, l: bigint) => { send(): Promise<string> } }).requestAirdrop(player.address, 10_000_000_000n).send()));
  for (const player of players) while ((await chain.balance(player.address)) === 0n) await sleep(20);
  const requests: { wallet: string; paymentId: string; signature: string }[] = [];
  for (let i = 0; i < PAYMENTS; i += 1) {
    const player = players[i % players.length] as KeyPairSigner;
    const info = await payments.requestBetInfo(player.address, '5$');
    const signature = await payWire(rpc, player, info.recipientWallet, BigInt(info.lamports), info.reference);
    requests.push({ wallet: player.address, paymentId: info.paymentId, signature });
  }
  // Every transfer confirmed before timing starts: what is measured is the server's work only.
  for (const request of requests) while ((await chain.signatureState(request.signature)).kind !== 'confirmed') await sleep(20);

  // The RPC's share: the same getTransaction calls alone (after the verifications, so warm).
  const rpcShare = async () => {
    const times: number[] = [];
    for (const request of requests.slice(0, 200)) {
      const started = performance.now();
      await chain.fetchTransfer(request.signature);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(`  of which getTransaction alone (RPC round trip and parse): p50 ${ms(percentile(times, 50))}, p99 ${ms(percentile(times, 99))}`);
  };
  for (const [label, concurrency] of [['one at a time', 1], ['8 at once', 8]] as const) {
    const batch = label === 'one at a time' ? requests.slice(0, Math.floor(requests.length / 2)) : requests.slice(Math.floor(requests.length / 2));
    const times: number[] = [];
    let next = 0;
    const worker = async () => {
      while (next < batch.length) {
        const request = batch[next++] as (typeof batch)[number];
        const started = performance.now();
        const answer = await payments.verifyPayment(request.wallet, { paymentId: request.paymentId, signature: request.signature });
        times.push(performance.now() - started);
        if (!answer.success) throw new Error(`verification failed: ${answer.message}`);
      }
    };
    const began = performance.now();
    await Promise.all(Array.from({ length: concurrency }, worker));
    const rate = times.length / ((performance.now() - began) / 1000);
    times.sort((a, b) => a - b);
    const p99 = percentile(times, 99);
    const verdict = p99 <= TARGET_P99_MS ? 'within' : 'above';
    console.log(`  ${label.padEnd(13)}: p50 ${ms(percentile(times, 50))}, p99 ${ms(p99)}, max ${ms(times[times.length - 1] ?? NaN)}; ${rate.toFixed(0)} verifications/s over ${times.length} payments (p99 ${verdict} the ${TARGET_P99_MS} ms target)`);
  }
  await rpcShare();
  await modules.stop();
  await database.close();
}

const local = await startLocalChainProcess();
try {
  const keyFile = join(await mkdtemp(join(tmpdir(), 'dd-bench-treasury-')), 'treasury.json');
  await writeNewKeypairFile(keyFile);
  const config = testConfig({ rpcUrl: local.rpcUrl, wsUrl: local.wsUrl, treasuryKeypair: keyFile });
  const chain = await openChain(config, { pollMs: 50 });
  const rpc = createSolanaRpc(local.rpcUrl) as unknown as { requestAirdrop: (a: string, l: bigint) => { send(): Promise<string> } };
  await rpc.requestAirdrop(chain.treasury, 100_000n * 1_000_000_000n).send();
  while ((await chain.balance(chain.treasury)) === 0n) await sleep(50);

  console.log(`Confirmed transfers per second (server chain adapter -> local chain process, ${SECONDS} s each):`);
  for (const concurrency of CONCURRENCIES) await transfersPerSecond(chain, concurrency);
  console.log(`Server-side verification time per payment (${process.env.BENCH_PG_URL ? 'PostgreSQL' : 'PGlite'}, ${PAYMENTS} payments already confirmed on chain):`);
  await verificationTimes(chain, local.rpcUrl, config);
  chain.close();
} finally {
  await local.stop();
}
