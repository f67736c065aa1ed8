// The live duel reducer: versions, seats, health, moves, the round log and the intro.
import { FIGHT_INTRO_MS, FIGHT_INTRO_REJOIN_MS } from '@duel-dojo/rules';
import { describe, expect, it } from 'vitest';
import { SESSION, SOCKET_1, SOCKET_2, WALLET_2, confirmed, gameState, roundEnd, roundStart } from '../../test-support/duel-events';
import { type DuelEvent, type DuelState, INITIAL_DUEL, canPick, duelReducer } from './duel-state';

const NOW = 1_000_000;
const run = (events: DuelEvent[], from: DuelState = INITIAL_DUEL) => events.reduce(duelReducer, from);
const stateEvent = (overrides: Parameters<typeof gameState>[0] = {}, socketId = SOCKET_1, rejoin = false): DuelEvent => ({
  type: 'game-state', state: gameState(overrides), socketId, wallet: null, serverNow: NOW, rejoin,
});
const start = (round: number, version: number): DuelEvent => ({ type: 'round-start', event: roundStart(round, version), serverNow: NOW });
const end = (...args: Parameters<typeof roundEnd>): DuelEvent => ({ type: 'round-end', event: roundEnd(...args) });
const matched = () => run([stateEvent({ phase: 'intro', version: 1 })]);

