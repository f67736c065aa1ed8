// The spectators' count of a game (docs/spectating.md): capped, counted once per socket, pushed to
// the game's room at most once per SPECTATOR_PUSH_MS, forgotten with the game.
import type { ServerEventName } from '@duel-dojo/protocol';
import { describe, expect, it } from 'vitest';
import type { GameClock } from './game-clock';
import type { GameEmitter } from './ports';
import { SPECTATOR_PUSH_MS, Spectators, watchRoom } from './spectators';

function manualClock() {
  let now = 0;
  const timers: { at: number; run: () => void; live: boolean }[] = [];
  const clock: GameClock = {
    now: () => now,
    after(ms, run) {
      const timer = { at: now + ms, run, live: true };
      timers.push(timer);
      return () => {
        timer.live = false;
      };
    },
  };
  const advance = (ms: number) => {
    now += ms;
    for (const timer of timers.filter((t) => t.live && t.at <= now)) {
      timer.live = false;
      timer.run();
    }
  };
  return { clock, advance };
}

function recordingEmitter() {
  const sent: { room: string; event: ServerEventName; payload: unknown }[] = [];
  const emitter = {
    toRoom: (room: string, event: ServerEventName, payload: unknown) => sent.push({ room, event, payload }),
  } as unknown as GameEmitter;
  return { emitter, sent };
}

describe('spectators of a game', () => {
  it('refuses one over the cap, counts a socket once, and frees a place when one leaves', () => {
    const { clock } = manualClock();
    const spectators = new Spectators(recordingEmitter().emitter, clock, 2);
    expect(spectators.add('g', 's1')).toBe(true);
    expect(spectators.add('g', 's1')).toBe(true);
    expect(spectators.add('g', 's2')).toBe(true);
    expect(spectators.add('g', 's3')).toBe(false);
    expect(spectators.count('g')).toBe(2);
    spectators.remove('g', 's1');
    expect(spectators.add('g', 's3')).toBe(true);
    expect(spectators.add('other', 's9')).toBe(true);
  });

  it('pushes the count to the room at once, then at most once per interval, and never after the game left', () => {
    const { clock, advance } = manualClock();
    const { emitter, sent } = recordingEmitter();
    const spectators = new Spectators(emitter, clock);
    spectators.add('g', 's1');
    advance(0);
    expect(sent).toEqual([{ room: watchRoom('g'), event: 'spectators', payload: { sessionId: 'g', count: 1 } }]);
    spectators.add('g', 's2');
    spectators.add('g', 's3');
    advance(SPECTATOR_PUSH_MS - 1);
    expect(sent).toHaveLength(1);
    advance(1);
    expect(sent.at(-1)?.payload).toEqual({ sessionId: 'g', count: 3 });
    spectators.remove('g', 's3');
    spectators.drop('g');
    advance(SPECTATOR_PUSH_MS * 2);
    expect(sent).toHaveLength(2);
    expect(spectators.count('g')).toBe(0);
  });
});
