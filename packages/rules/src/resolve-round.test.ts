import { describe, expect, it } from 'vitest';
import { type Action, ACTIONS, type Move } from './moves';
import { type Fighter, type RoundSide, isPredictedRight, resolveRound, roundWinnerOf } from './resolve-round';

// Worked by hand, factor 1.0 for both:
//   Warrior (70/30) hits Samurai (55/45): 12 × 70 / 45 = 18.67 -> 19; +20 % = 22.4 -> 22;
//     half (recoil or counter) = 9.33 -> 9; recoil +20 % = 11.2 -> 11.
//   Samurai hits Warrior: 12 × 55 / 30 = 22; +20 % = 26.4 -> 26; half = 11; recoil +20 % = 13.2 -> 13.
//   Warrior heals 30 / 3 = 10, +20 % = 12. Samurai heals 45 / 3 = 15, +20 % = 18.
const WARRIOR: Fighter = { fightScore: 70, defendScore: 30 };
const SAMURAI: Fighter = { fightScore: 55, defendScore: 45 };

/** A prediction of `theirs` that is right or wrong. */
function predict(theirs: Action, right: boolean): Action {
  if (right) return theirs;
  return ACTIONS.find((a) => a !== theirs) as Action;
}

function side(fighter: Fighter, move: Move | null, health = 50, factor = 1): RoundSide {
  return { fighter, health, move, factor };
}

type Row = [x: Action, y: Action, xRight: boolean, yRight: boolean, dmgX: number, healX: number, dmgY: number, healY: number];

// x = player1 (Warrior), y = player2 (Samurai). 9 pairs of moves × both predictions right/wrong.
const TABLE: Row[] = [
  ['attack', 'attack', false, false, 22, 0, 19, 0],
  ['attack', 'attack', true, false, 0, 0, 22, 0],
  ['attack', 'attack', false, true, 26, 0, 0, 0],
  ['attack', 'attack', true, true, 26, 0, 22, 0],

  ['attack', 'dodge', false, false, 9, 0, 0, 0],
  ['attack', 'dodge', true, false, 0, 0, 22, 0],
  ['attack', 'dodge', false, true, 11, 0, 0, 0],
  ['attack', 'dodge', true, true, 0, 0, 22, 0],

  ['attack', 'hide', false, false, 0, 0, 19, 15],
  ['attack', 'hide', true, false, 0, 0, 22, 0],
  ['attack', 'hide', false, true, 0, 0, 0, 18],
  ['attack', 'hide', true, true, 0, 0, 19, 15],

  ['dodge', 'attack', false, false, 0, 0, 11, 0],
  ['dodge', 'attack', true, false, 0, 0, 13, 0],
  ['dodge', 'attack', false, true, 26, 0, 0, 0],
  ['dodge', 'attack', true, true, 26, 0, 0, 0],

  ['dodge', 'dodge', false, false, 0, 0, 0, 0],
  ['dodge', 'dodge', true, false, 0, 0, 9, 0],
  ['dodge', 'dodge', false, true, 11, 0, 0, 0],
  ['dodge', 'dodge', true, true, 11, 0, 9, 0],

  ['dodge', 'hide', false, false, 0, 0, 0, 15],
  ['dodge', 'hide', true, false, 0, 0, 0, 15],
  ['dodge', 'hide', false, true, 11, 0, 0, 18],
  ['dodge', 'hide', true, true, 0, 0, 0, 18],

  ['hide', 'attack', false, false, 22, 10, 0, 0],
  ['hide', 'attack', true, false, 0, 12, 0, 0],
  ['hide', 'attack', false, true, 26, 0, 0, 0],
  ['hide', 'attack', true, true, 22, 10, 0, 0],

  ['hide', 'dodge', false, false, 0, 10, 0, 0],
  ['hide', 'dodge', true, false, 0, 12, 9, 0],
  ['hide', 'dodge', false, true, 0, 10, 0, 0],
  ['hide', 'dodge', true, true, 0, 12, 0, 0],

  ['hide', 'hide', false, false, 0, 10, 0, 15],
  ['hide', 'hide', true, false, 0, 12, 0, 0],
  ['hide', 'hide', false, true, 0, 0, 0, 18],
  ['hide', 'hide', true, true, 0, 12, 0, 18],
];

