// The commands that act on one game, run by the node that holds it (docs/several-nodes.md): the
// node a player is connected to finds the game's node and calls these there (game-locator.ts), so
// every event of a game still goes through its one serialized queue. Arguments and answers are
// plain data, so a call can cross to another node as JSON. A node that does not hold the game
// (any more) answers NOT_HERE, and the caller looks again.
import type { GameState } from '@duel-dojo/protocol';
import { isRefusal } from '../../errors';
import type { Move, StakeLabel } from '@duel-dojo/rules';
import { botCharacter } from './bot-player';
import { type DuelsPorts, type DuelsSources, type NodeGames, tierOf } from './duels-context';
import type { GameSession } from './game-session';
import { gameStateFor } from './game-view';
import { takeStake } from './join-checks';
import type { JoinRequest } from './matchmaker';
import { type Outcome, ok, refuse } from './outcome';
import { queueEntry } from './queue-entry';
import type { PlayerIdentity } from './ports';
import { botSeat, playerSeat, slotOfRejoinKey } from './seats';
import { spectatorStateFor, watchable } from './spectator-view';

export const CANCELLED_MESSAGE = 'Game cancelled';
export const REFUND_PENDING_MESSAGE = 'Game cancelled. Your refund is on its way.';

export interface CancelAnswer {
  readonly sessionId: string;
  readonly transactionSignature: string | null;
  readonly message: string;
}

/** The game is not on this node: the caller asks where it is again. */
export const NOT_HERE = { notHere: true } as const;
export type NotHere = typeof NOT_HERE;
export const isNotHere = (value: unknown): value is NotHere => typeof value === 'object' && value !== null && (value as { notHere?: unknown }).notHere === true;

/** The seat was filled (or the game ended) before this joiner got it: try the next game. */
export type Gone = 'gone';

/** What a joiner by invite must know of the game before taking a seat in it. */
export interface WaitingGame {
  readonly betAmount: StakeLabel;
  readonly paid: boolean;
  readonly creatorKey: string | null;
  /** Shown to the joiner before Join (lookupInvite), as the game will show it. */
  readonly creatorName: string | null;
}

export interface GameCalls {
  /** The game, if it still waits for an opponent. */
  peek(sessionId: string): Promise<WaitingGame | null | NotHere>;
  /** A matchmaker's joiner takes the seat opposite the creator (its stake taken in the game's queue). */
  seat(sessionId: string, request: JoinRequest): Promise<Outcome | Gone | NotHere>;
  /** The creator of a waiting free game fills the other seat with the bot. */
  bot(sessionId: string, identity: PlayerIdentity): Promise<Outcome | NotHere>;
  /** `round` null: the current one (null, not undefined: it may cross to another node as JSON). */
  act(sessionId: string, identity: PlayerIdentity, move: Move, round: number | null, at: number): Promise<Outcome | NotHere>;
  /** The player's own seed for the game's hits, before round 1 (docs/fairness.md). */
  clientSeed(sessionId: string, identity: PlayerIdentity, seed: string): Promise<Outcome | NotHere>;
  /** The player's running game ends now, the opponent winning (docs/leaving-a-game.md). */
  resign(sessionId: string, identity: PlayerIdentity): Promise<Outcome | NotHere>;
  /** The player wins over an opponent away for the claim delay. */
  claimVictory(sessionId: string, identity: PlayerIdentity): Promise<Outcome | NotHere>;
  /** Only the creator, only while it waits; a paid game's stake is refunded. */
  cancel(sessionId: string, identity: PlayerIdentity): Promise<Outcome<CancelAnswer> | NotHere>;
  /** The player leaves the game screen: a waiting game of theirs is cancelled, a running one goes on. */
  reset(sessionId: string, identity: PlayerIdentity, socketId: string): Promise<null | NotHere>;
  rejoin(sessionId: string, identity: PlayerIdentity, socketId: string): Promise<GameState | null | NotHere>;
  rejoinGuest(sessionId: string, rejoinKey: string, socketId: string): Promise<{ identity: PlayerIdentity; state: GameState } | null | NotHere>;
  /** The player's socket went away; a guest's waiting game ends with it. */
  detach(sessionId: string, identity: PlayerIdentity, socketId: string): Promise<null | NotHere>;
  /** A spectator (already in the game's room) is counted, and gets the state as nobody's seat sees it. */
  watch(sessionId: string, socketId: string): Promise<Outcome<GameState> | NotHere>;
  unwatch(sessionId: string, socketId: string): Promise<null | NotHere>;
}

