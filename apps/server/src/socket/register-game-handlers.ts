// Wires the game onto the Socket.IO server: the handshake (identity from auth.token), the
// per-socket message budget, the session guard of money events, then one small handler per
// event of the protocol for the game.
import type { Duels } from '../modules/duels';
import type { GameServer } from './game-socket';
import { activeGameHandlers } from './handlers/active-game-handlers';
import { claimHandlers } from './handlers/claim-handlers';
import { joinHandlers } from './handlers/join-handlers';
import { marketplaceHandlers } from './handlers/marketplace-handlers';
import type { MoneyDeps } from './handlers/money-respond';
import { paymentHandlers } from './handlers/payment-handlers';
import { playHandlers } from './handlers/play-handlers';
import type { HandlerDeps } from './handlers/respond';
import { statsHandlers } from './handlers/stats-handlers';
import { watchHandlers } from './handlers/watch-handlers';
import { type ConnectionCounts, capConnectionsPerAddress } from './connection-cap';
import { type TokenAuthenticator, handshake } from './handshake';
import { type MessageBudget, DEFAULT_MESSAGE_BUDGET, applyMessageBudget } from './message-budget';
import { type SessionChecker, guardSession } from './session-guard';
import { createLogger, reporter } from '../logger';

export interface GameSocketDeps {
  readonly sessions: TokenAuthenticator & SessionChecker;
  readonly duels: Duels;
  readonly budget?: MessageBudget;
  readonly report?: (error: unknown, message: string) => void;
  /** Payments, purchases and claims; absent without a chain. */
  readonly money?: MoneyDeps;
  /** Open sockets per client address; 0 or absent: no cap (docs/security.md 23). */
  readonly connectionsPerAddress?: number;
  /** The address a cap counts is the load balancer's X-Forwarded-For (TRUST_PROXY). */
  readonly trustProxy?: boolean;
  /** Where the cap counts; default this process alone (several nodes: one count in Redis). */
  readonly connectionCounts?: ConnectionCounts;
}

export function registerGameHandlers(io: GameServer, deps: GameSocketDeps): void {
  const report = deps.report ?? reporter(createLogger('error').child({ module: 'socket' }));
  const handlerDeps: HandlerDeps = { duels: deps.duels, report };
  io.use(handshake(deps.sessions, report));
  capConnectionsPerAddress(io, deps.connectionsPerAddress ?? 0, { trustProxy: deps.trustProxy ?? false, report, ...(deps.connectionCounts ? { counts: deps.connectionCounts } : {}) });
  io.on('connection', (socket) => {
    applyMessageBudget(socket, deps.budget ?? DEFAULT_MESSAGE_BUDGET);
    guardSession(socket, deps.sessions, report);
    deps.duels.socketConnected(socket.id).catch((error: unknown) => report(error, 'presence update failed'));
    socket.on('disconnect', () => {
      // Read now, not at connection: a guest that rejoined with its key has become that seat's guest.
      deps.duels.socketDisconnected(socket.data.identity, socket.id).catch((error: unknown) => report(error, 'disconnect handling failed'));
    });
    statsHandlers(socket, handlerDeps);
    activeGameHandlers(socket, handlerDeps);
    joinHandlers(socket, handlerDeps);
    playHandlers(socket, handlerDeps);
    watchHandlers(socket, handlerDeps);
    if (deps.money) {
      paymentHandlers(socket, handlerDeps, deps.money);
      marketplaceHandlers(socket, handlerDeps, deps.money);
      claimHandlers(socket, handlerDeps, deps.money);
    }
  });
}
