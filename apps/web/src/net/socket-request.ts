// Request/answer over Socket.IO events: emit one event, wait for its answer event. The answer's
// payload is returned unparsed; callers parse it with the protocol schema they expect. With two
// requests of one kind in flight (a verification retried while the first still runs), `isMine`
// picks this request's answer: money answers carry the payment and signature they answer.
import type { GameSocket } from './socket';

export class SocketTimeoutError extends Error {
  constructor(event: string) {
    super(`No answer to ${event}`);
    this.name = 'SocketTimeoutError';
  }
}

/** The server refused the request with an `error` event naming it. */
export class SocketRefusedError extends Error {
  readonly code: string | undefined;
  constructor(message: string, code?: string) {
    super(message);
    this.name = 'SocketRefusedError';
    this.code = code;
  }
}

interface LooseSocket {
  emit(event: string, payload?: unknown): unknown;
  on(event: string, listener: (payload: unknown) => void): unknown;
  off(event: string, listener: (payload: unknown) => void): unknown;
}

export function emitAndWait(
  socket: GameSocket,
  event: string,
  payload: unknown,
  answerEvent: string,
  timeoutMs: number,
  isMine: (answer: unknown) => boolean = () => true,
): Promise<unknown> {
  const loose = socket as unknown as LooseSocket;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => finish(() => reject(new SocketTimeoutError(event))), timeoutMs);
    const onAnswer = (answer: unknown) => {
      if (isMine(answer)) finish(() => resolve(answer));
    };
    const onError = (error: unknown) => {
      const refused = error as { message?: unknown; code?: unknown; event?: unknown } | null;
      if (refused?.event !== event) return;
      finish(() => reject(new SocketRefusedError(String(refused.message ?? 'Request refused'), typeof refused.code === 'string' ? refused.code : undefined)));
    };
    function finish(settle: () => void) {
      clearTimeout(timer);
      loose.off(answerEvent, onAnswer);
      loose.off('error', onError);
      settle();
    }
    loose.on(answerEvent, onAnswer);
    loose.on('error', onError);
    loose.emit(event, payload);
  });
}

/** An answer is this request's unless it names another signature (older servers name none). */
export function answersSignature(signature: string): (answer: unknown) => boolean {
  return (answer) => {
    const named = (answer as { signature?: unknown } | null)?.signature;
    return named === undefined || named === signature;
  };
}
