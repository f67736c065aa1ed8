import { describe, expect, it } from 'vitest';
import type { GameEmitter } from './ports';
import { roomsWithWatchers } from './spectator-rooms';
import { watchRoom } from './spectators';

function recordingEmitter(rooms: string[]): GameEmitter {
  const none = () => undefined;
  return {
    toSocket: none,
    toPlayer: none,
    watchStats: none,
    unwatchStats: none,
    toStatsWatchers: none,
    isConnected: async () => true,
    socketOfPlayer: async () => null,
    joinRoom: none,
    leaveRoom: none,
    toRoom: (room) => void rooms.push(room),
  };
}

describe('roomsWithWatchers', () => {
  const counts = new Map([['watched', 2]]);
  const inherited = new Set(['taken-over']);
  const sent: string[] = [];
  const emitter = roomsWithWatchers(recordingEmitter(sent), { count: (id) => counts.get(id) ?? 0, inherited: (id) => inherited.has(id) });
  const roundEnd = { sessionId: 'x' } as never;

  it('sends a game\'s spectators room nothing while this node counts no spectator', () => {
    sent.length = 0;
    emitter.toRoom(watchRoom('unwatched'), 'roundEnd', roundEnd);
    expect(sent).toEqual([]);
  });

  it('sends it when a spectator is counted, or when the game was taken over from another node', () => {
    sent.length = 0;
    emitter.toRoom(watchRoom('watched'), 'roundEnd', roundEnd);
    emitter.toRoom(watchRoom('taken-over'), 'roundEnd', roundEnd);
    emitter.toRoom('another-room', 'roundEnd', roundEnd);
    expect(sent).toEqual([watchRoom('watched'), watchRoom('taken-over'), 'another-room']);
  });
});
