// The JSON-RPC 2.0 envelope, shared by HTTP and the WebSocket: parse (bigint-aware), single
// requests and batches, notifications (no id: run, no answer), and errors as Solana's codes.
import { JsonParseError, parseJson, stringifyJson } from './bigint-json';
import { RPC_ERROR, RpcError, methodNotFound } from './rpc-errors';

type Id = string | number | bigint | null;

/** Runs one method; throws RpcError for a bad request, anything else becomes -32603. */
export type MethodHandler = (method: string, params: unknown) => unknown;

interface ErrorBody {
  code: number;
  message: string;
  data?: unknown;
}

function errorResponse(id: Id, error: ErrorBody): Record<string, unknown> {
  return { jsonrpc: '2.0', error, id };
}

function errorBodyOf(error: unknown, method: string): ErrorBody {
  if (error instanceof RpcError) return { code: error.code, message: error.message, data: error.data };
  console.error(`[localnet] ${method} failed:`, error);
  return { code: RPC_ERROR.INTERNAL_ERROR, message: 'Internal error' };
}

function isId(value: unknown): value is Id {
  return value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint';
}

async function handleOne(request: unknown, handler: MethodHandler): Promise<Record<string, unknown> | null> {
  if (typeof request !== 'object' || request === null || Array.isArray(request)) {
    return errorResponse(null, { code: RPC_ERROR.INVALID_REQUEST, message: 'Invalid request' });
  }
  const { jsonrpc, method, params } = request as Record<string, unknown>;
  const hasId = 'id' in request;
  const id = (request as Record<string, unknown>).id;
  if (jsonrpc !== '2.0' || typeof method !== 'string' || (hasId && !isId(id))) {
    return errorResponse(hasId && isId(id) ? id : null, { code: RPC_ERROR.INVALID_REQUEST, message: 'Invalid request' });
  }
  let response: Record<string, unknown>;
  try {
    response = { jsonrpc: '2.0', result: await handler(method, params), id };
  } catch (error) {
    response = errorResponse(id as Id, errorBodyOf(error, method));
  }
  return hasId ? response : null;
}

/** The response text for a request text, or null when nothing is to be answered (notifications). */
export async function dispatch(text: string, handler: MethodHandler): Promise<string | null> {
  let request: unknown;
  try {
    request = parseJson(text);
  } catch (error) {
    if (!(error instanceof JsonParseError)) throw error;
    return stringifyJson(errorResponse(null, { code: RPC_ERROR.PARSE_ERROR, message: 'Parse error' }));
  }
  if (!Array.isArray(request)) {
    const response = await handleOne(request, handler);
    return response ? stringifyJson(response) : null;
  }
  if (request.length === 0) return stringifyJson(errorResponse(null, { code: RPC_ERROR.INVALID_REQUEST, message: 'Invalid request' }));
  // In order, one after another: a batch that sends and then reads sees its own writes.
  const responses: Record<string, unknown>[] = [];
  for (const item of request) {
    const response = await handleOne(item, handler);
    if (response) responses.push(response);
  }
  return responses.length > 0 ? stringifyJson(responses) : null;
}

/** A handler backed by a table of methods; unknown names are -32601. */
export function tableHandler<C>(table: Record<string, (params: unknown, ctx: C) => unknown>, ctx: C): MethodHandler {
  return (method, params) => {
    const run = Object.hasOwn(table, method) ? table[method] : undefined;
    if (!run) throw methodNotFound();
    return run(params, ctx);
  };
}
