// Matchmaking (docs/architecture.md): per stake tier the first two waiting players meet;
// the creator of a waiting game can invite someone by code. One active game per player: the
// presence lock is taken before anything else, so a duplicated join can never make two games
// (docs/security.md 25). The queue, the invites, the presence and the tier lock are shared by
// every node, and a seat is taken on the node that holds the game (game-calls.ts), so two
// players on two nodes meet exactly as on one (docs/several-nodes.md); a joiner prefers a game
// of its own node for a moment (queue-pick.ts), so that fewer games' events cross nodes.
import type { ServerEventPayload } from '@duel-dojo/protocol';
import { type StakeLabel, findStakeTier } from '@duel-dojo/rules';
import { type DuelsPorts, type DuelsSources, type NodeGames, tierOf } from './duels-context';
import { isNotHere } from './game-calls';
import type { LocatedCalls } from './game-locator';
import type { GameSession } from './game-session';
import { checkCharacter, checkPaid, takeStake } from './join-checks';
import { writeNewGame } from './new-game-row';
import { type Outcome, type Refused, ok, refuse } from './outcome';
import { parseQueueEntry, queueEntry } from './queue-entry';
import { type HoldState, PICK_WINDOW, pickWaiting } from './queue-pick';
import type { QueuedGame } from './realtime-ports';
import type { PlayerIdentity } from './ports';
import { playerSeat } from './seats';

export interface JoinRequest {
  readonly identity: PlayerIdentity;
  readonly socketId: string;
  readonly selectedCharacter: number;
  readonly verified: boolean;
  readonly paymentId: string | null;
}

export interface JoinGameRequest extends JoinRequest {
  readonly betAmount: StakeLabel;
}

export type InviteAnswer = ServerEventPayload<'joinViaInviteResult'>;
export type InviteInfo = ServerEventPayload<'inviteInfo'>;

export const JOINED_MESSAGE = 'Joined the game';
export const BOT_ADDED_MESSAGE = 'The bot joined your game';

const isPaidTier = (betAmount: StakeLabel): boolean => (findStakeTier(betAmount)?.usd ?? 0) > 0;

/** What the matchmaker uses of the module's context (duels-context.ts). */
export type MatchmakerDeps = Pick<DuelsPorts, 'store' | 'matchQueue' | 'presence' | 'stakeVerifier'> &
  Pick<NodeGames, 'nodeId' | 'games' | 'tierLocks' | 'newSession'> &
  Pick<DuelsSources, 'clock' | 'newSessionId' | 'newInviteCode' | 'newSeed' | 'rejoinKeyFor'>;

