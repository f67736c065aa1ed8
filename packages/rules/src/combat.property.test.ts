import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_ROUNDS } from './combat-constants';
import { MAX_HEALTH } from './roster';
import { type DuelState, playRound, startDuel } from './duel';
import { ACTIONS, type Move } from './moves';
import { type RoundInput, type RoundOutcome, type Slot, resolveRound } from './resolve-round';

const fighter = fc.record({ fightScore: fc.integer({ min: 5, max: 105 }), defendScore: fc.integer({ min: 5, max: 75 }) });
const action = fc.constantFrom(...ACTIONS);
const move: fc.Arbitrary<Move | null> = fc.option(fc.record({ action, prediction: action }), { nil: null, freq: 6 });
const factor = fc.double({ min: 0.9, max: 1.1, noNaN: true });
const side = fc.record({ fighter, health: fc.integer({ min: 0, max: MAX_HEALTH }), move, factor });
const roundInput: fc.Arbitrary<RoundInput> = fc.record({ round: fc.integer({ min: 1, max: MAX_ROUNDS }), player1: side, player2: side });

const net = (o: RoundOutcome, slot: Slot): number => o[slot].healingReceived - o[slot].damageTaken;
const other = (slot: Slot): Slot => (slot === 'player1' ? 'player2' : 'player1');

describe('combat properties', () => {
  it('health always stays a whole number in 0–100', () => {
    fc.assert(
      fc.property(roundInput, (input) => {
        const out = resolveRound(input);
        for (const slot of ['player1', 'player2'] as const) {
          expect(Number.isInteger(out[slot].health)).toBe(true);
          expect(out[slot].health).toBeGreaterThanOrEqual(0);
          expect(out[slot].health).toBeLessThanOrEqual(MAX_HEALTH);
          expect(out[slot].damageTaken).toBeGreaterThanOrEqual(0);
          expect(out[slot].healingReceived).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('a correct prediction never makes its own side\'s outcome worse', () => {
    fc.assert(
      fc.property(roundInput, fc.constantFrom<Slot>('player1', 'player2'), (input, slot) => {
        const mine = input[slot].move;
        const theirs = input[other(slot)].move;
        fc.pre(mine !== null && theirs !== null && mine.prediction !== theirs.action);
        const wrong = resolveRound(input);
        const right = resolveRound({ ...input, [slot]: { ...input[slot], move: { action: mine!.action, prediction: theirs!.action } } });
        expect(right[slot].predictedRight).toBe(true);
        // Own gain is at least as good and the opponent's no better.
        expect(net(right, slot)).toBeGreaterThanOrEqual(net(wrong, slot));
        expect(net(right, other(slot))).toBeLessThanOrEqual(net(wrong, other(slot)));
        expect(right[slot].health - right[other(slot)].health).toBeGreaterThanOrEqual(wrong[slot].health - wrong[other(slot)].health);
      }),
      { numRuns: 3000 },
    );
  });

  it('treats both slots alike: swapping the players swaps the outcome', () => {
    fc.assert(
      fc.property(roundInput, (input) => {
        const out = resolveRound(input);
        const swapped = resolveRound({ round: input.round, player1: input.player2, player2: input.player1 });
        expect(swapped.player1).toEqual(out.player2);
        expect(swapped.player2).toEqual(out.player1);
        const flip = { player1: 'player2', player2: 'player1', draw: 'draw' } as const;
        expect(swapped.roundWinner).toBe(flip[out.roundWinner]);
        expect(swapped.winner).toBe(out.winner === null ? null : flip[out.winner]);
      }),
      { numRuns: 1000 },
    );
  });

  it(`every game ends with a fallen fighter within ${MAX_ROUNDS} rounds, whatever both players do`, () => {
    const roundPlay = fc.record({ moves: fc.record({ player1: move, player2: move }), factors: fc.record({ player1: factor, player2: factor }) });
    fc.assert(
      fc.property(fighter, fighter, fc.array(roundPlay, { minLength: MAX_ROUNDS, maxLength: MAX_ROUNDS }), (f1, f2, plays) => {
        let state: DuelState = startDuel(f1, f2);
        for (const play of plays) {
          if (state.gameOver) break;
          state = playRound(state, play.moves, play.factors);
        }
        expect(state.gameOver).toBe(true);
        expect(state.round).toBeLessThanOrEqual(MAX_ROUNDS);
        // Ended by the rules (somebody fell), not by the safety stop at MAX_ROUNDS.
        expect(Math.min(state.health.player1, state.health.player2)).toBe(0);
        expect(state.winner).toBe(
          state.health.player1 === state.health.player2 ? 'draw' : state.health.player1 > 0 ? 'player1' : 'player2',
        );
        expect(state.log).toHaveLength(state.round);
      }),
      { numRuns: 1000 },
    );
  });

  it('the most passive game possible (both always dodge, never reading) ends by sudden death as a draw', () => {
    let state = startDuel({ fightScore: 50, defendScore: 50 }, { fightScore: 50, defendScore: 50 });
    const dodge = { action: 'dodge', prediction: 'attack' } as const;
    while (!state.gameOver) state = playRound(state, { player1: dodge, player2: dodge }, { player1: 1, player2: 1 });
    expect(state.round).toBe(MAX_ROUNDS);
    expect(state.winner).toBe('draw');
    expect(() => playRound(state, { player1: dodge, player2: dodge }, { player1: 1, player2: 1 })).toThrow('already over');
  });
});
