// The winners' claims during the chaos storm (docs/security.md 12, 15, 28): each won game is
// claimed over two sockets at once, again and again while the payout may be in flight, then once
// more right after each of the next restarts; claimAll() claims every won game once more at the
// end. Every answer is kept: the audit demands that all successes of a game carry one signature and
// that the chain moved exactly one payout.
import { setTimeout as sleep } from 'node:timers/promises';
import type { ServerEventPayload } from '@duel-dojo/protocol';
import { ChaosConnection, isTransient } from './chaos-connection';
import type { ServerProcess } from './server-process';
import type { StormPlayer } from './storm-player';
import type { StormRecord } from './storm-record';

const ANSWER_MS = 30_000;
/** Successful bursts before a claimer goes quiet until the next restart. */
const BURSTS_WHILE_FRESH = 3;
/** Restarts after which a paid game is claimed again at once; then its claimer retires (a long run wins hundreds). */
const RESTARTS_CLAIMED_AFTER = 2;

export interface WonGame {
  readonly sessionId: string;
  readonly player: StormPlayer;
}

export interface ClaimerDeps {
  readonly server: Pick<ServerProcess, 'url' | 'whenUp'>;
  readonly record: StormRecord;
  readonly stopping: () => boolean;
  readonly random: () => number;
}

export class Claimer {
  readonly won: WonGame[] = [];
  private readonly tasks: Promise<void>[] = [];

  constructor(private readonly deps: ClaimerDeps) {}

  /** Starts claiming a game the player just won. */
  add(sessionId: string, player: StormPlayer): void {
    const game = { sessionId, player };
    this.won.push(game);
    this.tasks.push(this.claimDuringStorm(game));
  }

  /** Resolves when every claimer has stopped (after the storm is over). */
  async settled(): Promise<void> {
    await Promise.all(this.tasks);
  }

  /** Every won game claimed once more over two sockets at once; answers the failures as sentences. */
  async claimAll(deadlineMs: number): Promise<string[]> {
    const failures: string[] = [];
    await Promise.all(
      this.won.map(async (game) => {
        const [one, two] = [new ChaosConnection(this.deps.server, game.player.token), new ChaosConnection(this.deps.server, game.player.token)];
        const deadline = Date.now() + deadlineMs;
        try {
          for (;;) {
            const burst = await Promise.all([this.claim(one, game), this.claim(two, game)]);
            if (burst.every((reply) => reply?.success)) return;
            if (Date.now() > deadline) {
              failures.push(`final claim of ${game.sessionId}: ${burst.map((reply) => reply?.code ?? reply?.message ?? 'no answer').join(', ')}`);
              return;
            }
            await sleep(500);
          }
        } finally {
          one.close();
          two.close();
        }
      }),
    );
    return failures;
  }

  private async claimDuringStorm(game: WonGame): Promise<void> {
    const { record, stopping, random } = this.deps;
    let successes = 0;
    let seenRestarts = record.restarts;
    let restartsSincePaid = 0;
    while (!stopping() && restartsSincePaid <= RESTARTS_CLAIMED_AFTER) {
      const [one, two] = [new ChaosConnection(this.deps.server, game.player.token), new ChaosConnection(this.deps.server, game.player.token)];
      try {
        const burst = await Promise.all([this.claim(one, game, successes === 0), this.claim(two, game, successes === 0)]);
        if (burst.some((reply) => reply?.success)) successes += 1;
      } finally {
        one.close();
        two.close();
      }
      if (successes < BURSTS_WHILE_FRESH) {
        await sleep(100 + random() * 900);
        continue;
      }
      // Paid: quiet until the next restart, then claim again as soon as the server is back.
      while (!stopping() && record.restarts === seenRestarts) await sleep(100);
      seenRestarts = record.restarts;
      restartsSincePaid += 1;
    }
  }

  /**
   * One claimReward on `connection`; null when the server died before answering. `unpaid`: no
   * claim of this game succeeded yet, so this one may be making the payout (counted in flight
   * from the moment it is sent, for the kill timing).
   */
  private async claim(connection: ChaosConnection, game: WonGame, unpaid = false): Promise<ServerEventPayload<'claimRewardResult'> | null> {
    const { record } = this.deps;
    try {
      await connection.live();
    } catch {
      return null;
    }
    const restartsBefore = record.restarts;
    const sentAt = performance.now();
    record.claimsSent += 1;
    if (unpaid) record.payoutClaimsInFlight += 1;
    try {
      const reply = await connection.ask(
        'claimReward',
        { sessionId: game.sessionId, walletAddress: game.player.address },
        (name, payload) => (name === 'claimRewardResult' && (payload as ServerEventPayload<'claimRewardResult'>).sessionId === game.sessionId ? (payload as ServerEventPayload<'claimRewardResult'>) : undefined),
        ANSWER_MS,
      );
      record.claims.push({
        sessionId: game.sessionId,
        wallet: game.player.address,
        success: reply.success,
        signature: reply.transactionSignature,
        amount: reply.amount,
        code: reply.code ?? null,
        restartsBefore,
      });
      if (unpaid && reply.success) record.payoutClaimMs.push(performance.now() - sentAt);
      return reply;
    } catch (error) {
      if (!isTransient(error)) throw error;
      record.claimsCut.push({ sessionId: game.sessionId, restartsBefore });
      return null;
    } finally {
      if (unpaid) record.payoutClaimsInFlight -= 1;
    }
  }
}
