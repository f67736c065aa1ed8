import type { RoundOutcome, Slot } from './resolve-round';

export const ROUND_RESULT_TEXTS = {
  won: 'YOU WON!',
  lost: 'YOU LOST',
  draw: 'ROUND DRAW',
} as const;

export type RoundResultText = (typeof ROUND_RESULT_TEXTS)[keyof typeof ROUND_RESULT_TEXTS];

/** The round-results banner as the player in `viewer`'s slot sees it. */
export function roundResultText(roundWinner: RoundOutcome['roundWinner'], viewer: Slot): RoundResultText {
  if (roundWinner === 'draw') return ROUND_RESULT_TEXTS.draw;
  return roundWinner === viewer ? ROUND_RESULT_TEXTS.won : ROUND_RESULT_TEXTS.lost;
}
