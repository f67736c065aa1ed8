// The shape of every handler: parse the payload with the protocol schema, run one command, emit
// the answer. A payload that does not parse answers `error` and changes nothing; a command that
// throws a refusal answers it as refusals.ts says; anything else answers a generic `error` (no
// stack trace leaves the server).
import { type ClientEventName, type ParsedClientEvent, describeValidationError, parseClientEvent } from '@duel-dojo/protocol';
import { isRefusal } from '../../errors';
import type { Duels, PlayerIdentity } from '../../modules/duels';
import type { GameSocket } from '../game-socket';
import { SOCKET_DELIVERY, sendError, sendRefusal } from '../refusals';
import '../../validation-messages';

export { sendError } from '../refusals';

export interface HandlerDeps {
  readonly duels: Duels;
  readonly report: (error: unknown, message: string) => void;
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
        const refused = isRefusal(error) && SOCKET_DELIVERY[error.code] !== 'internal';
        if (!refused) deps.report(error, `socket event ${event} failed`);
        if (!socket.connected) return;
        if (isRefusal(error)) sendRefusal(socket, event, error);
        else sendError(socket, event, 'INTERNAL');
      });
  });
}

/** A payload's walletAddress must be the token's wallet (docs/security.md 22); null means "not given". */
export function walletMatches(identity: PlayerIdentity, walletAddress: string | null): boolean {
  return walletAddress === null || walletAddress === identity.wallet;
}
