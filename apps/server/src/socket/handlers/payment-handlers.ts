// requestBetInfo -> betInfo (or error), verifyPayment -> paymentVerified (docs/security.md
// 1-11). The request is the socket's signed-in wallet's; any wallet may have paid it (its reference
// binds the transfer to the request). The client names only the payment, and the signature when it has one.
import { ERROR_MESSAGES } from '@duel-dojo/protocol';
import type { GameSocket } from '../game-socket';
import type { MoneyDeps } from './money-respond';
import { type HandlerDeps, handle, sendError } from './respond';

export function paymentHandlers(socket: GameSocket, deps: HandlerDeps, money: MoneyDeps): void {
  handle(socket, deps, 'requestBetInfo', async ({ betAmount }, identity) => {
    if (!identity.wallet) return sendError(socket, 'requestBetInfo', 'SIGN_IN_REQUIRED_FOR_PAID');
    // A refusal (STAKE_NOT_AVAILABLE, RATE_LIMITED) is answered on `error` by handle().
    socket.emit('betInfo', await money.payments.requestBetInfo(identity.wallet, betAmount));
  });

  handle(socket, deps, 'verifyPayment', async ({ paymentId, signature }, identity) => {
    if (!identity.wallet) {
      socket.emit('paymentVerified', { success: false, code: 'SIGN_IN_REQUIRED_FOR_PAID', message: ERROR_MESSAGES.SIGN_IN_REQUIRED_FOR_PAID, paymentId });
      return;
    }
    socket.emit('paymentVerified', await money.payments.verifyPayment(identity.wallet, { paymentId, signature }));
  });
}
