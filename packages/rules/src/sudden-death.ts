import { SUDDEN_DEATH_DRAIN_STEP, SUDDEN_DEATH_ROUND } from './combat-constants';

/** From SUDDEN_DEATH_ROUND on, heals stop and a growing drain ends the game. */
export function isSuddenDeath(round: number): boolean {
  return round >= SUDDEN_DEATH_ROUND;
}

/** HP both fighters lose this round on top of the exchange: 0 before sudden death, then 10, 20, 30… */
export function suddenDeathDrain(round: number): number {
  return isSuddenDeath(round) ? SUDDEN_DEATH_DRAIN_STEP * (round - SUDDEN_DEATH_ROUND + 1) : 0;
}
