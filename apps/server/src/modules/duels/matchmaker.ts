// Matchmaking (DESIGN.md "modules/duels"): per stake tier the first two waiting players meet;
// the creator of a waiting game can invite someone by code, or fill the seat with the bot (free
// games only). One active game per player: the presence lock is taken before anything else,
// so a duplicated join can never make two games (SECURITY.md 25).
import type { ServerEventPayload } from '@duel-dojo/protocol';
import { type StakeLabel, findStakeTier, isFreeCharacter, isMarketplaceCharacter } from '@duel-dojo/rules';
import { botCharacter } from './bot-player';
import { type DuelsContext, tierOf } from './duels-context';
import type { GameSession } from './game-session';
import { type Outcome, type Refused, ok, refuse } from './outcome';
import type { PlayerIdentity } from './ports';
import { writeNewGame } from './new-game-row';
import { botSeat, playerSeat } from './seats';

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

export const JOINED_MESSAGE = 'Joined the game';
export const BOT_ADDED_MESSAGE = 'The bot joined your game';

const isPaidTier = (betAmount: StakeLabel): boolean => (findStakeTier(betAmount)?.usd ?? 0) > 0;

type Gone = 'gone';

export function createMatchmaker(ctx: DuelsContext) {
  async function checkCharacter(identity: PlayerIdentity, characterId: number): Promise<Refused | null> {
    if (isFreeCharacter(characterId)) return null;
    if (isMarketplaceCharacter(characterId) && identity.userId && (await ctx.store.ownsCharacter(identity.userId, characterId))) return null;
    return refuse('CHARACTER_NOT_OWNED');
  }

  /** Who may stake at all; the payment itself is taken once the game is known. */
  function checkPaid(request: JoinRequest): Refused | null {
    if (!request.identity.wallet) return refuse('SIGN_IN_REQUIRED_FOR_PAID');
    if (!ctx.stakeVerifier) return refuse('PAID_GAMES_UNAVAILABLE');
    if (!request.verified || !request.paymentId) return refuse('PAYMENT_REQUIRED');
    return null;
  }

  /** The stake of this request for this game: 0 when free, else the payment taken for it. */
  async function takeStake(request: JoinRequest, game: { sessionId: string; betAmount: StakeLabel; paid: boolean }): Promise<Outcome<bigint>> {
    if (!game.paid) return ok(0n);
    const { stakeVerifier } = ctx;
    const { wallet } = request.identity;
    if (!stakeVerifier || !wallet || !request.paymentId) return refuse('PAYMENT_REQUIRED');
    const taken = await stakeVerifier.takeVerifiedStake({ paymentId: request.paymentId, walletAddress: wallet, betAmount: game.betAmount, sessionId: game.sessionId });
    return 'error' in taken ? refuse('PAYMENT_INVALID', taken.error) : ok(taken.stakeLamports);
  }

  /** In the game's queue: takes the seat opposite the creator, or 'gone' if it filled meanwhile. */
  function seatIn(game: GameSession, request: JoinRequest): Promise<Outcome | Gone> {
    return game.run(async (): Promise<Outcome | Gone> => {
      if (game.phase !== 'waiting') return 'gone';
      const stake = await takeStake(request, game);
      if (!stake.ok) return stake;
      const seat = playerSeat('player2', request.identity, request.selectedCharacter, stake.value, request.socketId, ctx.rejoinKeyFor(request.identity));
      if (!(await game.seatSecond(seat))) return 'gone';
      ctx.games.seat(game);
      return ok();
    });
  }

  /** A new waiting game; its row is written first in its own queue, before anyone can join it. */
  async function createWaiting(request: JoinGameRequest, sessionId: string, paid: boolean): Promise<{ game: GameSession; created: Promise<void> } | Refused> {
    const stake = await takeStake(request, { sessionId, betAmount: request.betAmount, paid });
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
    const created = writeNewGame(game, ctx.store);
    await ctx.matchQueue.push(tierOf(betAmount), sessionId);
    if (game.inviteCode) await ctx.matchQueue.addInvite(game.inviteCode, sessionId);
    return { game, created };
  }

  /** Free games at once; paid games with a verified stake. The first two of a tier meet. */
  async function joinGame(request: JoinGameRequest): Promise<Outcome<{ sessionId: string }>> {
    const paid = isPaidTier(request.betAmount);
    const refused = (paid ? checkPaid(request) : null) ?? (await checkCharacter(request.identity, request.selectedCharacter));
    if (refused) return refused;
    const key = request.identity.key;
    const ownId = ctx.newSessionId();
    if (!(await ctx.presence.claimPlayer(key, ownId, null))) return refuse('ALREADY_IN_GAME');

    try {
      const tier = tierOf(request.betAmount);
      const result = await ctx.tiers.run(tier, async () => {
        for (let id = await ctx.matchQueue.shift(tier); id !== null; id = await ctx.matchQueue.shift(tier)) {
          const game = ctx.games.get(id);
          if (!game || !(await ctx.presence.claimPlayer(key, id, ownId))) continue;
          const seated = await seatIn(game, request).catch(async (error: unknown) => {
            // A database fault: the game keeps its place, the joiner gets the error.
            await ctx.matchQueue.push(tier, id, true);
            await ctx.presence.claimPlayer(key, ownId, id);
            throw error;
          });
          if (seated === 'gone') {
            await ctx.presence.claimPlayer(key, ownId, id);
            continue;
          }
          if (!seated.ok) {
            // The game still waits; the joiner's payment was the problem.
            await ctx.matchQueue.push(tier, id, true);
            await ctx.presence.releasePlayer(key, id);
            return seated;
          }
          if (game.inviteCode) await ctx.matchQueue.removeInvite(game.inviteCode);
          return ok({ sessionId: id });
        }
        return createWaiting(request, ownId, paid);
      });
      if ('ok' in result) {
        if (!result.ok) await ctx.presence.releasePlayer(key, ownId);
        return result;
      }
      await result.created;
      return ok({ sessionId: ownId });
    } catch (error) {
      await ctx.presence.releasePlayer(key, ownId);
      throw error;
    }
  }

  async function joinViaInvite(request: JoinRequest & { inviteCode: string }): Promise<InviteAnswer> {
    const id = await ctx.matchQueue.findInvite(request.inviteCode);
    const game = id === null ? undefined : ctx.games.get(id);
    const answer = (outcome: Outcome, requiresPayment = false): InviteAnswer =>
      outcome.ok
        ? { success: true, message: JOINED_MESSAGE, requiresPayment: false, betAmount: game?.betAmount ?? null }
        : { success: false, message: outcome.message, code: outcome.code, requiresPayment, betAmount: game?.betAmount ?? null };
    if (!game || game.phase !== 'waiting') return { ...answer(refuse('INVITE_NOT_FOUND')), betAmount: null };
    if (game.slotOf(request.identity.key) === 'player1') return answer(refuse('CANNOT_JOIN_OWN_GAME'));
    if (game.paid) {
      const refused = checkPaid(request);
      if (refused) return answer(refused, refused.code === 'PAYMENT_REQUIRED');
    }
    const notOwned = await checkCharacter(request.identity, request.selectedCharacter);
    if (notOwned) return answer(notOwned);
    const key = request.identity.key;
    if (!(await ctx.presence.claimPlayer(key, game.sessionId, null))) return answer(refuse('ALREADY_IN_GAME'));
    let seated: Outcome | Gone;
    try {
      seated = await seatIn(game, request);
    } catch (error) {
      await ctx.presence.releasePlayer(key, game.sessionId);
      throw error;
    }
    if (seated === 'gone' || !seated.ok) {
      await ctx.presence.releasePlayer(key, game.sessionId);
      return seated === 'gone' ? { ...answer(refuse('INVITE_NOT_FOUND')), betAmount: null } : answer(seated);
    }
    await ctx.matchQueue.remove(tierOf(game.betAmount), game.sessionId);
    if (game.inviteCode) await ctx.matchQueue.removeInvite(game.inviteCode);
    return answer(ok());
  }

  /** The creator of a waiting free game fills the other seat with the bot. */
  async function playWithBot(identity: PlayerIdentity, sessionId: string): Promise<Outcome> {
    const game = ctx.games.get(sessionId);
    if (!game || game.paid || game.slotOf(identity.key) !== 'player1') return refuse('ADD_BOT_FAILED');
    const seated = await game.run(() => (game.phase === 'waiting' ? game.seatSecond(botSeat(botCharacter(ctx.random))) : false));
    if (!seated) return refuse('ADD_BOT_FAILED');
    await ctx.matchQueue.remove(tierOf(game.betAmount), sessionId);
    if (game.inviteCode) await ctx.matchQueue.removeInvite(game.inviteCode);
    return ok();
  }

  return { joinGame, joinViaInvite, playWithBot };
}

export type Matchmaker = ReturnType<typeof createMatchmaker>;
