// Wires the purchase flow to the shared socket, the connected wallet and the cluster's RPC.
import { MARKETPLACE_INFO_TIMEOUT_MS, MARKETPLACE_VERIFICATION_TIMEOUT_MS } from '@duel-dojo/rules';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { loadProtocol } from '../../net/protocol';
import { answersSignature, emitAndWait } from '../../net/socket-request';
import { useSocket } from '../realtime/socket-context';
import { useRefreshBalance } from '../wallet/balance-cache';
import { usePayTransfer } from '../wallet/use-pay-transfer';
import { type PurchaseDeps, type PurchaseItem, runPurchase, verifyPurchase } from './purchase-flow';
import { type PurchaseState, IDLE_PURCHASE } from './purchase-state';

export interface Purchase {
  readonly state: PurchaseState;
  /** Buy Now: the price is confirmed first; nothing is requested or paid yet. */
  ask(item: PurchaseItem): void;
  /** Confirmed in the dialog: request, pay and verify the item asked about. */
  confirm(): Promise<void>;
  retryVerification(): Promise<void>;
  /** Cancel (confirmation, not-found popup) or dismiss (alert). */
  reset(): void;
}

const answersPurchase = (purchaseId: string) => (answer: unknown) => (answer as { purchaseId?: unknown } | null)?.purchaseId === purchaseId;

export function usePurchase(walletAddress: string | null): Purchase {
  const [state, setState] = useState<PurchaseState>(IDLE_PURCHASE);
  const item = useRef<PurchaseItem | null>(null);
  const payer = usePayTransfer();
  const { getSocket } = useSocket();
  const queryClient = useQueryClient();
  const refreshBalance = useRefreshBalance();

  const deps = useCallback(async (): Promise<PurchaseDeps | null> => {
    const protocol = await loadProtocol();
    const fail = () => {
      setState({ ...IDLE_PURCHASE, phase: 'failed', message: protocol.ERROR_MESSAGES.CONNECTION_ERROR_REFRESH });
      return null;
    };
    // A purchase needs a connected wallet and a live socket.
    if (!walletAddress || !payer || payer.address !== walletAddress) return fail();
    const socket = await getSocket().catch(() => null);
    if (!socket) return fail();
    return {
      protocol,
      walletAddress,
      requestInfo: (payload) => emitAndWait(socket, 'requestMarketplacePurchase', payload, 'marketplacePurchaseInfo', MARKETPLACE_INFO_TIMEOUT_MS),
      // Asked without a signature (the QR code's poll), the answer names the purchase and the transfer found.
      verify: (payload) =>
        emitAndWait(socket, 'verifyMarketplacePurchase', payload, 'marketplacePurchaseResult', MARKETPLACE_VERIFICATION_TIMEOUT_MS, payload.signature === undefined ? answersPurchase(payload.purchaseId) : answersSignature(payload.signature)),
      pay: (instruction, sent) => payer.pay(instruction, sent),
      update: setState,
      onPurchased: () => {
        void queryClient.invalidateQueries({ queryKey: ['owned-characters'] });
        void queryClient.invalidateQueries({ queryKey: ['marketplace-supply'] });
        void refreshBalance();
      },
    };
  }, [walletAddress, payer, getSocket, queryClient, refreshBalance]);

  const ask = useCallback((next: PurchaseItem) => {
    item.current = next;
    setState({ ...IDLE_PURCHASE, phase: 'confirm', characterId: next.id });
  }, []);

  const confirm = useCallback(async () => {
    const next = item.current;
    if (!next || state.phase !== 'confirm' || state.characterId !== next.id) return;
    setState({ ...IDLE_PURCHASE, phase: 'requesting', characterId: next.id });
    const ready = await deps();
    if (ready) await runPurchase(next, ready);
  }, [deps, state.phase, state.characterId]);

  const retryVerification = useCallback(async () => {
    const current = item.current;
    if (!current || !state.purchaseId || !state.signature) return;
    const ready = await deps();
    if (ready) await verifyPurchase(current, state.purchaseId, state.signature, ready);
  }, [deps, state.purchaseId, state.signature]);

  const reset = useCallback(() => setState(IDLE_PURCHASE), []);
  return { state, ask, confirm, retryVerification, reset };
}
