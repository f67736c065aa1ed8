// The sudden-death banner's words, written from the rules' numbers (the same ones the
// server and the how-to-play guide use), never typed in.
import { SUDDEN_DEATH_DRAIN_STEP, SUDDEN_DEATH_ROUND, isSuddenDeath, suddenDeathDrain } from '@duel-dojo/rules';

export const SUDDEN_DEATH_TITLE = 'Sudden death';

/** The banner's line at the start of `round`, or null before sudden death. */
export function suddenDeathAnnouncement(round: number): string | null {
  if (!isSuddenDeath(round)) return null;
  const drain = suddenDeathDrain(round);
  if (round === SUDDEN_DEATH_ROUND) {
    return `No more healing. Both fighters lose ${drain} HP this round, and ${SUDDEN_DEATH_DRAIN_STEP} more every round after.`;
  }
  return `Round ${round}: no healing, both fighters lose ${drain} HP.`;
}
