// Share on social (the game-over popup): a post on X with the result and the game's link.
import type { DuelOutcome } from './battle-view';

const TEXT: Readonly<Record<DuelOutcome, (opponent: string) => string>> = {
  won: (opponent) => `I just won a duel against ${opponent} on Duel Dojo! ⚔️`,
  lost: (opponent) => `I just fought ${opponent} on Duel Dojo. Rematch coming! ⚔️`,
  draw: (opponent) => `${opponent} and I fell together on Duel Dojo: a draw! ⚔️`,
};

export function shareText(outcome: DuelOutcome, opponent: string): string {
  return TEXT[outcome](opponent);
}

export function shareUrl(outcome: DuelOutcome, opponent: string, origin: string): string {
  const query = new URLSearchParams({ text: shareText(outcome, opponent), url: `${origin}/` });
  return `https://twitter.com/intent/tweet?${query}`;
}
