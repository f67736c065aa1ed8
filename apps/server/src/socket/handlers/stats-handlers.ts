// requestStats -> gameStats (and the pushes from then on); getServerTime -> serverTime.
import type { GameSocket } from '../game-socket';
import { type HandlerDeps, handle } from './respond';

export function statsHandlers(socket: GameSocket, deps: HandlerDeps): void {
  handle(socket, deps, 'requestStats', async () => {
    deps.duels.watchStats(socket.id);
    socket.emit('gameStats', await deps.duels.stats());
  });

  handle(socket, deps, 'getServerTime', ({ clientTime }) => {
    socket.emit('serverTime', { clientTime, serverTime: deps.duels.now() });
  });
}
