import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOT_COUNTER_SHARE, BOT_MAX_THINK_MS, BOT_MEMORY, actionWeights, botMove, botThinkMs, counterTo } from './bot';
import { ACTIONS, type Action, BEATS } from './moves';

/** A small deterministic source of numbers in [0, 1) (mulberry32). */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sequence = (...values: number[]) => {
  let i = 0;
  return () => values[i++] ?? 0;
};

describe('counterTo', () => {
  it('names the move that beats each action', () => {
    expect(counterTo('attack')).toBe('dodge');
    expect(counterTo('dodge')).toBe('hide');
    expect(counterTo('hide')).toBe('attack');
    for (const action of ACTIONS) expect(BEATS[counterTo(action)]).toBe(action);
  });
});

describe('actionWeights', () => {
  it('counts the last BOT_MEMORY actions, plus one of each', () => {
    expect(actionWeights([])).toEqual({ attack: 1, dodge: 1, hide: 1 });
    const old: Action[] = Array(20).fill('hide');
    const recent: Action[] = Array(BOT_MEMORY).fill('attack');
    expect(actionWeights([...old, ...recent])).toEqual({ attack: 1 + BOT_MEMORY, dodge: 1, hide: 1 });
  });
});

describe('botMove', () => {
  it('is a pure function of the history and the random numbers', () => {
    const history: Action[] = ['attack', 'hide', 'attack'];
    expect(botMove(history, seeded(42))).toEqual(botMove(history, seeded(42)));
  });

  it('predicts in proportion to the weights and counters its prediction', () => {
    // Weights 1/1/1 with no history: 0.1 falls in attack's third, 0.5 in dodge's, 0.9 in hide's.
    expect(botMove([], sequence(0.1, 0))).toEqual({ prediction: 'attack', action: 'dodge' });
    expect(botMove([], sequence(0.5, 0))).toEqual({ prediction: 'dodge', action: 'hide' });
    expect(botMove([], sequence(0.9, 0))).toEqual({ prediction: 'hide', action: 'attack' });
  });

  it('plays any move in the rest of the rounds', () => {
    const share = BOT_COUNTER_SHARE;
    const free = (fraction: number) => botMove([], sequence(0.1, share + (1 - share) * fraction)).action;
    expect([free(0), free(0.5), free(0.99)]).toEqual(['attack', 'dodge', 'hide']);
  });

  it('adapts: against a human who always attacks it mostly predicts attack and dodges', () => {
    const random = seeded(7);
    const history: Action[] = Array(BOT_MEMORY).fill('attack');
    const moves = Array.from({ length: 1000 }, () => botMove(history, random));
    const predictedAttack = moves.filter((m) => m.prediction === 'attack').length / moves.length;
    const dodged = moves.filter((m) => m.action === 'dodge').length / moves.length;
    expect(predictedAttack).toBeGreaterThan(0.7);
    expect(dodged).toBeGreaterThan(0.55);
  });

  it('always returns valid actions, whatever the source returns', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...ACTIONS), { maxLength: 30 }), fc.array(fc.double(), { minLength: 2, maxLength: 2 }), (history, values) => {
        const move = botMove(history, sequence(...values));
        expect(ACTIONS).toContain(move.action);
        expect(ACTIONS).toContain(move.prediction);
      }),
      { numRuns: 100 },
    );
  });
});

describe('botThinkMs', () => {
  it('acts within the first seconds of a long round', () => {
    for (const r of [0, 0.5, 0.999]) {
      const ms = botThinkMs(10_000, () => r);
      expect(ms).toBeGreaterThanOrEqual(BOT_MAX_THINK_MS / 4);
      expect(ms).toBeLessThanOrEqual(BOT_MAX_THINK_MS);
    }
  });

  it('acts well inside a short round', () => {
    expect(botThinkMs(300, () => 0.999)).toBeLessThanOrEqual(120);
    expect(botThinkMs(300, () => 0)).toBe(30);
    expect(() => botThinkMs(0, () => 0)).toThrow(RangeError);
  });
});
