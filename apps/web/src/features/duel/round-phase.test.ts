// Round phases, rule by rule.
import { ROUND_DURATION_MS } from '@duel-dojo/rules';
import { describe, expect, it } from 'vitest';
import { type RoundPhaseEvent, type RoundPhaseState, initialRoundPhase, roundPhaseReducer } from './round-phase';

type State = RoundPhaseState<string>;
const NOW = 1_000_000;

function run(events: RoundPhaseEvent<string>[], from: State = initialRoundPhase()): State {
  return events.reduce(roundPhaseReducer<string>, from);
}
const start = (round: number, endTime: number | null = NOW + 10_000): RoundPhaseEvent<string> => ({ type: 'round-start', round, endTime, serverNow: NOW });
const end = (round: number, data = `end ${round}`): RoundPhaseEvent<string> => ({ type: 'round-end', round, data });
const timeUp = (round: number): RoundPhaseEvent<string> => ({ type: 'time-up', round });
const done: RoundPhaseEvent<string> = { type: 'results-done' };

describe('round phases', () => {
  it('goes idle -> round-active -> round-ending -> results-display -> idle', () => {
    const phases: string[] = [];
    let state: State = initialRoundPhase();
    for (const event of [start(1), timeUp(1), end(1), done]) {
      state = roundPhaseReducer(state, event);
      phases.push(state.phase);
    }
    expect(phases).toEqual(['round-active', 'round-ending', 'results-display', 'idle']);
    expect(state).toMatchObject({ round: 1, lastHandledRoundEnd: 1, results: null, endTime: null });
  });

  it('accepts a roundEnd straight from round-active (both acted early) and shows its data', () => {
    const state = run([start(1), end(1, 'both hit')]);
    expect(state).toMatchObject({ phase: 'results-display', results: 'both hit', lastHandledRoundEnd: 1 });
  });

  it('keeps the end time of the roundStart, and assumes a 10 s round when it has none', () => {
    expect(run([start(1, NOW + 7_000)]).endTime).toBe(NOW + 7_000);
    expect(run([start(1, null)]).endTime).toBe(NOW + ROUND_DURATION_MS);
    expect(run([{ type: 'round-start', round: 1, serverNow: NOW }]).endTime).toBe(NOW + ROUND_DURATION_MS);
  });

  it('queues a roundStart that arrives during the results and processes it after them', () => {
    const showing = run([start(1), end(1), start(2, NOW + 20_000)]);
    expect(showing).toMatchObject({ phase: 'results-display', round: 1, queued: { round: 2, endTime: NOW + 20_000 } });
    expect(roundPhaseReducer(showing, done)).toMatchObject({ phase: 'round-active', round: 2, endTime: NOW + 20_000, queued: null, results: null });
  });

  it('queues the assumed 10 s end when the queued start had none', () => {
    const state = run([start(1), end(1), start(2, null), done]);
    expect(state.endTime).toBe(NOW + ROUND_DURATION_MS);
  });

  it('ignores a roundStart for an earlier round, a duplicate of the running one, and one of a round whose end came', () => {
    const active = run([start(2)]);
    expect(roundPhaseReducer(active, start(2))).toBe(active);
    expect(roundPhaseReducer(active, start(1))).toBe(active);
    expect(roundPhaseReducer(active, start(2, null))).toBe(active);
    const after = run([start(1), end(1), done]);
    expect(roundPhaseReducer(after, start(1))).toBe(after);
    expect(roundPhaseReducer(after, start(1, NOW + 50_000))).toBe(after);
    const showing = run([start(3), end(3)]);
    expect(roundPhaseReducer(showing, start(3))).toBe(showing);
    expect(roundPhaseReducer(showing, start(3, NOW + 50_000))).toBe(showing);
    const queued = run([start(1), end(1), start(2)]);
    expect(roundPhaseReducer(queued, start(2))).toBe(queued);
  });

  describe('a game resumed by the server from its last closed round', () => {
    const closed = (round: number): RoundPhaseEvent<string> => ({ type: 'round-closed', round });
    const RESTART = NOW + 30_000;

    it('a full state whose last closed round is earlier stops the running round, keeping its number', () => {
      const stopped = run([start(1), end(1), done, start(2), closed(1)]);
      expect(stopped).toMatchObject({ phase: 'idle', round: 2, endTime: null, lastHandledRoundEnd: 1 });
      const timedOut = run([start(1), end(1), done, start(2), timeUp(2), closed(1)]);
      expect(timedOut).toMatchObject({ phase: 'idle', round: 2, lastHandledRoundEnd: 1 });
      expect(roundPhaseReducer(stopped, closed(1))).toBe(stopped);
    });

    it('restarts that round on its new roundStart, with the new end time', () => {
      const restarted = run([start(1), end(1), done, start(2), closed(1), start(2, RESTART)]);
      expect(restarted).toMatchObject({ phase: 'round-active', round: 2, endTime: RESTART, lastHandledRoundEnd: 1 });
      expect(roundPhaseReducer(restarted, start(2, RESTART))).toBe(restarted);
      expect(roundPhaseReducer(restarted, end(2)).phase).toBe('results-display');
    });

    it('restarts it as well when the new roundStart comes before the full state, or alone', () => {
      expect(run([start(1), end(1), done, start(2), start(2, RESTART)])).toMatchObject({ phase: 'round-active', round: 2, endTime: RESTART });
      expect(run([start(2), timeUp(2), start(2, RESTART)])).toMatchObject({ phase: 'round-active', round: 2, endTime: RESTART });
    });

    it('replaces the roundStart queued during the results with the restarted one', () => {
      const showing = run([start(1), end(1), start(2), closed(1), start(2, RESTART)]);
      expect(showing).toMatchObject({ phase: 'results-display', round: 1, queued: { round: 2, endTime: RESTART } });
      expect(roundPhaseReducer(showing, done)).toMatchObject({ phase: 'round-active', round: 2, endTime: RESTART });
    });
  });

  it('ignores a roundEnd at or below the last handled round', () => {
    const state = run([start(1), end(1), done, start(2)]);
    expect(roundPhaseReducer(state, end(1))).toBe(state);
    const twice = run([start(1), end(1, 'first')]);
    expect(roundPhaseReducer(twice, end(1, 'again'))).toBe(twice);
  });

  it('ignores a roundEnd outside round-active and round-ending', () => {
    const idle = initialRoundPhase<string>();
    expect(roundPhaseReducer(idle, end(1))).toBe(idle);
    const showing = run([start(1), end(1)]);
    expect(roundPhaseReducer(showing, end(2))).toBe(showing);
  });

  it('time-up only ends the running round', () => {
    const active = run([start(2)]);
    expect(roundPhaseReducer(active, timeUp(1))).toBe(active);
    const idle = initialRoundPhase<string>();
    expect(roundPhaseReducer(idle, timeUp(1))).toBe(idle);
    const showing = run([start(1), end(1)]);
    expect(roundPhaseReducer(showing, timeUp(1))).toBe(showing);
  });

  it('results-done does nothing outside results-display', () => {
    const active = run([start(1)]);
    expect(roundPhaseReducer(active, done)).toBe(active);
  });

  it('skips a round whose end never came when the next round starts, so its late end is ignored', () => {
    const state = run([start(1), start(2)]);
    expect(state).toMatchObject({ phase: 'round-active', round: 2, lastHandledRoundEnd: 1 });
    expect(roundPhaseReducer(state, end(1))).toBe(state);
    expect(roundPhaseReducer(state, end(2)).phase).toBe('results-display');
  });

  it('a full state that says the round is over stops waiting for its end, but never cuts the results short', () => {
    const waiting = run([start(4), timeUp(4)]);
    expect(roundPhaseReducer(waiting, { type: 'round-closed', round: 4 })).toMatchObject({ phase: 'idle', round: 4, lastHandledRoundEnd: 4 });
    const showing = run([start(4), end(4)]);
    expect(roundPhaseReducer(showing, { type: 'round-closed', round: 4 })).toBe(showing);
  });

  it('reset returns to the initial state', () => {
    expect(roundPhaseReducer(run([start(1), end(1), start(2)]), { type: 'reset' })).toEqual(initialRoundPhase());
  });
});
