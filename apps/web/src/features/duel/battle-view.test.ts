// The battle as its viewer reads it.
import { describe, expect, it } from 'vitest';
import { SOCKET_2, gameState, roundEnd, roundStart } from '../../test-support/duel-events';
import { type DuelState, INITIAL_DUEL, duelReducer } from './duel-state';
import { battleView, outcomeText, roundResultView, showGameOver } from './battle-view';

function stateFor(socketId: string, overrides = {}): DuelState {
  return duelReducer(INITIAL_DUEL, { type: 'game-state', state: gameState(overrides), socketId, wallet: null, serverNow: 0 });
}

describe('battle view', () => {
  it('puts the viewer on the left with their character and name', () => {
    const view = battleView(stateFor(SOCKET_2))!;
    expect([view.me.name, view.me.character.name, view.opponent.name, view.opponent.character.name]).toEqual(['yuki', 'Soldier', 'kenji', 'Ghost']);
    expect([view.paid, view.stakeLamports, view.outcome]).toEqual([false, 0n, null]);
  });

  it('names a guest and reads a staked game', () => {
    const view = battleView(stateFor('socket-one', { player2Name: null, player2Wallet: null, betAmount: '5$', stakeLamports: '33333333' }))!;
    expect(view.opponent.name).toBe('Guest');
    expect([view.paid, view.stakeLamports]).toEqual([true, 33_333_333n]);
  });

  it('says the round result in the viewer\'s words with both moves', () => {
    const end = roundEnd(1, 3, [90, 70], { player1: { action: 'attack', damageTaken: 10 }, player2: { action: 'hide', damageTaken: 30 } });
    expect(roundResultView(end, 'player1')).toMatchObject({ text: 'YOU WON!', mine: { action: 'attack' }, theirs: { action: 'hide' } });
    expect(roundResultView(end, 'player2').text).toBe('YOU LOST');
    expect(roundResultView({ ...end, roundWinner: 'draw' }, 'player2').text).toBe('ROUND DRAW');
  });

  it('shows the game over after the last results, with the winner', () => {
    let state = stateFor(SOCKET_2);
    state = duelReducer(state, { type: 'round-start', event: roundStart(1, 2), serverNow: 0 });
    state = duelReducer(state, { type: 'round-end', event: roundEnd(1, 3, [0, 50], { winner: 'player2', player1: { damageTaken: 100 }, player2: { damageTaken: 50 } }) });
    expect(battleView(state)?.outcome).toBe('won');
    expect(showGameOver(state)).toBe(false);
    state = duelReducer(state, { type: 'results-done' });
    expect(showGameOver(state)).toBe(true);
    expect(outcomeText('lost', 'kenji')).toBe('kenji won the duel.');
  });
});
