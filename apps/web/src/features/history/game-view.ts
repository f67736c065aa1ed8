// A game record as one viewer reads it (spec §2 "My games", §4 "Result as seen by a viewer",
// "Rewards"), shared by the battle history and the profile's Battle History tab.
import type { GameRecord } from '@duel-dojo/protocol';
import {
  type Character,
  type RewardState,
  type ViewerResult,
  characterOrDefault,
  isPaidBet,
  resultForViewer,
  rewardState,
  shortenWallet,
} from '@duel-dojo/rules';

export interface GameView {
  readonly sessionId: string;
  readonly date: string;
  readonly myCharacter: Character;
  readonly opponentCharacter: Character;
  readonly opponentName: string;
  /** null for the bot or a guest: no profile to link to. */
  readonly opponentWallet: string | null;
  readonly bet: string;
  readonly paid: boolean;
  readonly result: ViewerResult;
  /** "5 rounds", or "Quick match" when no round was played. */
  readonly rounds: string;
  readonly reward: RewardState | null;
}

const DATE_FORMAT: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' };

export function formatGameDate(iso: string, locale?: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(locale, DATE_FORMAT);
}

export function roundsText(currentRound: number): string {
  if (currentRound <= 0) return 'Quick match';
  return currentRound === 1 ? '1 round' : `${currentRound} rounds`;
}

/** `isOwnView`: the viewer's own history or profile, where Claim Reward may show. */
export function viewGame(game: GameRecord, viewerWallet: string, isOwnView: boolean): GameView {
  const viewerIsPlayer2 = game.player2Wallet === viewerWallet && game.player1Wallet !== viewerWallet;
  const opponentWallet = viewerIsPlayer2 ? game.player1Wallet : game.player2Wallet;
  const opponentName = (viewerIsPlayer2 ? game.player1Name : game.player2Name) ?? (opponentWallet ? shortenWallet(opponentWallet) : 'Waiting for opponent');
  return {
    sessionId: game.sessionId,
    date: formatGameDate(game.createdAt),
    myCharacter: characterOrDefault((viewerIsPlayer2 ? game.opponentCharacter : game.playerCharacter).id),
    opponentCharacter: characterOrDefault((viewerIsPlayer2 ? game.playerCharacter : game.opponentCharacter).id),
    opponentName,
    opponentWallet,
    bet: game.betAmount,
    paid: isPaidBet(game.betAmount),
    result: resultForViewer(game, viewerWallet),
    rounds: roundsText(game.currentRound),
    reward: rewardState(game, viewerWallet, isOwnView),
  };
}
