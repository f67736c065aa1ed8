// How a finished or running game record reads for one viewer in history and on a profile
// ("Rewards"). Records name the winner in three ways —
// a wallet, a player id or a slot name — so every form is accepted here, once.

/** The game record fields these views read, with the protocol's names. */
export interface GameRecordView {
  readonly gameOver: boolean;
  /** A wallet, a player id, a slot name ('player1' / 'player2') or 'draw'. */
  readonly winner?: string | null;
  readonly player1?: string | null;
  readonly player2?: string | null;
  readonly player1Wallet?: string | null;
  readonly player2Wallet?: string | null;
  /** Text containing a number, possibly with a unit: "0", "Free!", "5$", "0.033 SOL". */
  readonly betAmount?: string | number | null;
  readonly rewardClaimed?: boolean | null;
}

export type ViewerResult = 'In progress' | 'Draw' | 'Victory' | 'Defeat';
export type RewardState = 'Claim Reward' | 'Prize Claimed' | 'Prize Available';

/** Whether the viewer holds the winning side of the game. */
function viewerWon(game: GameRecordView, viewerWallet: string | null | undefined): boolean {
  const winner = game.winner;
  if (!winner || !viewerWallet) return false;
  if (winner === viewerWallet) return true;
  if (viewerWallet === game.player1Wallet) return winner === 'player1' || winner === game.player1;
  if (viewerWallet === game.player2Wallet) return winner === 'player2' || winner === game.player2;
  return false;
}

export function resultForViewer(game: GameRecordView, viewerWallet: string | null | undefined): ViewerResult {
  if (!game.gameOver) return 'In progress';
  if (!game.winner || game.winner === 'draw') return 'Draw';
  return viewerWon(game, viewerWallet) ? 'Victory' : 'Defeat';
}

/**
 * A bet is paid when the first number in its text is above zero. Deciding on the digits (any
 * non-zero digit) instead of parsing a float keeps "0.000000001 SOL" paid and "0.00" free.
 */
export function isPaidBet(betAmount: string | number | null | undefined): boolean {
  if (betAmount === null || betAmount === undefined) return false;
  const first = /-?(?:\d+(?:\.\d*)?|\.\d+)/.exec(String(betAmount))?.[0];
  if (first === undefined || first.startsWith('-')) return false;
  return /[1-9]/.test(first);
}

/**
 * The reward label of a paid game the viewer won; null for any other game. Only the owner of
 * the history or profile can claim, so others see that a prize exists without a button.
 */
export function rewardState(game: GameRecordView, viewerWallet: string | null | undefined, isOwnView: boolean): RewardState | null {
  if (!isPaidBet(game.betAmount) || resultForViewer(game, viewerWallet) !== 'Victory') return null;
  if (game.rewardClaimed) return 'Prize Claimed';
  return isOwnView ? 'Claim Reward' : 'Prize Available';
}