export function createMatchmaker(ctx: MatchmakerDeps, calls: LocatedCalls) {
  /** Per tier, the one joiner of this node holding for a game of this node (queue-pick.ts): what wakes it. */
  const holding = new Map<string, () => void>();

  /** Registered under the tier's lock, so that one joiner of this node holds at a time; awaited after it. */
  function holdFor(tier: string, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        cancel();
        if (holding.get(tier) === wake) holding.delete(tier);
        resolve();
      };
      const cancel = ctx.clock.after(ms, wake);
      holding.set(tier, wake);
    });
  }

  /** A new waiting game on this node; its row is written first in its own queue, before anyone can join it. */
  async function createWaiting(request: JoinGameRequest, sessionId: string, paid: boolean): Promise<{ game: GameSession; created: Promise<void> } | Refused> {
    const stake = await takeStake(ctx, request, { sessionId, betAmount: request.betAmount, paid });
    if (!stake.ok) return stake;
    const { identity, selectedCharacter, socketId, betAmount } = request;
    const game = ctx.newSession({
      sessionId,
      betAmount,
      paid,
      inviteCode: ctx.newInviteCode(),
      serverSeed: ctx.newSeed(),
      creator: playerSeat('player1', identity, selectedCharacter, stake.value, socketId, ctx.rejoinKeyFor(identity)),
    });
    ctx.games.add(game);
    let listed = () => undefined as void;
    const created = writeNewGame(game, ctx.store, new Promise<void>((resolve) => (listed = resolve)));
    try {
      await ctx.matchQueue.push(tierOf(betAmount), queueEntry(sessionId, ctx.nodeId));
      if (game.inviteCode) await ctx.matchQueue.addInvite(game.inviteCode, sessionId);
    } finally {
      listed();
    }
    // The joiner of this node holding for such a game takes this one.
    holding.get(tierOf(betAmount))?.();
    return { game, created };
  }

  /** Takes the seat of waiting game `id` (on whichever node holds it); 'gone' if it filled or vanished meanwhile. */
  async function seatIn(id: string, request: JoinRequest): Promise<Outcome | 'gone'> {
    const seated = await calls.seat(id, request);
    return isNotHere(seated) ? 'gone' : seated;
  }

  /**
   * Under the tier's lock: the waiting game this player takes (queue-pick.ts), claimed for the
   * player, or a moment to hold for a game of this node, or else this player's own new waiting
   * game. The seat itself is taken after the lock (a round trip to the game's node and a write),
   * so joins of one tier queue only behind the queue's own steps.
   */
  function pickOrCreate(request: JoinGameRequest, ownId: string, paid: boolean, held: boolean) {
    const tier = tierOf(request.betAmount);
    return ctx.tierLocks.run(tier, async (): Promise<{ candidate: QueuedGame } | { hold: Promise<void> } | Awaited<ReturnType<typeof createWaiting>>> => {
      for (;;) {
        const state: HoldState = held ? 'done' : holding.has(tier) ? 'busy' : 'may';
        const pick = pickWaiting(await ctx.matchQueue.waiting(tier, PICK_WINDOW), ctx.nodeId, state);
        if (pick === 'create') return createWaiting(request, ownId, paid);
        if ('hold' in pick) return { hold: holdFor(tier, pick.hold) };
        // Gone meanwhile (its creator cancelled, outside this lock): pick again.
        if (!(await ctx.matchQueue.remove(tier, pick.take.entry))) continue;
        if (await ctx.presence.claimPlayer(request.identity.key, parseQueueEntry(pick.take.entry).sessionId, ownId)) return { candidate: pick.take };
      }
    });
  }

  /** Free games at once; paid games with a verified stake. The first two of a tier meet. */
  async function joinGame(request: JoinGameRequest): Promise<Outcome<{ sessionId: string }>> {
    const paid = isPaidTier(request.betAmount);
    const refused = (paid ? checkPaid(ctx, request) : null) ?? (await checkCharacter(ctx, request.identity, request.selectedCharacter));
    if (refused) return refused;
    const key = request.identity.key;
    const tier = tierOf(request.betAmount);
    const ownId = ctx.newSessionId();
    if (!(await ctx.presence.claimPlayer(key, ownId, null))) return refuse('ALREADY_IN_GAME');

    try {
      let held = false;
      for (;;) {
        const picked = await pickOrCreate(request, ownId, paid, held);
        if ('hold' in picked) {
          await picked.hold;
          held = true;
          continue;
        }
        if ('candidate' in picked) {
          const { entry, queuedAt } = picked.candidate;
          const { sessionId: id, node } = parseQueueEntry(entry);
          if (node !== null) calls.hint(id, node);
          const seated = await seatIn(id, request).catch(async (error: unknown) => {
            // A database fault: the game keeps its place and its age, the joiner gets the error.
            await ctx.matchQueue.push(tier, entry, true, queuedAt);
            await ctx.presence.claimPlayer(key, ownId, id);
            throw error;
          });
          if (seated === 'gone') {
            await ctx.presence.claimPlayer(key, ownId, id);
            continue;
          }
          if (!seated.ok) {
            // The game still waits, first in line again; the joiner's payment was the problem.
            await ctx.matchQueue.push(tier, entry, true, queuedAt);
            await ctx.presence.releasePlayer(key, id);
            return seated;
          }
          return ok({ sessionId: id });
        }
        if ('ok' in picked) {
          await ctx.presence.releasePlayer(key, ownId);
          return picked;
        }
        await picked.created;
        return ok({ sessionId: ownId });
      }
    } catch (error) {
      await ctx.presence.releasePlayer(key, ownId);
      throw error;
    }
  }

  /** The waiting game behind an invite code, wherever it is held; null when there is none. */
  async function invitedGame(inviteCode: string) {
    const id = await ctx.matchQueue.findInvite(inviteCode);
    const found = id === null ? null : await calls.peek(id);
    return id === null || found === null || isNotHere(found) ? null : { id, game: found };
  }

  /** lookupInvite: the stake and the inviter, before the joiner pays or takes a seat. */
  async function lookupInvite(inviteCode: string): Promise<InviteInfo> {
    const found = await invitedGame(inviteCode);
    return { inviteCode, found: found !== null, betAmount: found?.game.betAmount ?? null, inviterName: found?.game.creatorName ?? null };
  }

  async function joinViaInvite(request: JoinRequest & { inviteCode: string }): Promise<InviteAnswer> {
    const found = await invitedGame(request.inviteCode);
    const { id, game } = found ?? { id: null, game: null };
    const betAmount = game?.betAmount ?? null;
    const inviterName = game?.creatorName ?? null;
    const answer = (outcome: Outcome, requiresPayment = false): InviteAnswer =>
      outcome.ok
        ? { success: true, message: JOINED_MESSAGE, requiresPayment: false, betAmount, inviterName }
        : { success: false, message: outcome.message, code: outcome.code, requiresPayment, betAmount, inviterName };
    if (!id || !game) return { ...answer(refuse('INVITE_NOT_FOUND')), betAmount: null };
    if (game.creatorKey === request.identity.key) return answer(refuse('CANNOT_JOIN_OWN_GAME'));
    if (game.paid) {
      const refused = checkPaid(ctx, request);
      if (refused) return answer(refused, refused.code === 'PAYMENT_REQUIRED');
    }
    const notOwned = await checkCharacter(ctx, request.identity, request.selectedCharacter);
    if (notOwned) return answer(notOwned);
    const key = request.identity.key;
    if (!(await ctx.presence.claimPlayer(key, id, null))) return answer(refuse('ALREADY_IN_GAME'));
    let seated: Outcome | 'gone';
    try {
      seated = await seatIn(id, request);
    } catch (error) {
      await ctx.presence.releasePlayer(key, id);
      throw error;
    }
    if (seated === 'gone' || !seated.ok) {
      await ctx.presence.releasePlayer(key, id);
      return seated === 'gone' ? { ...answer(refuse('INVITE_NOT_FOUND')), betAmount: null, inviterName: null } : answer(seated);
    }
    return answer(ok());
  }

  return { joinGame, joinViaInvite, lookupInvite };
}

export type Matchmaker = ReturnType<typeof createMatchmaker>;
