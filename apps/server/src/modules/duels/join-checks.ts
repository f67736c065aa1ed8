// What a join must pass before it takes a seat: the character is the player's to use, a paid
// game's player may stake at all, and the stake itself (taken once the game is known, bound to
// that game exactly once by the payments module).
import { type Lamports, type StakeLabel, ZERO_LAMPORTS, isFreeCharacter, isMarketplaceCharacter } from '@duel-dojo/rules';
import { isRefusal } from '../../errors';
import type { DuelsPorts } from './duels-context';
import type { JoinRequest } from './matchmaker';
import { type Outcome, type Refused, ok, refuse } from './outcome';
import type { PlayerIdentity } from './ports';

export async function checkCharacter(ctx: Pick<DuelsPorts, 'store'>, identity: PlayerIdentity, characterId: number): Promise<Refused | null> {
  if (isFreeCharacter(characterId)) return null;
  if (isMarketplaceCharacter(characterId) && identity.userId && (await ctx.store.ownsCharacter(identity.userId, characterId))) return null;
  return refuse('CHARACTER_NOT_OWNED');
}

/** Who may stake at all; the payment itself is taken once the game is known. */
export function checkPaid(ctx: Pick<DuelsPorts, 'stakeVerifier'>, request: JoinRequest): Refused | null {
  if (!request.identity.wallet) return refuse('SIGN_IN_REQUIRED_FOR_PAID');
  if (!ctx.stakeVerifier) return refuse('PAID_GAMES_UNAVAILABLE');
  if (!request.verified || !request.paymentId) return refuse('PAYMENT_REQUIRED');
  return null;
}

/** The stake of this request for this game: 0 when free, else the payment taken for it. */
export async function takeStake(ctx: Pick<DuelsPorts, 'stakeVerifier'>, request: JoinRequest, game: { sessionId: string; betAmount: StakeLabel; paid: boolean }): Promise<Outcome<Lamports>> {
  if (!game.paid) return ok(ZERO_LAMPORTS);
  const { stakeVerifier } = ctx;
  const { wallet } = request.identity;
  if (!stakeVerifier || !wallet || !request.paymentId) return refuse('PAYMENT_REQUIRED');
  try {
    const taken = await stakeVerifier.takeVerifiedStake({ paymentId: request.paymentId, walletAddress: wallet, betAmount: game.betAmount, sessionId: game.sessionId });
    return ok(taken.stakeLamports);
  } catch (error) {
    // The player reads why (the refusal's text) under the join's one code for a stake it cannot use.
    if (isRefusal(error)) return refuse('PAYMENT_INVALID', error.shown);
    throw error;
  }
}
