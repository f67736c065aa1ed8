// How a finished duel ended, in the viewer's words, for the game-over view: from gameState's
// endReason (the server's record of it), or from the last round while that state is on its way.
import type { EndReason } from '@duel-dojo/protocol';
import type { DuelOutcome } from './battle-view';
import type { RoundEnd } from './duel-state';

/** Told by the fighters' names, for someone who backs neither side; `loser` is null for a draw. */
export function namedEndReasonText(reason: EndReason, loser: string | null): string {
  switch (reason) {
    case 'knockout':
      return 'Knock-out';
    case 'suddenDeath':
      return 'Knocked out in sudden death';
    case 'resigned':
      return loser ? `${loser} resigned` : 'A fighter resigned';
    case 'abandoned':
      // No loser: settled by the abandonment rule (the game could not be resumed, stakes refunded).
      return loser ? `Victory claimed: ${loser} left the game` : 'Draw: the game could not be resumed';
    case 'draw':
      return 'Draw: both fighters fell';
  }
}

/** `outcome` is the viewer's; `opponentName` the other fighter's name as shown on screen. */
export function endReasonText(reason: EndReason, outcome: DuelOutcome, opponentName: string): string {
  if (outcome === 'lost' && reason === 'resigned') return 'You resigned';
  if (outcome === 'lost' && reason === 'abandoned') return `Victory claimed by ${opponentName}: you left the game`;
  return namedEndReasonText(reason, outcome === 'won' ? opponentName : null);
}

/** What the last round says when it ended the game (the server's rule), else null. */
export function endReasonOfRound(end: RoundEnd | undefined): EndReason | null {
  if (!end?.gameOver) return null;
  if (end.winner === 'draw') return 'draw';
  return end.suddenDeath ? 'suddenDeath' : 'knockout';
}
