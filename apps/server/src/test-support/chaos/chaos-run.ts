// A chaos run (docs/security.md 28), shared by the CI test (apps/server/src/chaos/chaos.test.ts, a
// few kills) and `npm run chaos` (bench/chaos/run.ts, twenty and more): the real server process on
// a PGlite directory and a local chain, a storm of players paying real stakes, playing paid games
// and claiming, and kill -9 of the server at random moments, each followed by a restart. Then the
// storm stops, and the money is audited against the server's record (money-audit.ts), the chain
// (chain-audit.ts) and `npm run ledger:check` (docs/security.md 1, 12, 27 still hold).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { testConfig } from '../../config';
import { startTestChain } from '../chain';
import { startChainProcess } from '../chain-process';
import { balanceMismatches, transferMismatches } from './chain-audit';
import { Claimer } from './claimer';
import { runLedgerCheck } from './ledger-check-process';
import { type BookFigures, auditBooks, expectedMoney, refundedHeld } from './money-audit';
import { type KillFigures, killRepeatedly } from './kill-loop';
import { readBooks } from './money-books';
import { type ServerEnvironment, createServerProcess, freePort } from './server-process';
import { enlistPlayers, stormPlayer } from './storm-player';
import { type SeenOutcome, StormRecord } from './storm-record';

export interface ChaosOptions {
  readonly kills: number;
  /** Players in the storm (at most 18); about half as many games run at once. */
  readonly players?: number;
  /** Each kill comes at a random moment this long (min, max ms) after the server is up (kill-loop.ts). */
  readonly killAfterMs?: readonly [number, number];
  /** Storm time after the last restart, so that games also end undisturbed before the audit. */
  readonly tailMs?: number;
  /** Seeds the players' choices (moves, early cancels) and the kill moments. */
  readonly seed?: number;
  /** GAME_TIMINGS_MS of the server; default short games (see GAME_TIMINGS). */
  readonly gameTimingsMs?: string;
  /** RPC faults too: the chain runs as a process of its own and is paused (SIGSTOP) for a moment in half the waits between kills. */
  readonly chainPauses?: boolean;
  readonly log?: (line: string) => void;
}

export interface ChaosReport {
  readonly seed: number;
  readonly kills: number;
  /** Restarts after a kill (the audit's own stop and start are not counted). */
  readonly restarts: number;
  readonly killFigures: KillFigures;
  /** Distinct games per outcome as the players saw them. */
  readonly seen: ReadonlyMap<SeenOutcome, ReadonlySet<string>>;
  readonly claimsSent: number;
  readonly claimAnswers: number;
  /** Claims the server died before answering. */
  readonly claimsCut: number;
  /** Won games whose payout a kill cut into (claimed before a restart, paid after it). */
  readonly payoutsAcrossKills: number;
  readonly cancelsSent: number;
  /** Starts that died before listening (a transient fault) and were tried again. */
  readonly startFailures: readonly string[];
  readonly books: BookFigures;
  /** Payouts or refunds beyond one per game or stake, in the books or on chain (must be 0). */
  readonly duplicatePayouts: number;
  readonly ledgerDifference: bigint | null;
  readonly ledgerExitCode: number | null;
  readonly ledgerOutput: string;
  /** Stakes held for a later refund (money-audit.ts HeldStake), with what their player saw. */
  readonly held: readonly string[];
  /** Broken money invariants, as sentences: empty when docs/security.md 28 holds. */
  readonly violations: readonly string[];
  /** Client-side surprises that are not money (a step never answered…). */
  readonly anomalies: readonly string[];
  readonly seconds: number;
  /** The server's data, kept for a look when a violation was found (removed otherwise). */
  readonly dataDir: string | null;
}

/**
 * Intro 300 ms, rounds of 3 s (closed as soon as both act), results 300 ms: a paid game takes
 * about a second, so every kill lands among many games, payouts and claims in flight.
 */
export const GAME_TIMINGS = '300,3000,300';
/** How long the restarted server may take to finish the claims and refunds still due. */
const SETTLE_MS = 90_000;

/** mulberry32: a small seeded generator, so a run's choices can be replayed with its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Awaits `work`, calling `report` every 10 s until it is done. */
async function lingering<T>(work: Promise<T>, report: () => void): Promise<T> {
  const timer = setInterval(report, 10_000);
  try {
    return await work;
  } finally {
    clearInterval(timer);
  }
}

