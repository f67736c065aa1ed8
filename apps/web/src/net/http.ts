// The typed HTTP client: every answer is parsed with its packages/protocol schema before any
// screen sees it, and every failure becomes an ApiError carrying the server's message.
import { loadContractArea } from './protocol';

/** What a protocol schema offers; zod's safeParse has this shape. */
export interface AnswerSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: unknown };
}

export class ApiError extends Error {
  /** HTTP status; 0 when the request never reached the server. */
  readonly status: number;
  readonly code: string | undefined;
  /** false for a network failure (some messages tell those apart, e.g. the referral check). */
  readonly reachedServer: boolean;
  /** The server's own message, when it sent one. */
  readonly serverMessage: string | undefined;

  constructor(message: string, options: { status: number; code?: string; reachedServer: boolean; serverMessage?: string }) {
    super(message);
    this.name = 'ApiError';
    this.status = options.status;
    this.code = options.code;
    this.reachedServer = options.reachedServer;
    this.serverMessage = options.serverMessage;
  }
}

export interface RequestOptions {
  readonly method?: 'GET' | 'POST' | 'PUT';
  readonly body?: unknown;
  /** Sent as `Authorization: Bearer …`. */
  readonly token?: string | null;
  readonly signal?: AbortSignal;
}

/**
 * The schema of an answer, from the one area of packages/protocol it lives in, e.g.
 * `() => import('@duel-dojo/protocol/config').then((area) => area.configAnswer)`: a page builds
 * only the schemas of the answers it reads (net/protocol.ts).
 */
export type AnswerSchemaLoader<T> = () => Promise<AnswerSchema<T>>;

/** The failure body's schema, which every call may need (a small area: the error codes). */
const loadErrorBody = () => import('@duel-dojo/protocol/errors').then((area) => area.errorBody);

/** Calls the API on the page's own origin and parses the answer with the schema `answer` loads. */
export async function requestJson<T>(path: string, answer: AnswerSchemaLoader<T>, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  // A read goes out at once and waits for the schemas only to parse its answer, the failure
  // body's only when it failed (a page that reads without a failure never downloads the error
  // catalogue); a write is sent only once either answer can be parsed, so a contract that failed
  // to load never leaves an action done on the server that this page cannot report.
  const read = method === 'GET';
  const loadingAnswer = loadContractArea(answer);
  const loadingFailure = read ? null : loadContractArea(loadErrorBody);
  if (read) void loadingAnswer.catch(() => undefined);
  else await Promise.all([loadingAnswer, loadingFailure]);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(error instanceof Error ? error.message : 'Network error', { status: 0, reachedServer: false });
  }

  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const errorBody = await (loadingFailure ?? loadContractArea(loadErrorBody));
    const failure = errorBody.safeParse(json);
    const serverMessage = failure.success ? failure.data.message : undefined;
    throw new ApiError(serverMessage ?? `Request failed (${response.status})`, {
      status: response.status,
      code: failure.success ? failure.data.code : undefined,
      reachedServer: true,
      serverMessage,
    });
  }
  const parsed = (await loadingAnswer).safeParse(json);
  if (!parsed.success) {
    throw new ApiError(`Unexpected answer from ${path.split('?')[0]}`, { status: response.status, reachedServer: true });
  }
  return parsed.data;
}
