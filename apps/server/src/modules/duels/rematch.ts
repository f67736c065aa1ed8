// Rematch (docs/rematch.md): after game over either player of a duel between two wallets asks
// (requestRematch). The first to ask opens a waiting game for the two of them with the same stake,
// their new stake taken like a join's; no queue lists it and no invite code opens it. The opponent
// hears rematchOffered on every socket of their wallet and, asking in turn, takes the second seat.
// An offer nobody took within the window is cancelled, its stake refunded. The offer is found by
// the game it follows, in the shared invite store under a key no invite code can spell (':'), so
// the two may ask from any node; the asks for one game run one at a time across every node.
import type { ServerEventPayload } from '@duel-dojo/protocol';
import { type Slot, type StakeLabel, findStakeTier } from '@duel-dojo/rules';
import type { DuelsPorts, DuelsSources, NodeGames } from './duels-context';
import { TimerSet } from './game-clock';
import { isNotHere } from './game-calls';
import type { LocatedCalls } from './game-locator';
import { checkCharacter, checkPaid, takeStake } from './join-checks';
import type { JoinRequest } from './matchmaker';
import { writeNewGame } from './new-game-row';
import { type Outcome, type Refused, ok, refuse } from './outcome';
import type { PastGame, PlayerIdentity } from './ports';
import { playerSeat } from './seats';

export interface RematchRequest extends Omit<JoinRequest, 'selectedCharacter'> {
  /** The game just played. */
  readonly sessionId: string;
  /** null: the character of the game just played. */
  readonly selectedCharacter: number | null;
}

export type RematchAnswer = ServerEventPayload<'rematchResult'>;

export const REMATCH_ASKED_MESSAGE = 'Rematch asked: waiting for your opponent';
export const REMATCH_STARTED_MESSAGE = 'Rematch accepted';

const offerKey = (sessionId: string): string => `rematch:${sessionId}`;

/** The asking wallet's seat in the past game, or why there is no rematch for it. */
function seatOf(past: PastGame | null, wallet: string): Slot | Refused {
  if (!past || past.isBot || past.tournament || !past.player1.wallet || !past.player2.wallet) return refuse('REMATCH_NOT_AVAILABLE');
  if (past.player1.wallet === wallet) return 'player1';
  return past.player2.wallet === wallet ? 'player2' : refuse('REMATCH_NOT_AVAILABLE');
}

/** What rematches use of the module's context (duels-context.ts). */
export type RematchDeps = Pick<DuelsPorts, 'store' | 'emitter' | 'matchQueue' | 'presence' | 'stakeVerifier'> &
  Pick<NodeGames, 'games' | 'writes' | 'tierLocks' | 'newSession' | 'report' | 'background'> &
  Pick<DuelsSources, 'clock' | 'timings' | 'newSessionId' | 'newSeed'>;

