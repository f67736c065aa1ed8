// The duels module's commands, one per socket event of spec §7 for the game: the socket layer
// parses a payload, calls one of these and emits what it answers. Game events themselves
// (gameState, roundStart, roundEnd, actionConfirmed) go out through the GameEmitter port.
import type { GameState } from '@duel-dojo/protocol';
import type { Move } from '@duel-dojo/rules';
import { type DuelsDeps, createDuelsContext } from './duels-context';
import type { GameSession } from './game-session';
import { gameStateFor } from './game-view';
import { DEFAULT_LEASE_TIMINGS, createLeaseKeeper } from './lease-keeper';
import { type InviteAnswer, type JoinRequest, createMatchmaker } from './matchmaker';
import { type Outcome, ok, refuse } from './outcome';
import type { PlayerIdentity } from './ports';
import { type ReservedMatches, createReservedMatches } from './reserved-matches';
import { slotOfRejoinKey } from './seats';
import { type GameStats, createStatsFeed } from './stats-feed';

export const CANCELLED_MESSAGE = 'Game cancelled';
export const REFUND_PENDING_MESSAGE = 'Game cancelled. Your refund is on its way.';

export interface CancelAnswer {
  readonly sessionId: string;
  readonly transactionSignature: string | null;
  readonly message: string;
}