describe('resolveRound: the 36 cases of the combat rules', () => {
  it('covers every pair of moves with every combination of right and wrong predictions', () => {
    const keys = new Set(TABLE.map(([x, y, xr, yr]) => `${x}/${y}/${xr}/${yr}`));
    expect(keys.size).toBe(36);
  });

  it.each(TABLE)('%s vs %s, predictions right: %s / %s', (x, y, xRight, yRight, dmgX, healX, dmgY, healY) => {
    const out = resolveRound({
      round: 1,
      player1: side(WARRIOR, { action: x, prediction: predict(y, xRight) }),
      player2: side(SAMURAI, { action: y, prediction: predict(x, yRight) }),
    });
    expect(out.player1).toMatchObject({ action: x, predictedRight: xRight, damageTaken: dmgX, healingReceived: healX, health: 50 + healX - dmgX });
    expect(out.player2).toMatchObject({ action: y, predictedRight: yRight, damageTaken: dmgY, healingReceived: healY, health: 50 + healY - dmgY });
    const net1 = healX - dmgX;
    const net2 = healY - dmgY;
    expect(out.roundWinner).toBe(net1 === net2 ? 'draw' : net1 > net2 ? 'player1' : 'player2');
    expect(out.gameOver).toBe(false);
    expect(out.winner).toBeNull();
  });
});

describe('resolveRound: the damage and healing formulas', () => {
  it('fight 60 against defense 40 at factor 1.0 deals 18', () => {
    const out = resolveRound({
      round: 1,
      player1: side({ fightScore: 60, defendScore: 40 }, { action: 'attack', prediction: 'attack' }),
      player2: side({ fightScore: 60, defendScore: 40 }, { action: 'attack', prediction: 'attack' }, 50),
    });
    // Both predicted right, so both hits carry the bonus: 18 × 1.2 = 21.6 -> 22.
    expect(out.player1.damageTaken).toBe(22);
    const plain = resolveRound({
      round: 1,
      player1: side({ fightScore: 60, defendScore: 40 }, { action: 'attack', prediction: 'dodge' }),
      player2: side({ fightScore: 60, defendScore: 40 }, { action: 'attack', prediction: 'hide' }),
    });
    expect(plain.player1.damageTaken).toBe(18);
    expect(plain.player2.damageTaken).toBe(18);
  });

  it('defense 60 heals 20', () => {
    const out = resolveRound({
      round: 1,
      player1: side({ fightScore: 50, defendScore: 60 }, { action: 'hide', prediction: 'attack' }),
      player2: side({ fightScore: 50, defendScore: 60 }, { action: 'hide', prediction: 'attack' }),
    });
    expect(out.player1.healingReceived).toBe(20);
    expect(out.player2.healingReceived).toBe(20);
  });

  it('scales damage by the random factor of the fighter who hits', () => {
    const out = resolveRound({
      round: 1,
      player1: side({ fightScore: 60, defendScore: 40 }, { action: 'attack', prediction: 'dodge' }, 50, 1.1),
      player2: side({ fightScore: 60, defendScore: 40 }, { action: 'attack', prediction: 'dodge' }, 50, 0.9),
    });
    expect(out.player2.damageTaken).toBe(20); // 18 × 1.1 = 19.8
    expect(out.player1.damageTaken).toBe(16); // 18 × 0.9 = 16.2
  });

  it('a landed hit does at least 1 HP', () => {
    const out = resolveRound({
      round: 1,
      player1: side({ fightScore: 5, defendScore: 75 }, { action: 'attack', prediction: 'dodge' }, 50, 0.9),
      player2: side({ fightScore: 5, defendScore: 75 }, { action: 'hide', prediction: 'dodge' }),
    });
    expect(out.player2.damageTaken).toBe(1); // 12 × 5 / 75 × 0.9 = 0.72
  });
});

describe('resolveRound: inactivity', () => {
  it('costs the idle side 5 HP and lets the other side\'s attack land', () => {
    const out = resolveRound({
      round: 1,
      player1: side(WARRIOR, { action: 'attack', prediction: 'hide' }),
      player2: side(SAMURAI, null),
    });
    expect(out.player2).toMatchObject({ action: null, prediction: null, damageTaken: 5 + 19, health: 26 });
    expect(out.player1).toMatchObject({ damageTaken: 0, predictedRight: false });
    expect(out.roundWinner).toBe('player1');
  });

  it('lets the acting side heal and costs the idle side 5 HP', () => {
    const out = resolveRound({ round: 1, player1: side(WARRIOR, null), player2: side(SAMURAI, { action: 'hide', prediction: 'attack' }) });
    expect(out.player1.damageTaken).toBe(5);
    expect(out.player2.healingReceived).toBe(15);
  });

  it('a dodge against an idle fighter does nothing but the penalty', () => {
    const out = resolveRound({ round: 1, player1: side(WARRIOR, { action: 'dodge', prediction: 'dodge' }), player2: side(SAMURAI, null) });
    expect(out.player1.damageTaken).toBe(0);
    expect(out.player2.damageTaken).toBe(5);
  });

  it('costs both 5 HP when neither acts: a drawn round', () => {
    const out = resolveRound({ round: 3, player1: side(WARRIOR, null), player2: side(SAMURAI, null) });
    expect(out.player1.health).toBe(45);
    expect(out.player2.health).toBe(45);
    expect(out.roundWinner).toBe('draw');
  });
});

