// The kills of a chaos run (docs/security.md 15, 28): after each start, a random wait, then the
// next moment a payout's claim is in flight plus a random part of the time such a claim takes, so
// the SIGKILL lands in payouts at every step (row written, signed, sent, confirming); a look at
// what it cut (unsettled transfers out, and which of them the chain already has); the restart. With
// a chain process, some waits also hold a pause of the chain (SIGSTOP: the server's RPC calls hang
// until their deadline, and blocks stop), resumed before the kill.
import { setTimeout as sleep } from 'node:timers/promises';
import type { ChainClient } from '../chain-client';
import { landedOf } from './chain-audit';
import { unsettledRows } from './money-books';
import type { ServerProcess } from './server-process';
import type { StormRecord } from './storm-record';

export interface KillLoopDeps {
  readonly kills: number;
  /** The random wait after each start, min and max ms. */
  readonly killAfterMs: readonly [number, number];
  readonly server: ServerProcess;
  readonly record: StormRecord;
  readonly chain: ChainClient;
  /** A chain that can be paused (chain-process.ts); absent: no RPC faults. */
  readonly pausable: { pause(): void; resume(): void } | null;
  readonly dataDir: string;
  readonly random: () => number;
  readonly log: (line: string) => void;
}

export interface KillFigures {
  /** Per kill: ms from the SIGKILL to the restarted server answering /api/health (the look at the data left out). */
  readonly recoverMs: readonly number[];
  /** Kills that came while the claim of a game not paid yet was waiting for its answer. */
  readonly killsAmongClaims: number;
  /** Transfers out a kill left unsettled (row written and signed), and how many of them had landed. */
  readonly transfersCut: { readonly unsettled: number; readonly landed: number };
  readonly chainPauses: number;
  readonly chainPausedMs: number;
}

/**
 * Pauses of the chain last this long (min, max ms): about half of them outlast the server's
 * per-call RPC deadline (5 s, adapters/chain/rpc-deadline.ts), so its calls time out, not only wait.
 */
const PAUSE_MS = [1_000, 9_000] as const;

function median(values: readonly number[], otherwise: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? otherwise;
}

export async function killRepeatedly(deps: KillLoopDeps): Promise<KillFigures> {
  const { record, random, server } = deps;
  const [min, max] = deps.killAfterMs;
  const recoverMs: number[] = [];
  const transfersCut = { unsettled: 0, landed: 0 };
  let killsAmongClaims = 0;
  let chainPauses = 0;
  let chainPausedMs = 0;
  for (let kill = 1; kill <= deps.kills; kill += 1) {
    // Half the waits hold a pause, the first one always (a short run has one at least).
    const pause = deps.pausable && (kill === 1 || random() < 0.5) ? PAUSE_MS[0] + random() * (PAUSE_MS[1] - PAUSE_MS[0]) : 0;
    // A pause leaves a second of service before the kill, at least.
    const wait = Math.max(min + random() * (max - min), pause > 0 ? pause + 1_000 : 0);
    const before = random() * (wait - pause);
    await sleep(before);
    if (pause > 0 && deps.pausable) {
      deps.pausable.pause();
      await sleep(pause);
      deps.pausable.resume();
      chainPauses += 1;
      chainPausedMs += pause;
    }
    await sleep(wait - pause - before);
    for (const until = Date.now() + 3_000; record.payoutClaimsInFlight === 0 && Date.now() < until; ) await sleep(5);
    if (record.payoutClaimsInFlight > 0) killsAmongClaims += 1;
    await sleep(random() * median(record.payoutClaimMs, 200));

    const killedAt = performance.now();
    await server.kill();
    const downMs = performance.now() - killedAt;
    // docs/security.md 15: what the restart finds must be finished, never paid a second time.
    const cut = await unsettledRows(deps.dataDir);
    const landed = await landedOf(deps.chain, cut.flatMap((row) => (row.signature ? [row.signature] : [])));
    transfersCut.unsettled += cut.length;
    transfersCut.landed += landed.size;
    recoverMs.push(downMs + (await server.start()));
    record.restarts += 1;
    deps.log(`kill ${kill}/${deps.kills}: up again in ${Math.round(recoverMs[recoverMs.length - 1] ?? 0)} ms; ${record.stakes.length} stakes, ${record.count('won')} won, ${record.claimsSent} claims so far`);
  }
  return { recoverMs, killsAmongClaims, transfersCut, chainPauses, chainPausedMs };
}