export function createDuels(deps: DuelsDeps) {
  let feed: { changed(): void; stop(): void } | null = null;
  let reserved: ReservedMatches | null = null;
  const ctx = createDuelsContext(deps, { changed: () => feed?.changed(), ended: (game) => reserved?.ended(game) });
  const matchmaker = createMatchmaker(ctx);
  const matches = createReservedMatches(ctx);
  reserved = matches;
  const keeper = deps.leases ? createLeaseKeeper(ctx, deps.leases, { exclusive: deps.exclusive ?? false, timings: { ...DEFAULT_LEASE_TIMINGS, ...deps.leaseTimings } }) : null;

  async function stats(): Promise<GameStats> {
    return { onlinePlayers: await ctx.presence.onlineCount(), activeGames: ctx.games.activeCount() };
  }

  feed = createStatsFeed({
    clock: ctx.clock,
    intervalMs: ctx.timings.statsPushMs,
    read: stats,
    push: (current) => deps.emitter.toStatsWatchers(current),
    report: ctx.report,
  });

  /** Cancels the player's waiting game and asks for the refund of a paid one. */
  async function cancelWaiting(game: GameSession): Promise<Outcome<CancelAnswer>> {
    const creator = game.seats.player1.identity;
    if (game.paid && (!ctx.refundRequester || !creator?.wallet)) return refuse('CANCEL_FAILED');
    const cancelled = await game.run(() => game.cancel());
    if (!cancelled.ok) return cancelled;
    if (!game.paid || !ctx.refundRequester || !creator?.wallet) {
      return ok({ sessionId: game.sessionId, transactionSignature: null, message: CANCELLED_MESSAGE });
    }
    try {
      const refund = await ctx.refundRequester.refundCancelledGame({ sessionId: game.sessionId, walletAddress: creator.wallet });
      const transactionSignature = 'error' in refund ? null : refund.transactionSignature;
      return ok({ sessionId: game.sessionId, transactionSignature, message: transactionSignature ? CANCELLED_MESSAGE : REFUND_PENDING_MESSAGE });
    } catch (error) {
      // The game is cancelled and marked refund_due: the ledger retries; the player is told so.
      ctx.report(error, `game ${game.sessionId}: refund request failed`);
      return ok({ sessionId: game.sessionId, transactionSignature: null, message: REFUND_PENDING_MESSAGE });
    }
  }

  return {
    joinGame: matchmaker.joinGame,
    /** A tournament duel's private code goes to its reservation, any other to the matchmaker. */
    joinViaInvite: (request: JoinRequest & { inviteCode: string }): Promise<InviteAnswer> =>
      matches.owns(request.inviteCode) ? matches.join(request) : matchmaker.joinViaInvite(request),
    /** Not in a reserved duel: its absent player loses by the no-show rule, not to a bot (SECURITY.md 31). */
    playWithBot: async (identity: PlayerIdentity, sessionId: string): Promise<Outcome> =>
      matches.holds(sessionId) ? refuse('ADD_BOT_FAILED') : matchmaker.playWithBot(identity, sessionId),

    /** Issue 8: duels reserved for two wallets (tournament matches); see reserved-matches.ts. */
    reserved: { reserve: matches.reserve, close: matches.close, onGameOver: matches.onGameOver },

    /** {action, prediction}, locked once sent; the server clock decides (`at` = when it arrived). */
    async playerAction(identity: PlayerIdentity, move: Move, round: number | undefined): Promise<Outcome> {
      const at = ctx.clock.now();
      const game = ctx.games.ofPlayer(identity.key);
      const slot = game?.slotOf(identity.key);
      if (!game || !slot) return refuse('NO_ACTIVE_GAME');
      return game.run(() => game.act(slot, move, at, round));
    },

    /** cancelGame {sessionId}: only the creator, only while it waits for an opponent. */
    async cancelGame(identity: PlayerIdentity, sessionId: string): Promise<Outcome<CancelAnswer>> {
      const game = ctx.games.get(sessionId);
      if (!game || game.slotOf(identity.key) !== 'player1') return refuse('NO_ACTIVE_GAME');
      return cancelWaiting(game);
    },

    /**
     * resetGame: the player leaves the game screen. A waiting game is cancelled (with its refund);
     * a running game goes on without this socket (the player can rejoin until it ends).
     */
    async resetGame(identity: PlayerIdentity, socketId: string): Promise<void> {
      const game = ctx.games.ofPlayer(identity.key);
      if (!game) return;
      if (game.phase === 'waiting' && game.slotOf(identity.key) === 'player1') {
        await cancelWaiting(game);
        return;
      }
      await game.run(() => game.detach(socketId));
    },

    /** checkActiveGame(s): the player's live game, and the socket rejoins it (full state). */
    async rejoin(identity: PlayerIdentity, socketId: string): Promise<GameState | null> {
      const game = ctx.games.ofPlayer(identity.key);
      const slot = game?.slotOf(identity.key);
      if (!game || !slot) return null;
      return game.run(() => {
        if (!game.live) return null;
        game.attach(slot, socketId);
        return gameStateFor(game, slot);
      });
    },

    /**
     * checkActiveGame(s) {rejoinKey} from a guest's new connection: the key's seat moves to this
     * socket exactly as a wallet rejoin does (the latest connection takes it). Answers the seat's
     * identity, which the socket then takes on, so its moves reach that seat. A key whose game is
     * over (or unknown) finds nothing.
     */
    async rejoinGuest(rejoinKey: string, socketId: string): Promise<{ identity: PlayerIdentity; state: GameState } | null> {
      const game = ctx.games.ofRejoinKey(rejoinKey);
      if (!game) return null;
      return game.run(() => {
        const slot = slotOfRejoinKey(game.seats, rejoinKey);
        const identity = slot ? game.seats[slot]?.identity : null;
        if (!game.live || !slot || !identity) return null;
        game.attach(slot, socketId);
        return { identity, state: gameStateFor(game, slot) };
      });
    },

    async socketConnected(socketId: string): Promise<void> {
      await ctx.presence.socketConnected(socketId);
      feed?.changed();
    },

    /**
     * Not a leave: the game goes on, and its player may come back (a guest with its rejoin key).
     * A guest's waiting game ends, though: a tab that is gone must not be matched with a stranger.
     */
    async socketDisconnected(identity: PlayerIdentity, socketId: string): Promise<void> {
      await ctx.presence.socketDisconnected(socketId);
      feed?.changed();
      const game = ctx.games.ofPlayer(identity.key);
      if (!game) return;
      const slot = await game.run(() => game.detach(socketId));
      if (slot === 'player1' && identity.userId === null && game.phase === 'waiting') await cancelWaiting(game);
    },

    stats,
    watchStats: (socketId: string) => deps.emitter.watchStats(socketId),
    now: () => ctx.clock.now(),

    /** Takes over the games left by a node that is gone (this one's previous run included), then keeps leases. */
    async start(): Promise<void> {
      await keeper?.start();
    },

    /** Stops every timer and waits for the games' queued work (server shutdown); their leases go, for another node. */
    async stop(): Promise<void> {
      feed?.stop();
      await Promise.all(ctx.games.all().map((game) => game.halt()));
      await keeper?.stop();
    },
  };
}

export type Duels = ReturnType<typeof createDuels>;
