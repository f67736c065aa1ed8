import { MAX_HEALTH } from './roster';
import {
  ATTACK_RECOIL_SHARE,
  BASE_DAMAGE,
  COUNTER_SHARE,
  HEAL_DIVISOR,
  INACTIVITY_PENALTY,
  MAX_ROUNDS,
  MIN_HIT_DAMAGE,
  PREDICTION_BONUS,
} from './combat-constants';
import { FACTOR_MAX, FACTOR_MIN } from './fairness';
import { type Action, type Move, ACTIONS, isAction } from './moves';
import { isSuddenDeath, suddenDeathDrain } from './sudden-death';

export type Slot = 'player1' | 'player2';
export const SLOTS: readonly Slot[] = ['player1', 'player2'];

/** The two scores of a character that combat reads. */
export interface Fighter {
  readonly fightScore: number;
  readonly defendScore: number;
}

export interface RoundSide {
  readonly fighter: Fighter;
  /** Health before the round, a whole number in 0–100. */
  readonly health: number;
  /** null when the player sent no action before the round closed. */
  readonly move: Move | null;
  /** The provably-fair random factor for hits this side deals this round, in [0.9, 1.1]. */
  readonly factor: number;
}

export interface RoundInput {
  readonly round: number;
  readonly player1: RoundSide;
  readonly player2: RoundSide;
}

export interface SideOutcome {
  readonly action: Action | null;
  readonly prediction: Action | null;
  readonly predictedRight: boolean;
  readonly damageTaken: number;
  readonly healingReceived: number;
  /** Health after the round, clamped to 0–100. */
  readonly health: number;
}

export interface RoundOutcome {
  readonly round: number;
  readonly suddenDeath: boolean;
  readonly player1: SideOutcome;
  readonly player2: SideOutcome;
  /** Who gained more this round: healing received − damage taken, compared. */
  readonly roundWinner: Slot | 'draw';
  readonly gameOver: boolean;
  /** Set when the game is over: the survivor, or 'draw' when both fell together. */
  readonly winner: Slot | 'draw' | null;
}

interface Effects {
  damage: number;
  healing: number;
}

interface Actor {
  readonly fighter: Fighter;
  readonly action: Action;
  readonly right: boolean;
  readonly factor: number;
}

const wholeHp = (value: number): number => Math.round(value);

/**
 * Whether a side read the other's move: its prediction is the other's action, never when either
 * side sent nothing. The round's combat and anyone showing a round (the wire leaves it out,
 * docs/game-events.md) use this one definition.
 */
export function isPredictedRight(prediction: Action | null, otherAction: Action | null): boolean {
  return prediction !== null && otherAction !== null && prediction === otherAction;
}

/** What a side gained or lost in a round. */
export interface RoundGains {
  readonly damageTaken: number;
  readonly healingReceived: number;
}

/** Who gained more this round: healing received − damage taken, compared (the round banner). */
export function roundWinnerOf(player1: RoundGains, player2: RoundGains): Slot | 'draw' {
  const net1 = player1.healingReceived - player1.damageTaken;
  const net2 = player2.healingReceived - player2.damageTaken;
  return net1 === net2 ? 'draw' : net1 > net2 ? 'player1' : 'player2';
}

/** The unrounded hit of `from` on `to`: 12 × fight ÷ defend × factor. */
function rawHit(from: Actor, to: Actor | Fighter): number {
  const defender = 'fighter' in to ? to.fighter : to;
  return (BASE_DAMAGE * from.fighter.fightScore) / defender.defendScore * from.factor;
}

function landed(raw: number): number {
  return Math.max(MIN_HIT_DAMAGE, wholeHp(raw));
}

function hit(from: Actor, to: Actor | Fighter, bonus: boolean): number {
  return landed(rawHit(from, to) * (bonus ? PREDICTION_BONUS : 1));
}

function counter(from: Actor, to: Actor): number {
  return landed(rawHit(from, to) * COUNTER_SHARE);
}

function recoil(attacker: Actor, dodger: Actor): number {
  return landed(rawHit(attacker, dodger) * ATTACK_RECOIL_SHARE * (dodger.right ? PREDICTION_BONUS : 1));
}

function heal(actor: Actor, bonus: boolean, healsStopped: boolean): number {
  if (healsStopped) return 0;
  return wholeHp((actor.fighter.defendScore / HEAL_DIVISOR) * (bonus ? PREDICTION_BONUS : 1));
}

/**
 * The combat rules for one ordered pair, x's action coming no later than y's in ACTIONS
 * order (attack, dodge, hide). Where both predicted right in a pair the rules describe only one
 * way, the two reads cancel out and the plain exchange happens, so neither read hurts its owner.
 */
