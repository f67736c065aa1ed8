// Players online and active games (requestStats -> gameStats, then pushed on change).
// The server pushes only to sockets not seated in a game (taking a seat stops the pushes), so the
// stats are asked for every time they are shown, and again on a new connection.
import type { ServerEventPayload } from '@duel-dojo/protocol';
import { useEffect, useState } from 'react';
import { listenToGame } from './duel-socket';
import type { GameConnection } from './use-game-socket';

export type GameStats = ServerEventPayload<'gameStats'>;

export function useGameStats(connection: GameConnection | null, enabled: boolean): GameStats | null {
  const [stats, setStats] = useState<GameStats | null>(null);
  useEffect(() => {
    if (!connection || !enabled) return undefined;
    const { socket } = connection;
    const off = listenToGame(socket, connection.protocol, { gameStats: setStats });
    const ask = () => socket.emit('requestStats');
    ask();
    socket.on('connect', ask);
    return () => {
      off();
      socket.off('connect', ask);
    };
  }, [connection, enabled]);
  return stats;
}
