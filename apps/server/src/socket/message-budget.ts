// Flooding (docs/security.md 23): every socket may send `max` messages in any `windowMs`, as lichess
// does (100 in 20 s); the next one closes the socket. Oversized frames are already refused by
// io-server's maxHttpBufferSize.
import type { GameSocket } from './game-socket';

export interface MessageBudget {
  readonly max: number;
  readonly windowMs: number;
}

export const DEFAULT_MESSAGE_BUDGET: MessageBudget = { max: 100, windowMs: 20_000 };

/** Counts every incoming event of the socket; over budget, the socket is disconnected. */
export function applyMessageBudget(socket: GameSocket, budget: MessageBudget, now: () => number = Date.now): void {
  // The arrival times of the last `max` messages, as a ring: the oldest is at `next`.
  const times = new Array<number>(budget.max).fill(Number.NEGATIVE_INFINITY);
  let next = 0;
  socket.use((_packet, proceed) => {
    const at = now();
    const oldest = times[next] ?? Number.NEGATIVE_INFINITY;
    if (at - oldest < budget.windowMs) {
      socket.disconnect(true);
      return;
    }
    times[next] = at;
    next = (next + 1) % budget.max;
    proceed();
  });
}
