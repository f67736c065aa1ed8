// Players online and active games (spec §7 requestStats -> gameStats, then pushed on change).
import type { ServerEventPayload } from '@duel-dojo/protocol';
import { useEffect, useState } from 'react';
import { listenToGame } from './duel-socket';
import type { GameConnection } from './use-game-socket';

export type GameStats = ServerEventPayload<'gameStats'>;

export function useGameStats(connection: GameConnection | null, enabled: boolean): GameStats | null {
  const [stats, setStats] = useState<GameStats | null>(null);
  useEffect(() => {
    if (!connection || !enabled) return undefined;
    const off = listenToGame(connection.socket, connection.protocol, { gameStats: setStats });
    connection.socket.emit('requestStats');
    return off;
  }, [connection, enabled]);
  return stats;
}