/** What the calls on one game use of the module's context (duels-context.ts). */
export type LocalCallsDeps = Pick<DuelsPorts, 'matchQueue' | 'stakeVerifier' | 'refundRequester'> &
  Pick<NodeGames, 'nodeId' | 'games' | 'spectators' | 'report'> &
  Pick<DuelsSources, 'random' | 'rejoinKeyFor'>;

export function createLocalGameCalls(ctx: LocalCallsDeps): GameCalls {
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
      const { transactionSignature } = await ctx.refundRequester.refundCancelledGame({ sessionId: game.sessionId, walletAddress: creator.wallet });
      return ok({ sessionId: game.sessionId, transactionSignature, message: transactionSignature ? CANCELLED_MESSAGE : REFUND_PENDING_MESSAGE });
    } catch (error) {
      // The game is cancelled and marked refund_due: the ledger retries; the player is told so.
      // A refund the ledger refuses (TRANSFER_NOT_DUE) is the ledger's answer, not a fault.
      if (!isRefusal(error, 'TRANSFER_NOT_DUE')) ctx.report(error, `game ${game.sessionId}: refund request failed`);
      return ok({ sessionId: game.sessionId, transactionSignature: null, message: REFUND_PENDING_MESSAGE });
    }
  }

  // A game of a node that is stopping is the next owner's: its commands wait for that one.
  const local = (sessionId: string): GameSession | undefined => {
    const game = ctx.games.get(sessionId);
    return game && !game.halted ? game : undefined;
  };

  return {
    async peek(sessionId) {
      const game = local(sessionId);
      if (!game) return NOT_HERE;
      if (game.phase !== 'waiting') return null;
      const creator = game.seats.player1.identity;
      return { betAmount: game.betAmount, paid: game.paid, creatorKey: creator?.key ?? null, creatorName: creator?.name ?? null };
    },

    async seat(sessionId, request) {
      const game = local(sessionId);
      if (!game) return NOT_HERE;
      return game.run(async (): Promise<Outcome | Gone> => {
        if (game.phase !== 'waiting') return 'gone';
        const stake = await takeStake(ctx, request, game);
        if (!stake.ok) return stake;
        const seat = playerSeat('player2', request.identity, request.selectedCharacter, stake.value, request.socketId, ctx.rejoinKeyFor(request.identity));
        if (!(await game.seatSecond(seat))) return 'gone';
        ctx.games.seat(game);
        // Started: out of its tier's queue (an invite's joiner did not take it from there), and its code leads nowhere.
        await ctx.matchQueue.remove(tierOf(game.betAmount), queueEntry(sessionId, ctx.nodeId));
        if (game.inviteCode) await ctx.matchQueue.removeInvite(game.inviteCode);
        return ok();
      });
    },

    async bot(sessionId, identity) {
      const game = local(sessionId);
      if (!game) return NOT_HERE;
      if (game.paid || game.slotOf(identity.key) !== 'player1') return refuse('ADD_BOT_FAILED');
      // A called tournament match: the absent player loses by the no-show forfeit, never to the bot.
      if (game.reserved) return refuse('TOURNAMENT_MATCH_NO_BOT');
      const seated = await game.run(() => (game.phase === 'waiting' ? game.seatSecond(botSeat(botCharacter(ctx.random))) : false));
      if (!seated) return refuse('ADD_BOT_FAILED');
      await ctx.matchQueue.remove(tierOf(game.betAmount), queueEntry(sessionId, ctx.nodeId));
      if (game.inviteCode) await ctx.matchQueue.removeInvite(game.inviteCode);
      return ok();
    },

    async act(sessionId, identity, move, round, at) {
      const game = local(sessionId);
      if (!game) return NOT_HERE;
      const slot = game.slotOf(identity.key);
      if (!slot) return refuse('NO_ACTIVE_GAME');
      return game.run(() => game.act(slot, move, at, round ?? undefined));
    },

    async clientSeed(sessionId, identity, seed) {
      const game = local(sessionId);
      if (!game) return NOT_HERE;
      const slot = game.slotOf(identity.key);
      if (!slot) return refuse('NO_ACTIVE_GAME');
      return game.run(() => game.submitClientSeed(slot, seed));
    },

    async resign(sessionId, identity) {
      const game = local(sessionId);
      if (!game) return NOT_HERE;
      const slot = game.slotOf(identity.key);
      if (!slot) return refuse('NO_ACTIVE_GAME');
      return game.run(() => game.resign(slot));
    },

    async claimVictory(sessionId, identity) {
      const game = local(sessionId);
      if (!game) return NOT_HERE;
      const slot = game.slotOf(identity.key);
      if (!slot) return refuse('NO_ACTIVE_GAME');
      return game.run(() => game.claimVictory(slot));
    },

    async cancel(sessionId, identity) {
      const game = local(sessionId);
      if (!game) return NOT_HERE;
      if (game.slotOf(identity.key) !== 'player1') return refuse('NO_ACTIVE_GAME');
      // Waiting in a called match is showing up for it: cancelling would hand the opponent the forfeit.
      if (game.reserved) return refuse('TOURNAMENT_MATCH_NO_CANCEL');
      return cancelWaiting(game);
    },

    async reset(sessionId, identity, socketId) {
      const game = local(sessionId);
      if (!game) return NOT_HERE;
      // A called match's waiting seat stays taken (it counts at the deadline); only the socket leaves.
      if (game.phase === 'waiting' && !game.reserved && game.slotOf(identity.key) === 'player1') await cancelWaiting(game);
      else await game.run(() => game.detach(socketId));
      return null;
    },

    async rejoin(sessionId, identity, socketId) {
      const game = local(sessionId);
      if (!game) return NOT_HERE;
      const slot = game.slotOf(identity.key);
      if (!slot) return null;
      return game.run(() => {
        if (!game.live) return null;
        game.attach(slot, socketId);
        return gameStateFor(game, slot);
      });
    },

    async rejoinGuest(sessionId, rejoinKey, socketId) {
      const game = local(sessionId);
      if (!game) return NOT_HERE;
      return game.run(() => {
        const slot = slotOfRejoinKey(game.seats, rejoinKey);
        const identity = slot ? game.seats[slot]?.identity : null;
        if (!game.live || !slot || !identity) return null;
        game.attach(slot, socketId);
        return { identity, state: gameStateFor(game, slot) };
      });
    },

    // In the game's queue: the state answered is the one the next broadcast follows.
    async watch(sessionId, socketId) {
      const game = local(sessionId);
      if (!game) return NOT_HERE;
      return game.run(() => {
        if (!watchable(game)) return refuse('GAME_NOT_RUNNING');
        if (game.active && !ctx.spectators.add(sessionId, socketId)) return refuse('SPECTATORS_FULL');
        return ok(spectatorStateFor(game));
      });
    },

    async unwatch(sessionId, socketId) {
      if (!local(sessionId)) return NOT_HERE;
      ctx.spectators.remove(sessionId, socketId);
      return null;
    },

    async detach(sessionId, identity, socketId) {
      const game = local(sessionId);
      if (!game) return NOT_HERE;
      const slot = await game.run(() => game.detach(socketId));
      if (slot === 'player1' && identity.userId === null && game.phase === 'waiting') await cancelWaiting(game);
      return null;
    },
  };
}
