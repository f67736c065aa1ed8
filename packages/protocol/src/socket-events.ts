import type { z } from 'zod/mini';
import { type ClientEventName, type ParsedClientEvent, clientEventSchemas, type noPayload } from './socket-client-events';
import { type ServerEventName, type ServerEventPayload, type ServerEventWire, serverEventSchemas } from './socket-server-events';

// Typed Socket.IO event maps inferred from the schemas, with no socket.io import:
//   server: new Server<ClientToServerEvents, ServerToClientEvents>(...)
//   web:    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(url, { auth: { token } })
// Types alone check nothing at run time: the server parses every payload with
// parseClientEvent (or clientEventSchemas[name]) before acting on it.

/** Events without a payload (requestStats, resetGame) are emitted with no argument. */
export type ClientToServerEvents = {
  [E in ClientEventName]: (typeof clientEventSchemas)[E] extends typeof noPayload
    ? () => void
    : (payload: z.input<(typeof clientEventSchemas)[E]>) => void;
};

/** What travels: a client parses it (parseServerEvent) to read the ServerEventPayload. */
export type ServerToClientEvents = {
  [E in ServerEventName]: (payload: ServerEventWire<E>) => void;
};

export type EventParseResult<T> =
  | { readonly success: true; readonly data: T }
  | { readonly success: false; readonly error: z.core.$ZodError };

function parseWith<T>(schema: z.ZodMiniType, payload: unknown): EventParseResult<T> {
  const result = schema.safeParse(payload);
  // The schema is the one the type names; the cast only restores what indexing by E loses.
  return result.success ? { success: true, data: result.data as T } : { success: false, error: result.error };
}

/** Parses an incoming client payload against its event's schema (never throws). */
export function parseClientEvent<E extends ClientEventName>(event: E, payload: unknown): EventParseResult<ParsedClientEvent<E>> {
  return parseWith(clientEventSchemas[event], payload);
}

/** Parses an incoming server payload against its event's schema (never throws). */
export function parseServerEvent<E extends ServerEventName>(event: E, payload: unknown): EventParseResult<ServerEventPayload<E>> {
  return parseWith(serverEventSchemas[event], payload);
}