export async function runChaos(options: ChaosOptions): Promise<ChaosReport> {
  const began = performance.now();
  const log = options.log ?? (() => undefined);
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const random = seededRandom(seed);
  const chainProcess = options.chainPauses ? await startChainProcess() : null;
  const chain = chainProcess ?? (await startTestChain());
  const dataDir = await mkdtemp(join(tmpdir(), 'dd-chaos-'));
  const environment: ServerEnvironment = {
    dataDir,
    rpcUrl: chain.config.rpcUrl,
    wsUrl: chain.config.wsUrl,
    treasuryKeypair: chain.config.treasuryKeypair ?? '',
    jwtSecret: testConfig().jwtSecret ?? '',
  };
  const server = createServerProcess({ ...environment, port: await freePort(), gameTimingsMs: options.gameTimingsMs ?? GAME_TIMINGS });
  const violations: string[] = [];
  try {
    log(`seed ${seed}; starting the server on ${server.url} (data in ${dataDir})`);
    await server.start();
    const players = await enlistPlayers(server.url, chain, options.players ?? 8, 20_000_000_000n);
    const record = new StormRecord();
    let stopping = false;
    const claimer = new Claimer({ server, record, stopping: () => stopping, random });
    const deps = { chain, server, record, won: (sessionId: string, player: (typeof players)[number]) => claimer.add(sessionId, player), stopping: () => stopping, waitLimitMs: 6_000, cancelShare: 0.15, random };
    const storm = players.map((player) => stormPlayer(player, deps));

    const kills = await killRepeatedly({ kills: options.kills, killAfterMs: options.killAfterMs ?? [2_000, 6_000], server, record, chain, pausable: chainProcess, dataDir, random, log });
    // Undisturbed games too, and at least one won and one refunded game, before stopping.
    const tailEnd = Date.now() + (options.tailMs ?? 4_000);
    const varied = () => record.count('won') > 0 && record.count('draw') + record.count('cancelled') + record.count('interrupted') + record.count('lost-reply') > 0;
    while (Date.now() < tailEnd || (!varied() && Date.now() < tailEnd + 60_000)) await sleep(250);
    stopping = true;
    log('storm over: finishing the games in hand');
    await lingering(Promise.all(storm), () => log(`still busy: ${[...record.doing].map(([name, step]) => `${name} ${step}`).join('; ')}`));
    await lingering(claimer.settled(), () => log('still waiting for the claimers'));
    await server.stop();
    log('audit: every player stopped, the server stopped; reading its books');

    // What the record says is owed; then the server runs again and must pay exactly that.
    const expectation = expectedMoney(await readBooks(dataDir), record);
    violations.push(...expectation.violations);
    await server.start();
    log(`audit: the server is up again; claiming the ${claimer.won.length} won games once more, then waiting for every balance`);
    violations.push(...(await claimer.claimAll(SETTLE_MS)));
    let mismatches = await balanceMismatches(chain, players, record, expectation.owed, expectation.held);
    for (const deadline = Date.now() + SETTLE_MS; mismatches.length > 0 && Date.now() < deadline; ) {
      await sleep(1_000);
      mismatches = await balanceMismatches(chain, players, record, expectation.owed, expectation.held);
    }
    violations.push(...mismatches);
    await server.stop();

    const books = await readBooks(dataDir);
    const audit = auditBooks(books, record, expectation);
    // Nothing moves now: to the lamport, with the held stakes the books say were given back.
    const owedNow = new Map(expectation.owed);
    for (const stake of refundedHeld(books, expectation)) owedNow.set(stake.wallet, (owedNow.get(stake.wallet) ?? 0n) + stake.lamports);
    violations.push(...(await balanceMismatches(chain, players, record, owedNow)));
    const transfers = await transferMismatches(chain, players, record, books.rows);
    violations.push(...audit.violations, ...transfers.unrecorded, ...transfers.missing);
    const ledger = await runLedgerCheck(environment);
    if (ledger.difference !== 0n || ledger.exitCode !== 0) violations.push(`ledger:check exited ${ledger.exitCode}:\n${ledger.output}`);
    return {
      seed,
      kills: options.kills,
      restarts: kills.recoverMs.length,
      killFigures: kills,
      seen: record.outcomes,
      cancelsSent: record.cancelsSent,
      claimsSent: record.claimsSent,
      claimAnswers: record.claims.length,
      claimsCut: record.claimsCut.length,
      payoutsAcrossKills: record.payoutsAcrossKills(),
      startFailures: server.startFailures,
      books: audit.figures,
      duplicatePayouts: audit.figures.duplicates + transfers.unrecorded.length,
      ledgerDifference: ledger.difference,
      ledgerExitCode: ledger.exitCode,
      ledgerOutput: ledger.output,
      held: expectation.held.map((stake) => `payment ${stake.paymentId} of ${stake.wallet}, bound to session ${stake.sessionId ?? 'none'} (${stake.unseated}); the player saw: ${record.seenByPayment.get(stake.paymentId) ?? 'nothing'}`),
      violations,
      anomalies: record.anomalies,
      seconds: (performance.now() - began) / 1000,
      dataDir: violations.length > 0 ? dataDir : null,
    };
  } catch (error) {
    throw new Error(`chaos run (seed ${seed}) failed: ${error instanceof Error ? error.message : String(error)}\nserver stderr: ${server.stderrTail()}`, { cause: error });
  } finally {
    if (server.running) await server.kill();
    await chain.stop();
    if (violations.length === 0) await rm(dataDir, { recursive: true, force: true });
  }
}
