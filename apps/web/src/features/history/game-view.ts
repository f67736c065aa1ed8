// A game record as one viewer reads it (the result and the reward as that viewer sees
// them), shared by the battle history and the profile's Battle History tab. Beside the
// stake's "5$" label a row shows the SOL the listed wallet actually staked, "Refunded" when that
// stake came back (a draw, a cancelled wait), and whether it was a tournament's match.
import type { GameRecord } from '@duel-dojo/protocol';
import {
  type Character,
  type RewardState,
  type ViewerResult,
  characterOrDefault,
  formatBalance,
  isPaidBet,
  resultForViewer,
  rewardState,
  shortenWallet,
} from '@duel-dojo/rules';

/** A staked game cancelled while it waited for an opponent: listed for its refund. */
export type GameResult = ViewerResult | 'Cancelled';

export interface GameView {
  readonly sessionId: string;
  readonly date: string;
  readonly myCharacter: Character;
  /** null: nobody came (a cancelled wait). */
  readonly opponentCharacter: Character | null;
  readonly opponentName: string;
  /** null for the bot or a guest: no profile to link to. */
  readonly opponentWallet: string | null;
  readonly bet: string;
  readonly paid: boolean;
  /** What the listed wallet staked, "0.0333 SOL"; null when it staked nothing. */
  readonly stakeSol: string | null;
  /** Its stake came back. */
  readonly refunded: boolean;
  /** The tournament (public id) the game was a match of. */
  readonly tournamentId: string | null;
  readonly result: GameResult;
  /** "5 rounds", "Quick match" when no round was played, "Live: round 8" while it runs. */
  readonly rounds: string;
  readonly reward: RewardState | null;
}

const DATE_FORMAT: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' };

export function formatGameDate(iso: string, locale?: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(locale, DATE_FORMAT);
}

/** SOL with 4 decimals, as the wallet balance shows it. */
export function stakeSolText(lamports: string): string | null {
  const amount = BigInt(lamports);
  return amount > 0n ? `${formatBalance(amount)} SOL` : null;
}

/**
 * A running game's record counts the rounds closed so far, so "Quick match" (no round played)
 * would be false for it: it names the round being fought instead.
 */
export function roundsText(currentRound: number, gameOver = true): string {
  if (!gameOver) return `Live: round ${Math.max(0, currentRound) + 1}`;
  if (currentRound <= 0) return 'Quick match';
  return currentRound === 1 ? '1 round' : `${currentRound} rounds`;
}

/** `isOwnView`: the viewer's own history or profile, where Claim Reward may show. */
export function viewGame(game: GameRecord, viewerWallet: string, isOwnView: boolean): GameView {
  const viewerIsPlayer2 = game.player2Wallet === viewerWallet && game.player1Wallet !== viewerWallet;
  const opponentWallet = viewerIsPlayer2 ? game.player1Wallet : game.player2Wallet;
  const nobody = game.cancelled ? 'No opponent' : 'Waiting for opponent';
  const opponentName = (viewerIsPlayer2 ? game.player1Name : game.player2Name) ?? (opponentWallet ? shortenWallet(opponentWallet) : nobody);
  const mine = viewerIsPlayer2 ? game.opponentCharacter : game.playerCharacter;
  const theirs = viewerIsPlayer2 ? game.playerCharacter : game.opponentCharacter;
  return {
    sessionId: game.sessionId,
    date: formatGameDate(game.createdAt),
    myCharacter: characterOrDefault(mine?.id),
    opponentCharacter: theirs ? characterOrDefault(theirs.id) : null,
    opponentName,
    opponentWallet,
    bet: game.betAmount,
    paid: isPaidBet(game.betAmount),
    stakeSol: stakeSolText(game.stakePaidLamports),
    refunded: game.refunded,
    tournamentId: game.tournamentId,
    result: game.cancelled ? 'Cancelled' : resultForViewer(game, viewerWallet),
    // A wait that never found an opponent (cancelled or not yet) fought no round.
    rounds: theirs === null ? roundsText(0) : roundsText(game.currentRound, game.gameOver),
    reward: rewardState(game, viewerWallet, isOwnView),
  };
}
