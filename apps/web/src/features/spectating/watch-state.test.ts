import { describe, expect, it } from 'vitest';
import { gameState, roundEnd, roundStart } from '../../test-support/duel-events';
import { replaySteps, winnerSlot } from './replay';
import { INITIAL_WATCH, type WatchEvent, watchReducer } from './watch-state';
import { spectatorEndText, spectatorVerdict } from './watch-texts';

const play = (...events: WatchEvent[]) => events.reduce(watchReducer, INITIAL_WATCH);
const NAMES = { player1: 'kenji', player2: 'yuki' } as const;

describe('a spectator following a duel', () => {
  it('follows the rounds by version and drops what is older than the screen', () => {
    const state = play(
      { type: 'gameState', state: gameState({ version: 4, phase: 'intro' }) },
      { type: 'roundStart', event: roundStart(1, 5, 9_000) },
      { type: 'roundStart', event: roundStart(1, 5, 9_000) },
      { type: 'roundEnd', event: roundEnd(1, 6, [80, 100], { player1: { damageTaken: 20 } }) },
      { type: 'gameState', state: gameState({ version: 5, phase: 'round', round: 1 }) },
    );
    expect(state).toMatchObject({ version: 6, round: 1, endTime: null, results: { round: 1 } });
    expect(state.game?.playerCharacter.health).toBe(80);
    expect(state.log.map((end) => end.round)).toEqual([1]);
  });

  it('follows a whole game from roundStart and roundEnd alone between the first and the final state', () => {
    let state = play({ type: 'gameState', state: gameState({ version: 4, phase: 'intro' }) }, { type: 'roundStart', event: roundStart(1, 5, 9_000) });
    expect(state).toMatchObject({ round: 1, endTime: 9_000, results: null, game: { phase: 'round', round: 1, endTime: 9_000 } });
    state = watchReducer(state, { type: 'roundEnd', event: roundEnd(1, 6, [100, 62], { player2: { damageTaken: 38 } }) });
    expect(state).toMatchObject({ round: 1, endTime: null, results: { round: 1 }, game: { phase: 'results', gameOver: false, playerCharacter: { health: 100 }, opponentCharacter: { health: 62 } } });
    state = watchReducer(state, { type: 'roundStart', event: roundStart(2, 7, 23_000) });
    expect(state).toMatchObject({ round: 2, endTime: 23_000, results: null, game: { phase: 'round', round: 2 } });
    state = watchReducer(state, { type: 'roundEnd', event: roundEnd(2, 8, [100, 0], { winner: 'player1', player2: { damageTaken: 62 } }) });
    expect(state).toMatchObject({ round: 2, endTime: null, game: { phase: 'over', gameOver: true, winner: 'player1', endReason: null, opponentCharacter: { health: 0 } } });
    expect(state.log.map((end) => end.round)).toEqual([1, 2]);
    state = watchReducer(state, { type: 'gameState', state: gameState({ version: 9, phase: 'over', round: 2, gameOver: true, winner: 'player1', endReason: 'knockout', opponentCharacter: { id: 8, health: 0 } }) });
    expect(state.game).toMatchObject({ phase: 'over', endReason: 'knockout' });
    expect(state.needsFullState).toBe(false);
  });

  it('asks for the full state again when a version is skipped, until the new watch', () => {
    const state = play({ type: 'gameState', state: gameState({ version: 4, phase: 'intro' }) }, { type: 'roundEnd', event: roundEnd(1, 6, [80, 100]) });
    expect(state.needsFullState).toBe(true);
    expect(state.game?.playerCharacter.health).toBe(80);
    const rewatched = watchReducer(state, { type: 'rewatch' });
    expect(rewatched.needsFullState).toBe(false);
    expect(watchReducer(rewatched, { type: 'roundStart', event: roundStart(2, 7, 9_000) }).needsFullState).toBe(false);
  });

  it('takes the state a new watch answers, and a finished game whatever its version', () => {
    const running = play({ type: 'gameState', state: gameState({ version: 9 }) }, { type: 'rewatch' }, { type: 'gameState', state: gameState({ version: 3 }) });
    expect(running.version).toBe(3);
    const over = watchReducer(running, { type: 'gameState', state: gameState({ version: 0, phase: 'over', gameOver: true, winner: 'player1' }) });
    expect(over.game?.gameOver).toBe(true);
  });

  it('keeps a refusal and the spectators count', () => {
    const state = play({ type: 'refused', code: 'SPECTATORS_FULL', message: 'full' }, { type: 'spectators', count: 7 });
    expect(state).toMatchObject({ spectators: 7, refusal: { code: 'SPECTATORS_FULL' } });
  });

  it('tells rounds and ends by the fighters names', () => {
    expect(spectatorVerdict({ roundWinner: 'player2' }, NAMES)).toEqual({ text: 'YUKI WINS THE ROUND', tone: 'lost' });
    expect(spectatorVerdict({ roundWinner: 'draw' }, NAMES).text).toBe('ROUND DRAW');
    expect(spectatorEndText('resigned', 'player1', NAMES)).toBe('yuki resigned');
    expect(spectatorEndText('abandoned', 'player2', NAMES)).toBe('Victory claimed: kenji left the game');
  });
});

describe('a replay', () => {
  const side = (health: number) => ({ action: 'attack', prediction: 'hide', predictedRight: false, damageTaken: 100 - health, healingReceived: 0, health, factor: 1 });
  it('starts at full health and steps through the published rounds in order', () => {
    const steps = replaySteps({ rounds: [{ round: 2, suddenDeath: false, roundWinner: 'player1', player1: side(60), player2: side(0) }, { round: 1, suddenDeath: false, roundWinner: 'draw', player1: side(80), player2: side(40) }] });
    expect(steps.map((step) => [step.round, step.health.player1, step.health.player2])).toEqual([
      [0, 100, 100],
      [1, 80, 40],
      [2, 60, 0],
    ]);
    expect(steps[2]?.end).toMatchObject({ roundWinner: 'player1', player1: { action: 'attack', prediction: 'hide' } });
  });

  it('reads the record winner as a slot', () => {
    expect(winnerSlot({ winner: 'W2', player1Wallet: 'W1', player2Wallet: 'W2' })).toBe('player2');
    expect(winnerSlot({ winner: 'draw', player1Wallet: null, player2Wallet: null })).toBe('draw');
  });
});
