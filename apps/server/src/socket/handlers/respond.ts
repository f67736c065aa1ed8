// The shape of every handler: parse the payload with the protocol schema, run one command, emit
// the answer. A payload that does not parse answers `error` and changes nothing; a command that
// throws answers a generic `error` (no stack trace leaves the server).
import {
  type ClientEventName,
  type ErrorCode,
  type ParsedClientEvent,
  ERROR_MESSAGES,
  describeValidationError,
  parseClientEvent,
} from '@duel-dojo/protocol';
import type { Duels, PlayerIdentity } from '../../modules/duels';
import type { GameSocket } from '../game-socket';

export interface HandlerDeps {
  readonly duels: Duels;
  readonly report: (error: unknown, message: string) => void;
}

export function sendError(socket: GameSocket, event: ClientEventName, code: ErrorCode, message: string = ERROR_MESSAGES[code]): void {
  socket.emit('error', { message, code, event });
}

/** Registers `handler` for `event`, with the payload parsed; refusals and faults become `error`. */
export function handle<E extends ClientEventName>(
  socket: GameSocket,
  deps: HandlerDeps,
  event: E,
  handler: (data: ParsedClientEvent<E>, identity: PlayerIdentity) => Promise<void> | void,
): void {
  const listen = socket.on.bind(socket) as (name: string, listener: (payload: unknown) => void) => void;
  listen(event, (payload: unknown) => {
    const parsed = parseClientEvent(event, payload);
    if (!parsed.success) {
      sendError(socket, event, 'VALIDATION_FAILED', describeValidationError(parsed.error));
      return;
    }
    Promise.resolve()
      .then(() => handler(parsed.data, socket.data.identity))
      .catch((error: unknown) => {
        deps.report(error, `socket event ${event} failed`);
        if (socket.connected) sendError(socket, event, 'INTERNAL');
      });
  });
}

/** A payload's walletAddress must be the token's wallet (SECURITY.md 22); null means "not given". */
export function walletMatches(identity: PlayerIdentity, walletAddress: string | null): boolean {
  return walletAddress === null || walletAddress === identity.wallet;
}
