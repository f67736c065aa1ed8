import { roundEndEvent as roundEndSchema } from '@duel-dojo/protocol';
import { type Move, MAX_ROUNDS, type RoundSide, resolveRound } from '@duel-dojo/rules';
import { describe, expect, it } from 'vitest';
import { roundEndEvent } from './game-view';

// A roundEnd as sent (docs/game-events.md): only what the rules cannot derive, and a client's
// parse reads every field the round resolved to.

const side = (health: number, move: Move | null): RoundSide => ({ fighter: { fightScore: 70, defendScore: 30 }, health, move, factor: 1 });

describe('roundEnd', () => {
  it('sends the moves, the damage and the healths; the client reads what the rules resolved', () => {
    const outcome = resolveRound({ round: 2, player1: side(80, { action: 'attack', prediction: 'hide' }), player2: side(90, { action: 'hide', prediction: 'dodge' }) });
    const sent = roundEndEvent('g_1', 7, outcome);
    expect(JSON.stringify(sent)).not.toMatch(/predictedRight|roundWinner|suddenDeath|gameOver|winner|null|false/);
    const read = roundEndSchema.parse(JSON.parse(JSON.stringify(sent)));
    expect(read).toMatchObject({ sessionId: 'g_1', version: 7, round: 2, roundWinner: outcome.roundWinner, suddenDeath: false, gameOver: false, winner: null });
    expect(read.player1).toEqual({ action: 'attack', prediction: 'hide', predictedRight: true, damageTaken: outcome.player1.damageTaken, healingReceived: outcome.player1.healingReceived });
    expect(read.player2.predictedRight).toBe(false);
  });

  it('tells the end of the game and its winner on the last round, and an idle side as no move', () => {
    const outcome = resolveRound({ round: MAX_ROUNDS, player1: side(5, null), player2: side(60, { action: 'hide', prediction: 'attack' }) });
    const read = roundEndSchema.parse(roundEndEvent('g_1', 30, outcome));
    expect(read).toMatchObject({ gameOver: true, winner: outcome.winner, suddenDeath: true, player1: { action: null, prediction: null, predictedRight: false } });
    expect(read.winner).not.toBeNull();
  });
});
