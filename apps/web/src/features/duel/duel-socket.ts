// The game's server events on the shared socket, each parsed with its protocol schema before
// anything reads it; a payload that does not parse is dropped.
import type { ServerEventName, ServerEventPayload } from '@duel-dojo/protocol';
import type { Protocol } from '../../net/protocol';
import type { GameSocket } from '../../net/socket';

export type GameEventHandlers = {
  readonly [E in ServerEventName]?: (payload: ServerEventPayload<E>) => void;
};

interface LooseSocket {
  on(event: string, listener: (payload: unknown) => void): unknown;
  off(event: string, listener: (payload: unknown) => void): unknown;
}

/** Subscribes every handler given; returns the unsubscribe. */
export function listenToGame(socket: GameSocket, protocol: Protocol, handlers: GameEventHandlers): () => void {
  const loose = socket as unknown as LooseSocket;
  const offs = (Object.keys(handlers) as ServerEventName[]).map((event) => {
    const handler = handlers[event] as ((payload: unknown) => void) | undefined;
    const listener = (payload: unknown) => {
      const parsed = protocol.parseServerEvent(event, payload);
      if (parsed.success) handler?.(parsed.data);
    };
    loose.on(event, listener);
    return () => loose.off(event, listener);
  });
  return () => offs.forEach((off) => off());
}
