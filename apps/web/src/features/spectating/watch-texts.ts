// A spectator's words (docs/spectating.md): nobody on the page is "you", so each round and the
// end are told by the fighters' names.
import type { EndReason, GameState } from '@duel-dojo/protocol';
import type { Slot } from '@duel-dojo/rules';
import { namedEndReasonText } from '../duel/end-reason-text';
import type { RoundEnd } from './watch-state';

/** A fighter's name as the page shows it: the player's name, else "Guest" (or the bot's). */
export function fighterName(game: GameState, slot: Slot): string {
  const name = slot === 'player1' ? game.player1Name : game.player2Name;
  if (name) return name;
  return slot === 'player2' && game.vsBot ? 'Bot' : 'Guest';
}

/** The round's verdict for someone who backs neither side. */
export function spectatorVerdict(end: Pick<RoundEnd, 'roundWinner'>, names: Readonly<Record<Slot, string>>): { text: string; tone: 'won' | 'lost' | 'draw' } {
  if (end.roundWinner === 'draw') return { text: 'ROUND DRAW', tone: 'draw' };
  return { text: `${names[end.roundWinner].toUpperCase()} WINS THE ROUND`, tone: end.roundWinner === 'player1' ? 'won' : 'lost' };
}

/** The game's result for someone who backs neither side; null while it runs. */
export function spectatorOutcome(winner: Slot | 'draw' | null, names: Readonly<Record<Slot, string>>): string | null {
  if (winner === null) return null;
  return winner === 'draw' ? 'Draw' : `${names[winner]} wins`;
}

/** How the duel ended, told by the fighters' names. */
export function spectatorEndText(reason: EndReason | null, winner: Slot | 'draw' | null, names: Readonly<Record<Slot, string>>): string | null {
  const loser = winner === 'player1' ? names.player2 : winner === 'player2' ? names.player1 : null;
  return reason === null ? null : namedEndReasonText(reason, loser);
}
