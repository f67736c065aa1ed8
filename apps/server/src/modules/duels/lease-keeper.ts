// This node's side of the games' leases (docs/durable-games.md), one pass per tick: renew the
// leases of the games it runs (and let go of any another node has taken since), settle what no
// node took over in time, and take over the games whose node is gone. The first pass runs at
// start, before the node serves anyone; with an embedded database no other node can exist, so
// that pass takes every live game at once instead of waiting for old leases to lapse.
import type { CancelTimer } from './game-clock';
import type { DuelsSources } from './duels-context';
import type { GameLeasesStore } from './recovery';
import { readLiveState } from './live-state';
import { type ResumeDeps, resumeGame } from './resume';

export interface LeaseTimings {
  /** How long a lease lasts unless renewed: a dead node's games wait at most this long. */
  readonly leaseMs: number;
  /** How often a node renews its leases and looks for games to take over. */
  readonly tickMs: number;
  /** A game no node took over this long after its lease lapsed is settled (docs/durable-games.md). */
  readonly abandonAfterMs: number;
}

export const DEFAULT_LEASE_TIMINGS: LeaseTimings = { leaseMs: 10_000, tickMs: 2_000, abandonAfterMs: 120_000 };

/** Games taken over per pass: a node that inherits many resumes them a batch at a time. */
const TAKEOVER_BATCH = 100;

/** What the keeper uses of the module's context (duels-context.ts): a takeover's, and the clock. */
export type LeaseKeeperDeps = ResumeDeps & Pick<DuelsSources, 'clock'>;

export function createLeaseKeeper(ctx: LeaseKeeperDeps, leases: GameLeasesStore, options: { exclusive: boolean; timings: LeaseTimings }) {
  const { leaseMs, tickMs, abandonAfterMs } = options.timings;
  let timer: CancelTimer | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  async function letGoOfTakenGames(): Promise<void> {
    // Only games whose row was written before the renewal: one written meanwhile is missing from
    // `held` without having been taken by anyone.
    const known = ctx.games.all().filter((game) => game.durable);
    const held = await leases.renew(ctx.nodeId, leaseMs);
    for (const game of known) {
      if (held.get(game.sessionId) !== game.fence.epoch) await game.run(() => game.relinquish());
    }
  }

  /** A settled game's players may play again: their claims (shared by every node) go. */
  async function freePlayers(sessionId: string, liveState: unknown): Promise<void> {
    const seats = readLiveState(liveState)?.seats;
    for (const seat of [seats?.player1, seats?.player2]) {
      if (seat?.identity) await ctx.presence.releasePlayer(seat.identity.key, sessionId);
    }
  }

  async function pass(first: boolean): Promise<void> {
    const sole = first && options.exclusive;
    await letGoOfTakenGames();
    const now = new Date(ctx.clock.now());
    const { settled } = await leases.settleAbandoned(now, { abandonAfterMs, strandedAfterMs: sole ? 0 : abandonAfterMs });
    for (const game of settled) await freePlayers(game.sessionId, game.liveState);
    const taken = await leases.takeOver(ctx.nodeId, { leaseMs, abandonAfterMs, limit: TAKEOVER_BATCH, anyLease: sole });
    for (const row of taken) {
      const game = await resumeGame(ctx, row).catch((error: unknown) => {
        ctx.report(error, `game ${row.sessionId}: resuming failed`);
        return null;
      });
      if (!game && (await leases.abandon(row.sessionId, row.fence, now))) await freePlayers(row.sessionId, row.liveState);
    }
  }

  function schedule(): void {
    if (stopped) return;
    timer = ctx.clock.after(tickMs, () => {
      running = pass(false)
        .catch((error: unknown) => ctx.report(error, 'game leases: a pass failed'))
        .finally(() => {
          running = null;
          schedule();
        });
    });
  }

  return {
    async start(): Promise<void> {
      await pass(true);
      schedule();
    },
    /** After the games halted: their leases lapse now, so another node takes them at once. */
    async stop(): Promise<void> {
      stopped = true;
      timer?.();
      await running;
      await leases.release(ctx.nodeId);
    },
  };
}