describe('the live duel', () => {
  it('finds its seat by socket id, else by wallet', () => {
    expect(matched().mySlot).toBe('player1');
    expect(run([stateEvent({}, SOCKET_2)]).mySlot).toBe('player2');
    expect(duelReducer(INITIAL_DUEL, { type: 'game-state', state: gameState(), socketId: 'new-socket', wallet: WALLET_2, serverNow: NOW }).mySlot).toBe('player2');
  });

  it('plays the 3 s intro when the match starts, and a 2 s one on a rejoin', () => {
    expect(matched().intro).toMatchObject({ ms: FIGHT_INTRO_MS });
    expect(run([stateEvent({ phase: 'round', round: 3, endTime: NOW + 5_000, version: 9 }, SOCKET_1, true)]).intro).toMatchObject({ ms: FIGHT_INTRO_REJOIN_MS });
    expect(run([stateEvent({ phase: 'waiting', opponentCharacter: null })]).intro).toBeNull();
    expect(duelReducer(matched(), { type: 'intro-done' }).intro).toBeNull();
  });

  it('starts a round, takes the prediction, then the action: sent, counted once the server confirms it', () => {
    let state = run([start(1, 2)], matched());
    expect(state.rounds).toMatchObject({ phase: 'round-active', round: 1 });
    expect(canPick(state)).toBe(true);
    expect(duelReducer(state, { type: 'act', action: 'attack' })).toBe(state);
    state = duelReducer(state, { type: 'predict', action: 'dodge' });
    state = duelReducer(state, { type: 'undo' });
    expect(state.move.prediction).toBeNull();
    state = run([{ type: 'predict', action: 'hide' }, { type: 'act', action: 'attack' }], state);
    expect(state.move).toEqual({ round: 1, prediction: 'hide', action: 'attack', locked: false, pending: true, missed: false });
    expect(canPick(state)).toBe(false);
    expect(duelReducer(state, { type: 'predict', action: 'dodge' })).toBe(state);
    expect(duelReducer(state, { type: 'undo' })).toBe(state);
    state = duelReducer(state, { type: 'action-confirmed', event: confirmed(1, 2, 'attack', 'hide') });
    expect(state.move).toEqual({ round: 1, prediction: 'hide', action: 'attack', locked: true, pending: false, missed: false });
  });

  it('after a reload mid-round shows the move it had sent, locked; a round without one stays open', () => {
    const reloaded = run([stateEvent({ phase: 'round', round: 4, endTime: NOW + 6_000, version: 20, myMove: { action: 'dodge', prediction: 'attack' } }, SOCKET_1, true)]);
    expect(reloaded.move).toEqual({ round: 4, action: 'dodge', prediction: 'attack', locked: true, pending: false, missed: false });
    expect(canPick(reloaded)).toBe(false);
    const fresh = run([stateEvent({ phase: 'round', round: 4, endTime: NOW + 6_000, version: 20 }, SOCKET_1, true)]);
    expect(canPick(fresh)).toBe(true);
  });

  it('takes the server confirmation of the move as the locked move', () => {
    const state = run([start(1, 2), { type: 'action-confirmed', event: confirmed(1, 2, 'dodge', 'attack') }], matched());
    expect(state.move).toEqual({ round: 1, prediction: 'attack', action: 'dodge', locked: true, pending: false, missed: false });
  });

  it('applies a round end: health, the log, the results, then a fresh move next round', () => {
    let state = run([start(1, 2), end(1, 3, [80, 64], { player1: { damageTaken: 20 }, player2: { damageTaken: 36 } })], matched());
    expect([state.game?.playerCharacter.health, state.game?.opponentCharacter?.health]).toEqual([80, 64]);
    expect(state.rounds.phase).toBe('results-display');
    expect(state.log.map((entry) => entry.round)).toEqual([1]);
    state = run([start(2, 4), { type: 'results-done' }], state);
    expect(state.rounds).toMatchObject({ phase: 'round-active', round: 2 });
    expect(state.move).toEqual({ round: 2, prediction: null, action: null, locked: false, pending: false, missed: false });
  });

  it('drops a broadcast it has already seen, and one of another game', () => {
    const state = run([start(1, 2), end(1, 3, [80, 64])], matched());
    expect(duelReducer(state, end(1, 3, [1, 1]))).toBe(state);
    expect(duelReducer(state, { type: 'round-end', event: { ...roundEnd(2, 4, [1, 1]), sessionId: 'other' } })).toBe(state);
    expect(duelReducer(state, stateEvent({ sessionId: 'other', version: 50 }))).toBe(state);
    expect(duelReducer(state, stateEvent({ version: 2 }))).toBe(state);
  });

  it('SECURITY 26: asks for the full state when a version is skipped, and applies what it got', () => {
    const state = run([start(1, 2), end(1, 5, [70, 70])], matched());
    expect(state.needsFullState).toBe(true);
    expect(state.game?.playerCharacter.health).toBe(70);
    const asked = duelReducer(state, { type: 'full-state-requested' });
    expect(asked.needsFullState).toBe(false);
    const full = duelReducer(asked, stateEvent({ phase: 'results', round: 1, version: 6, playerCharacter: { id: 4, health: 70 } }));
    expect(full.version).toBe(6);
  });

  it('a full state in a running round starts it with the server end time; one after a missed end closes the round', () => {
    const rejoined = run([stateEvent({ phase: 'round', round: 4, endTime: NOW + 6_000, version: 20 }, SOCKET_1, true)]);
    expect(rejoined.rounds).toMatchObject({ phase: 'round-active', round: 4, endTime: NOW + 6_000 });
    const missed = run([start(1, 2), stateEvent({ phase: 'results', round: 1, version: 4 })], matched());
    expect(missed.rounds).toMatchObject({ phase: 'idle', lastHandledRoundEnd: 1 });
  });

  describe('a game the server resumed from its last closed round (a restart)', () => {
    const RESTART = NOW + 60_000;
    /** Round 1 closed, round 2 running with a locked pick, then the resumed full state (a version gap). */
    const resumed = () => {
      const picked = run([start(1, 2), end(1, 3, [80, 64]), { type: 'results-done' }, start(2, 4), { type: 'predict', action: 'hide' }, { type: 'act', action: 'attack' }], matched());
      expect(picked.move).toMatchObject({ round: 2, pending: true });
      return duelReducer(picked, stateEvent({ phase: 'results', round: 1, version: 40, playerCharacter: { id: 4, health: 80 }, opponentCharacter: { id: 8, health: 64 } }));
    };

    it('applies the full state despite the gap: the round on screen stops and its pick is void', () => {
      const state = resumed();
      expect(state.version).toBe(40);
      expect(state.needsFullState).toBe(false);
      expect(state.rounds).toMatchObject({ phase: 'idle', round: 2, endTime: null, lastHandledRoundEnd: 1 });
      expect(state.move).toEqual({ round: 2, prediction: null, action: null, locked: false, pending: false, missed: false });
      expect(canPick(state)).toBe(false);
    });

    it('restarts the same round on its new roundStart: new end time, the pick open again', () => {
      const state = duelReducer(resumed(), { type: 'round-start', event: roundStart(2, 41, RESTART), serverNow: NOW });
      expect(state.rounds).toMatchObject({ phase: 'round-active', round: 2, endTime: RESTART });
      expect(state.move).toEqual({ round: 2, prediction: null, action: null, locked: false, pending: false, missed: false });
      expect(canPick(state)).toBe(true);
    });

    it('un-locks a pick the server had confirmed before the restart, and ignores that old confirmation after it', () => {
      const confirmedBefore = run([start(1, 2), end(1, 3, [80, 64]), { type: 'results-done' }, start(2, 4), { type: 'action-confirmed', event: confirmed(2, 4, 'dodge', 'attack') }], matched());
      expect(confirmedBefore.move.locked).toBe(true);
      const restarted = run([stateEvent({ phase: 'results', round: 1, version: 40 }), { type: 'round-start', event: roundStart(2, 41, RESTART), serverNow: NOW }], confirmedBefore);
      expect(canPick(restarted)).toBe(true);
      expect(duelReducer(restarted, { type: 'action-confirmed', event: confirmed(2, 4, 'dodge', 'attack') })).toBe(restarted);
      expect(duelReducer(restarted, { type: 'action-confirmed', event: confirmed(2, 41, 'hide', 'dodge') }).move).toMatchObject({ round: 2, action: 'hide', locked: true });
    });

    it('ignores a duplicated roundStart of the restarted round, and a full state repeating it, keeping the new pick', () => {
      const restarted = run([{ type: 'round-start', event: roundStart(2, 41, RESTART), serverNow: NOW }, { type: 'predict', action: 'dodge' }], resumed());
      expect(duelReducer(restarted, { type: 'round-start', event: roundStart(2, 41, RESTART), serverNow: NOW })).toBe(restarted);
      const repeated = duelReducer(restarted, stateEvent({ phase: 'round', round: 2, endTime: RESTART, version: 41 }));
      expect(repeated.rounds).toBe(restarted.rounds);
      expect(repeated.move).toEqual({ round: 2, prediction: 'dodge', action: null, locked: false, pending: false, missed: false });
    });

    it('restarts on a roundStart that comes with a gap before the full state, then takes the full state of that round as is', () => {
      const picked = run([start(1, 2), end(1, 3, [80, 64]), { type: 'results-done' }, start(2, 4), { type: 'predict', action: 'hide' }, { type: 'act', action: 'attack' }], matched());
      const restarted = duelReducer(picked, { type: 'round-start', event: roundStart(2, 45, RESTART), serverNow: NOW });
      expect(restarted.needsFullState).toBe(true);
      expect(restarted.rounds).toMatchObject({ phase: 'round-active', round: 2, endTime: RESTART });
      expect(canPick(restarted)).toBe(true);
      const full = duelReducer(restarted, stateEvent({ phase: 'round', round: 2, endTime: RESTART, version: 45 }));
      expect(full.rounds).toBe(restarted.rounds);
      expect(full.needsFullState).toBe(false);
      expect(canPick(full)).toBe(true);
    });

    it('a resumed full state that finds the round already restarted starts it with its end time', () => {
      const picked = run([start(1, 2), end(1, 3, [80, 64]), { type: 'results-done' }, start(2, 4), { type: 'predict', action: 'hide' }, { type: 'act', action: 'attack' }], matched());
      const state = duelReducer(picked, stateEvent({ phase: 'round', round: 2, endTime: RESTART, version: 41 }));
      expect(state.rounds).toMatchObject({ phase: 'round-active', round: 2, endTime: RESTART });
      expect(canPick(state)).toBe(true);
    });
  });

  it('a plain reconnect (no restart) keeps the running round and its locked pick', () => {
    const picked = run([start(1, 2), { type: 'predict', action: 'hide' }, { type: 'act', action: 'attack' }], matched());
    const back = duelReducer(picked, stateEvent({ phase: 'round', round: 1, endTime: roundStart(1, 2).endTime, version: 2, myMove: { action: 'attack', prediction: 'hide' } }));
    expect(back.rounds).toBe(picked.rounds);
    expect(back.move).toEqual({ round: 1, prediction: 'hide', action: 'attack', locked: true, pending: false, missed: false });
  });

  it('ends the game on a round end with gameOver, keeping the last results on screen', () => {
    const state = run([start(1, 2), end(1, 3, [0, 40], { winner: 'player2', player1: { damageTaken: 100 }, player2: { damageTaken: 60 } }), stateEvent({ phase: 'over', gameOver: true, winner: 'player2', version: 4 })], matched());
    expect(state.game).toMatchObject({ gameOver: true, winner: 'player2', phase: 'over' });
    expect(state.rounds.phase).toBe('results-display');
    expect(state.log).toHaveLength(1);
  });

  it('plays a whole game from roundStart and roundEnd alone between the match and the final state', () => {
    let state = matched();
    expect(state.game?.phase).toBe('intro');
    state = run([start(1, 2), { type: 'intro-done' }], state);
    expect(state.game).toMatchObject({ phase: 'round', round: 1, endTime: roundStart(1, 2).endTime });
    expect(state.rounds).toMatchObject({ phase: 'round-active', round: 1, endTime: roundStart(1, 2).endTime });
    state = run([{ type: 'predict', action: 'dodge' }, { type: 'act', action: 'attack' }, { type: 'action-confirmed', event: confirmed(1, 2, 'attack', 'dodge') }], state);
    state = duelReducer(state, end(1, 3, [100, 62], { player2: { damageTaken: 38 } }));
    expect(state.game).toMatchObject({ phase: 'results', round: 1, endTime: null, gameOver: false, playerCharacter: { health: 100 }, opponentCharacter: { health: 62 } });
    expect(state.rounds).toMatchObject({ phase: 'results-display', results: { round: 1, roundWinner: 'player1' } });

    // The next roundStart during the results waits for them; then the move starts afresh.
    state = duelReducer(state, start(2, 4));
    expect(state.game).toMatchObject({ phase: 'round', round: 2, endTime: roundStart(2, 4).endTime });
    expect(state.rounds.phase).toBe('results-display');
    state = duelReducer(state, { type: 'results-done' });
    expect(state.rounds).toMatchObject({ phase: 'round-active', round: 2, endTime: roundStart(2, 4).endTime });
    expect(state.move).toEqual({ round: 2, prediction: null, action: null, locked: false, pending: false, missed: false });
    expect(canPick(state)).toBe(true);

    state = duelReducer(state, end(2, 5, [0, 62], { winner: 'player2', player1: { damageTaken: 100 } }));
    expect(state.game).toMatchObject({ phase: 'over', round: 2, gameOver: true, winner: 'player2', endReason: null, playerCharacter: { health: 0 } });
    expect(state.log.map((entry) => [entry.round, entry.player1Health, entry.player2Health])).toEqual([
      [1, 100, 62],
      [2, 0, 62],
    ]);
    const final = duelReducer(state, stateEvent({ phase: 'over', round: 2, version: 6, gameOver: true, winner: 'player2', endReason: 'knockout', fairness: { commitment: 'b'.repeat(64), serverSeed: 'a'.repeat(64), clientSeeds: null } }));
    expect(final.game).toMatchObject({ phase: 'over', endReason: 'knockout', fairness: { serverSeed: 'a'.repeat(64) } });
    expect(final.rounds.phase).toBe('results-display');
    expect([state.needsFullState, final.needsFullState]).toEqual([false, false]);
  });

  it('asks for the full state when a roundStart skips a version (a missed round end)', () => {
    const state = run([start(1, 2), start(2, 4)], matched());
    expect(state.needsFullState).toBe(true);
    expect(state.rounds).toMatchObject({ phase: 'round-active', round: 2 });
  });

  it('time-up moves the running round to round-ending; reset forgets the game', () => {
    const state = run([start(1, 2), { type: 'time-up' }], matched());
    expect(state.rounds.phase).toBe('round-ending');
    expect(canPick(state)).toBe(false);
    expect(duelReducer(state, { type: 'reset' })).toEqual(INITIAL_DUEL);
  });

  it('follows a new game only after a reset', () => {
    const state = matched();
    expect(state.sessionId).toBe(SESSION);
    const reset = duelReducer(state, { type: 'reset' });
    expect(duelReducer(reset, stateEvent({ sessionId: 'next', phase: 'waiting', opponentCharacter: null })).sessionId).toBe('next');
  });

  it('marks a move sent but never confirmed as missed when its round ends, and after a refusal', () => {
    const sent = run([start(1, 2), { type: 'predict', action: 'hide' }, { type: 'act', action: 'attack' }], matched());
    expect(run([end(1, 3, [80, 64])], sent).move).toMatchObject({ round: 1, pending: false, missed: true });
    expect(duelReducer(sent, { type: 'action-refused' }).move).toMatchObject({ pending: false, missed: true });
    const confirmedFirst = run([{ type: 'action-confirmed', event: confirmed(1, 2, 'attack', 'hide') }, end(1, 3, [80, 64])], sent);
    expect(confirmedFirst.move).toMatchObject({ locked: true, missed: false });
  });

  it("keeps the opponent's connection and lock-in for the running round only, never the move", () => {
    let state = run([start(1, 2)], matched());
    state = duelReducer(state, { type: 'opponent-locked', event: { sessionId: SESSION, version: 2, round: 1 } });
    expect(state.opponentLockedRound).toBe(1);
    // A stale one (an older round) changes nothing.
    expect(duelReducer(state, { type: 'opponent-locked', event: { sessionId: SESSION, version: 2, round: 0 + 3 } })).toBe(state);
    state = duelReducer(state, { type: 'opponent-status', event: { sessionId: SESSION, version: 2, connected: false, since: NOW } });
    expect(state.opponent).toEqual({ connected: false, since: NOW });
    expect(duelReducer(state, { type: 'opponent-status', event: { sessionId: 'other', version: 9, connected: true, since: NOW } })).toBe(state);
    // A rejoin's full state carries both.
    const rejoined = duelReducer(state, stateEvent({ phase: 'round', round: 1, endTime: NOW + 5_000, version: 2, opponentStatus: { connected: true, since: NOW + 1 }, opponentLocked: false }));
    expect(rejoined.opponent).toEqual({ connected: true, since: NOW + 1 });
  });
});
