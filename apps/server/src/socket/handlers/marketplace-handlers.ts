// requestMarketplacePurchase -> marketplacePurchaseInfo, verifyMarketplacePurchase ->
// marketplacePurchaseResult. The price is the
// catalogue's: the client's `price` is only compared with it.
import { ERROR_MESSAGES } from '@duel-dojo/protocol';
import type { GameSocket } from '../game-socket';
import { refusalOf } from '../refusals';
import type { MoneyDeps } from './money-respond';
import { type HandlerDeps, handle, walletMatches } from './respond';

export function marketplaceHandlers(socket: GameSocket, deps: HandlerDeps, money: MoneyDeps): void {
  handle(socket, deps, 'requestMarketplacePurchase', async ({ characterId, price, walletAddress }, identity) => {
    if (!identity.wallet) {
      socket.emit('marketplacePurchaseInfo', { success: false, code: 'UNAUTHORIZED', message: ERROR_MESSAGES.UNAUTHORIZED });
      return;
    }
    if (!walletMatches(identity, walletAddress)) {
      socket.emit('marketplacePurchaseInfo', { success: false, code: 'WALLET_MISMATCH', message: ERROR_MESSAGES.WALLET_MISMATCH });
      return;
    }
    try {
      socket.emit('marketplacePurchaseInfo', await money.payments.requestMarketplacePurchase(identity.wallet, { characterId, price }));
    } catch (error) {
      const refusal = refusalOf(error);
      if (!refusal) throw error;
      socket.emit('marketplacePurchaseInfo', { success: false, ...refusal });
    }
  });

  handle(socket, deps, 'verifyMarketplacePurchase', async ({ purchaseId, signature, characterId }, identity) => {
    if (!identity.wallet) {
      socket.emit('marketplacePurchaseResult', { success: false, code: 'UNAUTHORIZED', message: ERROR_MESSAGES.UNAUTHORIZED, characterId, characterOwnershipUpdated: false });
      return;
    }
    socket.emit('marketplacePurchaseResult', await money.payments.verifyMarketplacePurchase(identity.wallet, { purchaseId, signature, characterId }));
  });
}
