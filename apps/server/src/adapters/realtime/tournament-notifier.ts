// The tournaments module's TournamentNotifier on Socket.IO: every socket of a signed-in player
// joins a room named by its wallet when it connects, and a called duel (`tournamentMatch`) goes
// to that room, so all the player's tabs hear it; with the Redis adapter, on every node.
import type { TournamentMatchNotice } from '@duel-dojo/protocol';
import type { Server } from 'socket.io';
import type { TournamentNotifier } from '../../modules/tournaments';
import { playerRoom } from './player-room';

/**
 * A notifier usable before the server exists: compose builds the module first, then binds io.
 * `waiting` gives the duels a player is called to and has not joined: a socket that connects
 * (a new tab, a reconnect, a server restart) is told them again.
 */
export function createTournamentNotifier(): {
  notifier: TournamentNotifier;
  bind(io: Server, waiting: (walletAddress: string) => Promise<TournamentMatchNotice[]>, report: (error: unknown, message: string) => void): void;
} {
  let io: Server | null = null;
  return {
    notifier: {
      matchCalled(walletAddress, notice) {
        io?.to(playerRoom(walletAddress)).emit('tournamentMatch', notice);
      },
    },
    bind(server, waiting, report) {
      io = server;
      // After the handshake middleware: socket.data.identity is set by then.
      server.on('connection', (socket) => {
        const wallet = (socket.data as { identity?: { wallet?: string | null } }).identity?.wallet;
        if (!wallet) return;
        void socket.join(playerRoom(wallet));
        waiting(wallet).then(
          (notices) => {
            for (const notice of notices) socket.emit('tournamentMatch', notice);
          },
          (error: unknown) => report(error, 'tournament notices on connect failed'),
        );
      });
    },
  };
}
