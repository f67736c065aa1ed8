// Plays the duel's sounds as the game moves, only while the navbar's sound toggle is on: a hit or
// a heal when a round's results land, the result when the game ends.
import { useEffect, useRef } from 'react';
import { useSound } from '../sound/sound-context';
import type { DuelOutcome } from './battle-view';
import { type DuelSound, playDuelSound } from './duel-sounds';
import type { RoundEnd } from './duel-state';

/** The sound a round's results make: a hit when anyone took damage, else a heal when anyone healed. */
export function roundSound(end: RoundEnd): DuelSound | null {
  if (end.player1.damageTaken > 0 || end.player2.damageTaken > 0) return 'hit';
  if (end.player1.healingReceived > 0 || end.player2.healingReceived > 0) return 'heal';
  return null;
}

export const OUTCOME_SOUND: Readonly<Record<DuelOutcome, DuelSound>> = { won: 'win', lost: 'lose', draw: 'draw' };

/** A function that plays a sound when sound is on. */
export function useDuelSound(): (sound: DuelSound | null) => void {
  const { enabled } = useSound();
  const on = useRef(enabled);
  on.current = enabled;
  return useRef((sound: DuelSound | null) => {
    if (sound && on.current) playDuelSound(sound);
  }).current;
}

export function useDuelSounds(lastEnd: RoundEnd | undefined, outcome: DuelOutcome | null, gameOverShown: boolean): void {
  const play = useDuelSound();
  const round = lastEnd?.round;
  const sound = lastEnd ? roundSound(lastEnd) : null;
  // One sound per round end.
  useEffect(() => {
    if (round !== undefined) play(sound);
  }, [round, sound, play]);
  useEffect(() => {
    if (gameOverShown && outcome) play(OUTCOME_SOUND[outcome]);
  }, [gameOverShown, outcome, play]);
}
