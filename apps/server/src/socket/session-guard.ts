// A socket lives only as long as the session its token opened (docs/security.md 21). A logout closes
// the session's sockets (adapters/realtime/session-closer.ts); this guard is the second lock, for
// a close that did not reach the socket (another node without the shared adapter, a revocation
// written straight into the database, a session that ran out): before every event that moves or
// binds money, the session is read again; revoked or expired, the event is refused with
// INVALID_TOKEN, nothing runs, and the socket is closed.
import type { ClientEventName } from '@duel-dojo/protocol';
import { AppError } from '../errors';
import type { GameSocket } from './game-socket';
import { sendError, sendRefusal } from './refusals';

/** What the guard needs from accounts: accounts.sessions. */
export interface SessionChecker {
  isLive(sessionId: string, userId: string): Promise<boolean>;
}

/**
 * The events that pay, take a stake, verify a payment, pay out or refund: stakes and purchases,
 * a join (which may bind a paid stake), a claim, a cancel (a refund), a leave, and a resignation or a
 * claimed victory (each decides where a stake goes). The play events, which move nothing themselves, stay free of the extra read.
 */
export const MONEY_EVENTS: ReadonlySet<ClientEventName> = new Set<ClientEventName>([
  'requestBetInfo',
  'verifyPayment',
  'joinGame',
  'joinViaInvite',
  'requestRematch',
  'claimReward',
  'cancelGame',
  'resetGame',
  'resign',
  'claimVictory',
  'requestMarketplacePurchase',
  'verifyMarketplacePurchase',
]);

/** INVALID_TOKEN is a session refusal (refusals.ts): answered, then the socket is closed. */
function refuse(socket: GameSocket, event: ClientEventName): void {
  sendRefusal(socket, event, new AppError('INVALID_TOKEN'));
}

/** Guards a signed-in socket's money events; a guest's socket has no session and is left alone. */
export function guardSession(socket: GameSocket, sessions: SessionChecker, report: (error: unknown, message: string) => void): void {
  const { sessionId, identity } = socket.data;
  const userId = identity.userId;
  if (sessionId === null || userId === null) return;
  const check = (): Promise<boolean> => sessions.isLive(sessionId, userId);

  // Once at connection too: a logout between the handshake's check and the room join.
  check().then(
    (live) => {
      if (!live) sendRefusal(socket, null, new AppError('INVALID_TOKEN'));
    },
    (error: unknown) => report(error, 'session check at connection failed'),
  );

  // Events are handed on in the order they came: one waiting for its check holds back the ones
  // behind it, so a join never overtakes the payment it follows, nor a leave the join.
  let queue: Promise<void> = Promise.resolve();
  let waiting = 0;
  socket.use((packet, proceed) => {
    const event = packet[0] as ClientEventName;
    const guarded = MONEY_EVENTS.has(event);
    if (!guarded && waiting === 0) {
      proceed();
      return;
    }
    waiting += 1;
    queue = queue
      .then(async () => {
        if (!guarded) return proceed();
        let live: boolean;
        try {
          live = await check();
        } catch (error) {
          report(error, `session check before ${event} failed`);
          if (socket.connected) sendError(socket, event, 'INTERNAL');
          return;
        }
        if (live) proceed();
        else if (socket.connected) refuse(socket, event);
      })
      .catch((error: unknown) => report(error, `socket event ${event} failed`))
      .finally(() => {
        waiting -= 1;
      });
  });
}
