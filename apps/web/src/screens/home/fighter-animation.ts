// Which motion each fighter plays for a resolved round, read from the round's outcome only (both
// moves, damage taken, healing received, health left), so both players and a replay see the
// same fight. The left-hand fighter is always the viewer, as on the battle screen.
import { type Action, type Slot, suddenDeathDrain } from '@duel-dojo/rules';
import type { ArenaMotion, FighterAct, FighterMotion } from '../../components/fighter/fighter-motion';
import type { RoundEnd } from '../../features/duel/duel-state';

const ACTS: Readonly<Record<Action, FighterAct>> = { attack: 'attack', dodge: 'dodge', hide: 'heal' };

const other = (slot: Slot): Slot => (slot === 'player1' ? 'player2' : 'player1');
const healthOf = (end: RoundEnd, slot: Slot): number => (slot === 'player1' ? end.player1Health : end.player2Health);

/** The motion of `slot`'s fighter in the round `end` resolved. */
export function fighterMotion(end: RoundEnd, slot: Slot): FighterMotion {
  const side = end[slot];
  const opponent = end[other(slot)];
  // The drain hits both alike and is no blow: what is left of the damage tells hit from recoil.
  const drain = end.suddenDeath ? suddenDeathDrain(end.round) : 0;
  const blows = side.damageTaken - drain;
  const recoiled = blows > 0 && side.action === 'attack' && opponent.action === 'dodge';
  return {
    key: end.round,
    act: side.action ? ACTS[side.action] : null,
    reaction: side.damageTaken === 0 ? null : recoiled ? 'recoil' : 'hit',
    healed: side.healingReceived > 0,
    knockedOut: healthOf(end, slot) === 0,
  };
}

/** Both sides for the viewer in `viewer`'s seat; nothing moves when `enabled` is false. */
export function arenaMotion(end: RoundEnd | null, viewer: Slot, enabled: boolean): ArenaMotion {
  if (!end || !enabled) return { enabled, left: null, right: null };
  return { enabled, left: fighterMotion(end, viewer), right: fighterMotion(end, other(viewer)) };
}