export function createRematches(ctx: RematchDeps, calls: LocatedCalls) {
  // The expiry of the offers this node opened; a node that stops leaves them to their creators.
  const expiries = new TimerSet(ctx.clock);

  const refused = (sessionId: string, outcome: Refused): RematchAnswer => ({ success: false, message: outcome.message, code: outcome.code, sessionId, started: false });

  /** The window is over: the waiting game is cancelled (its stake refunded), unless it started. */
  function expire(sessionId: string, newSessionId: string, creator: PlayerIdentity): void {
    const task = ctx.tierLocks.run(offerKey(sessionId), async () => {
      if ((await ctx.matchQueue.findInvite(offerKey(sessionId))) !== newSessionId) return;
      await ctx.matchQueue.removeInvite(offerKey(sessionId));
      const cancelled = await calls.cancel(newSessionId, creator);
      if (!isNotHere(cancelled) && !cancelled.ok && cancelled.code !== 'GAME_NOT_CANCELLABLE') ctx.report(new Error(cancelled.message), `rematch ${newSessionId}: cancel failed`);
    });
    ctx.background(task, `rematch of ${sessionId}: expiry failed`);
  }

  /** The first ask: a waiting game for the two, the asker seated, the opponent told. */
  async function open(request: RematchRequest, past: PastGame, mine: Slot, characterId: number): Promise<Outcome<RematchAnswer>> {
    const { identity, socketId } = request;
    const betAmount = past.betAmount as StakeLabel;
    const paid = (findStakeTier(betAmount)?.usd ?? 0) > 0;
    const newSessionId = ctx.newSessionId();
    if (!(await ctx.presence.claimPlayer(identity.key, newSessionId, null))) return refuse('ALREADY_IN_GAME');
    try {
      const stake = await takeStake(ctx, { ...request, selectedCharacter: characterId }, { sessionId: newSessionId, betAmount, paid });
      if (!stake.ok) {
        await ctx.presence.releasePlayer(identity.key, newSessionId);
        return stake;
      }
      const game = ctx.newSession({ sessionId: newSessionId, betAmount, paid, inviteCode: null, serverSeed: ctx.newSeed(), creator: playerSeat('player1', identity, characterId, stake.value, socketId) });
      ctx.games.add(game);
      await writeNewGame(game, ctx.store);
      await ctx.matchQueue.addInvite(offerKey(past.sessionId), newSessionId);
      const expiresAt = ctx.clock.now() + ctx.timings.rematchWindowMs;
      const opponent = past[mine === 'player1' ? 'player2' : 'player1'].wallet as string;
      ctx.emitter.toPlayer(opponent, 'rematchOffered', { sessionId: past.sessionId, from: identity.name, betAmount, stakeLamports: stake.value.toString(), expiresAt });
      expiries.after(ctx.timings.rematchWindowMs, () => expire(past.sessionId, newSessionId, identity));
      return ok({ success: true, message: REMATCH_ASKED_MESSAGE, sessionId: past.sessionId, newSessionId, started: false, expiresAt });
    } catch (error) {
      await ctx.presence.releasePlayer(identity.key, newSessionId);
      throw error;
    }
  }

  /** The second ask: the seat opposite the one who asked first. */
  async function accept(request: RematchRequest, past: PastGame, newSessionId: string, characterId: number): Promise<Outcome<RematchAnswer>> {
    const { identity } = request;
    const waiting = await calls.peek(newSessionId);
    if (waiting === null || isNotHere(waiting)) {
      await ctx.matchQueue.removeInvite(offerKey(past.sessionId));
      return refuse('REMATCH_EXPIRED');
    }
    // Asked twice (a double click, another tab): the same offer, still open.
    if (waiting.creatorKey === identity.key) return ok({ success: true, message: REMATCH_ASKED_MESSAGE, sessionId: past.sessionId, newSessionId, started: false });
    if (!(await ctx.presence.claimPlayer(identity.key, newSessionId, null))) return refuse('ALREADY_IN_GAME');
    let seated: Awaited<ReturnType<LocatedCalls['seat']>>;
    try {
      seated = await calls.seat(newSessionId, { ...request, selectedCharacter: characterId });
    } catch (error) {
      await ctx.presence.releasePlayer(identity.key, newSessionId);
      throw error;
    }
    if (seated === 'gone' || isNotHere(seated) || !seated.ok) {
      await ctx.presence.releasePlayer(identity.key, newSessionId);
      return seated === 'gone' || isNotHere(seated) ? refuse('REMATCH_EXPIRED') : seated;
    }
    await ctx.matchQueue.removeInvite(offerKey(past.sessionId));
    return ok({ success: true, message: REMATCH_STARTED_MESSAGE, sessionId: past.sessionId, newSessionId, started: true });
  }

  return {
    /** requestRematch: idempotent per player; a stranger, a bot game or a tournament match is refused. */
    async request(request: RematchRequest): Promise<RematchAnswer> {
      const { identity, sessionId } = request;
      if (!identity.wallet) return refused(sessionId, refuse('SIGN_IN_REQUIRED_FOR_REMATCH'));
      // Asked right after the game over: its record may still be behind the events (write-behind.ts).
      await ctx.writes.recorded(sessionId);
      const past = await ctx.store.pastGame(sessionId);
      const mine = seatOf(past, identity.wallet);
      if (typeof mine !== 'string' || !past) return refused(sessionId, typeof mine === 'string' ? refuse('REMATCH_NOT_AVAILABLE') : mine);
      const characterId = request.selectedCharacter ?? past[mine].characterId ?? past.player1.characterId;
      const problem = (await checkCharacter(ctx, identity, characterId)) ?? ((findStakeTier(past.betAmount as StakeLabel)?.usd ?? 0) > 0 ? checkPaid(ctx, { ...request, selectedCharacter: characterId }) : null);
      if (problem) return refused(sessionId, problem);
      const answer = await ctx.tierLocks.run(offerKey(sessionId), async () => {
        const offered = await ctx.matchQueue.findInvite(offerKey(sessionId));
        if (offered !== null) return accept(request, past, offered, characterId);
        if (ctx.clock.now() > past.endedAt.getTime() + ctx.timings.rematchWindowMs) return refuse('REMATCH_EXPIRED');
        return open(request, past, mine, characterId);
      });
      return answer.ok ? answer.value : refused(sessionId, answer);
    },

    /** The node stops: pending expiries are dropped (their games are cancelled by their creators or the abandonment rule). */
    stop(): void {
      expiries.clear();
    },
  };
}

export type Rematches = ReturnType<typeof createRematches>;