describe('resolveRound: health, game over, sudden death', () => {
  it('clamps health to 100 when healing', () => {
    const out = resolveRound({
      round: 1,
      player1: side(WARRIOR, { action: 'hide', prediction: 'hide' }, 95),
      player2: side(SAMURAI, { action: 'hide', prediction: 'hide' }, 100),
    });
    expect(out.player1.health).toBe(100);
    expect(out.player2.health).toBe(100);
    expect(out.player2.healingReceived).toBe(18);
  });

  it('clamps health to 0 and ends the game with the survivor as winner', () => {
    const out = resolveRound({
      round: 4,
      player1: side(WARRIOR, { action: 'attack', prediction: 'hide' }, 30),
      player2: side(SAMURAI, { action: 'hide', prediction: 'dodge' }, 10),
    });
    expect(out.player2.health).toBe(0);
    expect(out.gameOver).toBe(true);
    expect(out.winner).toBe('player1');
  });

  it('is a draw when both fall in the same round', () => {
    const out = resolveRound({
      round: 2,
      player1: side(WARRIOR, { action: 'attack', prediction: 'dodge' }, 10),
      player2: side(SAMURAI, { action: 'attack', prediction: 'dodge' }, 10),
    });
    expect(out.gameOver).toBe(true);
    expect(out.winner).toBe('draw');
  });

  it('stops heals and drains 10, 20, 30… HP a round from round 10', () => {
    const moves = { player1: { action: 'hide', prediction: 'attack' }, player2: { action: 'hide', prediction: 'attack' } } as const;
    const before = resolveRound({ round: 9, player1: side(WARRIOR, moves.player1), player2: side(SAMURAI, moves.player2) });
    expect(before.suddenDeath).toBe(false);
    expect(before.player1.healingReceived).toBe(10);

    const drains = [10, 11, 12].map((round) =>
      resolveRound({ round, player1: side(WARRIOR, moves.player1, 100), player2: side(SAMURAI, moves.player2, 100) }),
    );
    expect(drains.map((o) => o.suddenDeath)).toEqual([true, true, true]);
    expect(drains.map((o) => o.player1.healingReceived)).toEqual([0, 0, 0]);
    expect(drains.map((o) => o.player1.damageTaken)).toEqual([10, 20, 30]);
    expect(drains.map((o) => o.player2.health)).toEqual([90, 80, 70]);
  });

  it('refuses impossible inputs', () => {
    const ok = side(WARRIOR, null);
    expect(() => resolveRound({ round: 0, player1: ok, player2: ok })).toThrow(RangeError);
    expect(() => resolveRound({ round: 1, player1: { ...ok, health: 101 }, player2: ok })).toThrow(RangeError);
    expect(() => resolveRound({ round: 1, player1: { ...ok, health: 2.5 }, player2: ok })).toThrow(RangeError);
    expect(() => resolveRound({ round: 1, player1: { ...ok, factor: 1.2 }, player2: ok })).toThrow(RangeError);
    expect(() => resolveRound({ round: 1, player1: { ...ok, factor: Number.NaN }, player2: ok })).toThrow(RangeError);
    const bad = { action: 'punch', prediction: 'attack' } as unknown as Move;
    expect(() => resolveRound({ round: 1, player1: side(WARRIOR, bad), player2: ok })).toThrow(RangeError);
    expect(() => resolveRound({ round: 1, player1: side({ fightScore: 10, defendScore: 0 }, null), player2: ok })).toThrow(RangeError);
  });
});

describe('what a round shows, derived from what was played', () => {
  it('counts a read only when both sides acted and the prediction is the other action', () => {
    expect(isPredictedRight('dodge', 'dodge')).toBe(true);
    expect(isPredictedRight('dodge', 'attack')).toBe(false);
    expect(isPredictedRight(null, 'attack')).toBe(false);
    expect(isPredictedRight('attack', null)).toBe(false);
  });

  it('gives the round to the side whose healing minus damage is higher, a draw when equal', () => {
    expect(roundWinnerOf({ damageTaken: 0, healingReceived: 0 }, { damageTaken: 19, healingReceived: 0 })).toBe('player1');
    expect(roundWinnerOf({ damageTaken: 10, healingReceived: 0 }, { damageTaken: 0, healingReceived: 15 })).toBe('player2');
    expect(roundWinnerOf({ damageTaken: 10, healingReceived: 12 }, { damageTaken: 0, healingReceived: 2 })).toBe('draw');
  });
});
