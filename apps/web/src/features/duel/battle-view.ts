// What the battle screen shows, read from the live duel: the viewer always on the left, the
// opponent on the right, the round's result in the viewer's words (rules' roundResultText).
import type { GameState } from '@duel-dojo/protocol';
import { type Character, type RoundResultText, type Slot, characterOrDefault, isPaidBet, roundResultText, shortenWallet, toLamports } from '@duel-dojo/rules';
import type { DuelState, RoundEnd } from './duel-state';

export interface FighterView {
  readonly slot: Slot;
  readonly name: string;
  readonly character: Character;
  readonly health: number;
}

export interface RoundResultView {
  readonly round: number;
  readonly text: RoundResultText;
  readonly mine: RoundEnd['player1'];
  readonly theirs: RoundEnd['player1'];
}

export type DuelOutcome = 'won' | 'lost' | 'draw';

export interface BattleView {
  readonly me: FighterView;
  readonly opponent: FighterView;
  readonly round: number;
  readonly paid: boolean;
  /** Each player's stake in lamports. */
  readonly stakeLamports: bigint;
  /** Set once the game is over. */
  readonly outcome: DuelOutcome | null;
}

export const otherSlot = (slot: Slot): Slot => (slot === 'player1' ? 'player2' : 'player1');

function nameOf(game: GameState, slot: Slot): string {
  const name = slot === 'player1' ? game.player1Name : game.player2Name;
  const wallet = slot === 'player1' ? game.player1Wallet : game.player2Wallet;
  return name ?? (wallet ? shortenWallet(wallet) : 'Guest');
}

function fighterOf(game: GameState, slot: Slot): FighterView {
  const live = slot === 'player1' ? game.playerCharacter : game.opponentCharacter;
  return { slot, name: nameOf(game, slot), character: characterOrDefault(live?.id), health: live?.health ?? 100 };
}

export function outcomeFor(winner: Slot | 'draw' | null, viewer: Slot): DuelOutcome | null {
  if (winner === null) return null;
  if (winner === 'draw') return 'draw';
  return winner === viewer ? 'won' : 'lost';
}

export function battleView(state: DuelState): BattleView | null {
  const { game } = state;
  if (!game) return null;
  const mySlot = state.mySlot ?? 'player1';
  const lastEnd = state.log.at(-1);
  const winner = game.gameOver ? game.winner : lastEnd?.gameOver ? lastEnd.winner : null;
  return {
    me: fighterOf(game, mySlot),
    opponent: fighterOf(game, otherSlot(mySlot)),
    round: Math.max(game.round, state.rounds.round),
    paid: isPaidBet(game.betAmount),
    stakeLamports: toLamports(game.stakeLamports),
    outcome: outcomeFor(winner, mySlot),
  };
}

export function roundResultView(end: RoundEnd, viewer: Slot): RoundResultView {
  return { round: end.round, text: roundResultText(end.roundWinner, viewer), mine: end[viewer], theirs: end[otherSlot(viewer)] };
}

/** A game still being played: followed, neither over (by its state or its last round) nor cancelled. */
export function isLiveGame(state: DuelState): boolean {
  const { game } = state;
  if (!game || game.gameOver || game.phase === 'over' || game.phase === 'cancelled') return false;
  return !state.log.at(-1)?.gameOver;
}

/** The game-over popup waits for the last round's results to leave the screen. */
export function showGameOver(state: DuelState): boolean {
  const over = Boolean(state.game?.gameOver || state.log.at(-1)?.gameOver);
  return over && state.rounds.phase !== 'results-display';
}

export const OUTCOME_TITLE: Readonly<Record<DuelOutcome, string>> = { won: 'Victory!', lost: 'Defeat', draw: 'Draw' };

export function outcomeText(outcome: DuelOutcome, opponentName: string): string {
  if (outcome === 'won') return 'You won the duel!';
  if (outcome === 'lost') return `${opponentName} won the duel.`;
  return 'Both fighters fell together: the duel is a draw.';
}