function exchange(x: Actor, y: Actor, healsStopped: boolean): [Effects, Effects] {
  const ex: Effects = { damage: 0, healing: 0 };
  const ey: Effects = { damage: 0, healing: 0 };
  const pair = `${x.action}/${y.action}`;
  switch (pair) {
    case 'attack/attack':
      // Both hit; a lone correct read makes only that attack land, with the bonus.
      if (x.right !== y.right) {
        if (x.right) ey.damage = hit(x, y, true);
        else ex.damage = hit(y, x, true);
      } else {
        ey.damage = hit(x, y, x.right);
        ex.damage = hit(y, x, y.right);
      }
      break;
    case 'attack/dodge':
      // Dodge beats Attack and the attacker takes recoil, unless the attacker read the dodge.
      if (x.right) ey.damage = hit(x, y, true);
      else ex.damage = recoil(x, y);
      break;
    case 'attack/hide':
      if (x.right && !y.right) {
        ey.damage = hit(x, y, true);
      } else if (y.right && !x.right) {
        ey.healing = heal(y, true, healsStopped);
      } else {
        ey.damage = hit(x, y, false);
        ey.healing = heal(y, false, healsStopped);
      }
      break;
    case 'dodge/dodge':
      if (x.right) ey.damage = counter(x, y);
      if (y.right) ex.damage = counter(y, x);
      break;
    case 'dodge/hide':
      // Heal beats Dodge. A healer who read the dodge heals more and counters, unless the
      // dodger read the heal too and slips the counter.
      ey.healing = heal(y, y.right, healsStopped);
      if (y.right && !x.right) ex.damage = counter(y, x);
      break;
    case 'hide/hide':
      if (x.right !== y.right) {
        if (x.right) ex.healing = heal(x, true, healsStopped);
        else ey.healing = heal(y, true, healsStopped);
      } else {
        ex.healing = heal(x, x.right, healsStopped);
        ey.healing = heal(y, y.right, healsStopped);
      }
      break;
    default:
      throw new RangeError(`unordered pair ${pair}`);
  }
  return [ex, ey];
}

/** One side acted, the other sent nothing: the idle side stands still and pays the penalty. */
function againstIdle(actor: Actor, idle: Fighter, healsStopped: boolean): [Effects, Effects] {
  const mine: Effects = { damage: 0, healing: 0 };
  const theirs: Effects = { damage: INACTIVITY_PENALTY, healing: 0 };
  if (actor.action === 'attack') theirs.damage += hit(actor, idle, false);
  if (actor.action === 'hide') mine.healing = heal(actor, false, healsStopped);
  return [mine, theirs];
}

function checkSide(name: string, side: RoundSide): void {
  const { fighter, health, move, factor } = side;
  if (!(fighter.fightScore > 0 && fighter.defendScore > 0)) throw new RangeError(`${name}: scores must be positive`);
  if (!Number.isInteger(health) || health < 0 || health > MAX_HEALTH) throw new RangeError(`${name}: health must be a whole number in 0–${MAX_HEALTH}`);
  if (!(factor >= FACTOR_MIN && factor <= FACTOR_MAX)) throw new RangeError(`${name}: factor must be in [${FACTOR_MIN}, ${FACTOR_MAX}]`);
  if (move !== null && !(isAction(move.action) && isAction(move.prediction))) throw new RangeError(`${name}: unknown action or prediction`);
}

function sideEffects(input: RoundInput, healsStopped: boolean): [Effects, Effects] {
  const { player1: p1, player2: p2 } = input;
  const actor = (side: RoundSide, other: RoundSide): Actor | null =>
    side.move && {
      fighter: side.fighter,
      action: side.move.action,
      right: isPredictedRight(side.move.prediction, other.move?.action ?? null),
      factor: side.factor,
    };
  const a1 = actor(p1, p2);
  const a2 = actor(p2, p1);
  if (a1 && a2) {
    if (ACTIONS.indexOf(a1.action) <= ACTIONS.indexOf(a2.action)) return exchange(a1, a2, healsStopped);
    const [e2, e1] = exchange(a2, a1, healsStopped);
    return [e1, e2];
  }
  if (a1) return againstIdle(a1, p2.fighter, healsStopped);
  if (a2) {
    const [e2, e1] = againstIdle(a2, p1.fighter, healsStopped);
    return [e1, e2];
  }
  return [
    { damage: INACTIVITY_PENALTY, healing: 0 },
    { damage: INACTIVITY_PENALTY, healing: 0 },
  ];
}

function outcomeOf(side: RoundSide, other: RoundSide, effects: Effects): SideOutcome {
  const health = Math.min(MAX_HEALTH, Math.max(0, side.health + effects.healing - effects.damage));
  return {
    action: side.move?.action ?? null,
    prediction: side.move?.prediction ?? null,
    predictedRight: isPredictedRight(side.move?.prediction ?? null, other.move?.action ?? null),
    damageTaken: effects.damage,
    healingReceived: effects.healing,
    health,
  };
}

/**
 * Resolves one round from both sides' moves: pure, so the server, the bot, the tests and anyone
 * checking a finished game get the same numbers from the same inputs.
 */
export function resolveRound(input: RoundInput): RoundOutcome {
  if (!Number.isInteger(input.round) || input.round < 1) throw new RangeError('round must be a whole number from 1');
  checkSide('player1', input.player1);
  checkSide('player2', input.player2);
  const suddenDeath = isSuddenDeath(input.round);
  const [e1, e2] = sideEffects(input, suddenDeath);
  const drain = suddenDeathDrain(input.round);
  e1.damage += drain;
  e2.damage += drain;

  const player1 = outcomeOf(input.player1, input.player2, e1);
  const player2 = outcomeOf(input.player2, input.player1, e2);
  const roundWinner = roundWinnerOf(player1, player2);
  // The drain empties every bar by MAX_ROUNDS; ending there regardless makes the bound structural.
  const gameOver = player1.health === 0 || player2.health === 0 || input.round >= MAX_ROUNDS;
  let winner: Slot | 'draw' | null = null;
  if (gameOver) winner = player1.health === player2.health ? 'draw' : player1.health > player2.health ? 'player1' : 'player2';
  return { round: input.round, suddenDeath, player1, player2, roundWinner, gameOver, winner };
}
