// docs/security.md 15 with a real process: the server (main.ts, PGlite in a temp DATA_DIR, the local
// chain started here) is told to SIGKILL itself right after the payout's ledger row is written,
// and again right after sending; restarted without the fault, it finishes the payout, and exactly
// one payout lands each time.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { payoutLamports } from '@duel-dojo/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../adapters/db/connect';
import { createLedgerStore } from '../../adapters/db/ledger-store';
import { TEST_OPERATOR_TOKEN, testConfig } from '../../config';
import { getJson } from '../../test-support';
import { type TestChain, startTestChain, transferWithReferences } from '../../test-support/chain';
import { type MoneyPlayer, type SeededGame, moneyPlayer, seedPaidGame, startMoneyServer } from '../../test-support/money';
import { connect } from '../../test-support/game-server';
import { payoutKey } from './index';

const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const MAIN = join(ROOT, 'apps/server/src/main.ts');

async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

interface Winner {
  readonly player: MoneyPlayer;
  readonly game: SeededGame;
}

describe('payouts survive kill -9 of the server process', () => {
  let chain: TestChain;
  let dataDir: string;
  const winners = new Map<string, Winner>();
  let child: ChildProcess | null = null;

  beforeAll(async () => {
    chain = await startTestChain();
    dataDir = await mkdtemp(join(tmpdir(), 'dd-kill-'));
    // Set up in-process on the same PGlite directory the server process will open: players
    // signed up, stakes paid on chain, two finished games each with a payout due.
    const database = await openDatabase({ dataDir });
    const harness = await startMoneyServer(database, chain);
    for (const point of ['after-ledger-write', 'after-send']) {
      const winner = await moneyPlayer(harness, chain, `win_${point.slice(6, 12)}`);
      const loser = await moneyPlayer(harness, chain, `lose_${point.slice(6, 12)}`);
      winners.set(point, { player: winner, game: await seedPaidGame(harness, chain, database, [winner, loser], { winner: 'player1', payoutState: 'due' }) });
      winner.client.close();
      loser.client.close();
    }
    await harness.stop();
    await database.close();
  });

  afterAll(async () => {
    child?.kill('SIGKILL');
    await chain?.stop();
  });

  async function startServer(crashAt: string | null): Promise<{ url: string; exited: Promise<NodeJS.Signals | number | null> }> {
    const port = await freePort();
    const env = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SOLANA_CLUSTER: 'localnet',
      SOLANA_RPC_URL: chain.config.rpcUrl,
      SOLANA_WS_URL: chain.config.wsUrl,
      TREASURY_KEYPAIR: chain.config.treasuryKeypair ?? '',
      JWT_SECRET: testConfig().jwtSecret ?? '',
      OPERATOR_TOKEN: TEST_OPERATOR_TOKEN,
      LOG_LEVEL: 'error',
      DUEL_DOJO_CRASH_AT: crashAt ?? '',
    };
    // tsx as a loader, not its CLI: the server is this very process, so the SIGKILL is its own.
    const started = spawn(process.execPath, ['--import', 'tsx', MAIN], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
    child = started;
    let stderr = '';
    started.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) => started.once('exit', (code, signal) => resolve(signal ?? code)));
    const url = `http://127.0.0.1:${port}`;
    // Up to two minutes: a restart from disk on a loaded machine is slow, and each attempt ends at the first answer.
    for (let attempt = 0; attempt < 1_200; attempt += 1) {
      if (started.exitCode !== null) throw new Error(`the server exited: ${stderr}`);
      try {
        if ((await fetch(`${url}/api/health`)).ok) return { url, exited };
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    throw new Error(`the server did not start: ${stderr}`);
  }


  for (const point of ['after-ledger-write', 'after-send'] as const) {
    it(`SECURITY 15: killed ${point}, restarted, exactly one payout`, { timeout: 180_000 }, async () => {
      const { player, game } = winners.get(point) as Winner;
      const before = await chain.balance(player.address);
      const payout = payoutLamports(game.stake, game.stake);

      const dying = await startServer(point);
      const client = await connect(dying.url, player.token);
      client.emit('claimReward', { sessionId: game.sessionId, walletAddress: player.address });
      expect(await dying.exited).toBe('SIGKILL');
      client.close();

      // What the crash left: the row with its signed transaction, pending.
      const database = await openDatabase({ dataDir });
      const row = await createLedgerStore(database.db).findByKey(payoutKey(game.gameId));
      await database.close();
      expect(row).toMatchObject({ status: 'pending', signature: expect.any(String), signedTx: expect.any(String) });
      const landedBeforeRestart = (await chain.rpc.getSignatureStatuses([row?.signature as never], { searchTransactionHistory: true }).send()).value[0] !== null;
      expect(landedBeforeRestart).toBe(point === 'after-send');

      const restarted = await startServer(null);
      const operator = { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` };
      let summary = await getJson<{ unsettled: number; differenceLamports: string }>(`${restarted.url}/api/ledger/summary`, operator);
      // Polled gently, once a second for up to 50 s: the route allows 60 requests a minute.
      for (let attempt = 0; attempt < 50 && summary.body.unsettled !== 0; attempt += 1) {
        await sleep(1_000);
        summary = await getJson(`${restarted.url}/api/ledger/summary`, operator);
      }
      expect(summary.body).toMatchObject({ unsettled: 0, differenceLamports: '0' });
      const again = await connect(restarted.url, player.token);
      again.emit('claimReward', { sessionId: game.sessionId, walletAddress: player.address });
      const answer = await again.next('claimRewardResult', () => true, 45_000);
      again.close();
      expect(answer).toMatchObject({ success: true, amount: payout.toString() });
      // The transfer signed before the crash, sent again; only a never-sent one whose blockhash
      // expired while the server was down (a slow restart on a busy machine) is signed anew.
      if (answer.transactionSignature !== row?.signature) {
        expect(point).toBe('after-ledger-write');
        const old = await chain.rpc.getSignatureStatuses([row?.signature as never], { searchTransactionHistory: true }).send();
        expect(old.value[0]).toBeNull();
      }
      // Paid once: twice would be twice the amount.
      expect((await chain.balance(player.address)) - before).toBe(payout);
      child?.kill('SIGTERM');
      await restarted.exited;
    });
  }

  it("SECURITY 27: `npm run ledger:check` on the same data prints a zero difference and exits 0, a stranger's 1-lamport transfer of a moment ago included", async () => {
    // No server runs now to book it: the check books it itself (a donation) before comparing.
    const stranger = await chain.player(10_000_000n);
    await chain.send(stranger.signer, [transferWithReferences(stranger.signer, chain.treasury.address, 1n)]);
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', SOLANA_CLUSTER: 'localnet', SOLANA_RPC_URL: chain.config.rpcUrl, SOLANA_WS_URL: chain.config.wsUrl, TREASURY_KEYPAIR: chain.config.treasuryKeypair ?? '' };
    const check = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'apps/server/src/ledger-check.ts')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    check.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    check.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const code = await new Promise((resolve) => check.once('exit', resolve));
    expect(out).toMatch(/difference\s+0 lamports/);
    expect(out).toContain('1 donation(s)');
    expect(out).toContain('ledger matches the chain');
    expect(code).toBe(0);
  });
});
