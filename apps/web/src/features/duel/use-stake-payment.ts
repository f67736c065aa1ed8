// Wires the stake payment to the shared socket, the connected wallet and the cluster's RPC.
import { BET_INFO_TIMEOUT_MS, PAYMENT_VERIFICATION_TIMEOUT_MS, type StakeLabel } from '@duel-dojo/rules';
import { useCallback, useRef, useState } from 'react';
import { loadProtocol } from '../../net/protocol';
import { answersSignature, emitAndWait } from '../../net/socket-request';
import { answersPayment, pollByReference } from '../solana-pay/reference-poll';
import { usePayTransfer } from '../wallet/use-pay-transfer';
import { type PaymentDeps, type VerifiedPayment, runStakePayment, verifyStakePayment } from './payment-flow';
import { type PaymentState, IDLE_PAYMENT } from './payment-state';
import type { GameConnection } from './use-game-socket';

export interface StakePayment {
  readonly state: PaymentState;
  /**
   * Runs the whole payment of the stake the player confirmed (`confirmedLamports`, as shown); null
   * when it failed or needs a retry (the state says which).
   */
  pay(betAmount: StakeLabel, confirmedLamports: bigint): Promise<VerifiedPayment | null>;
  /** Retry from the verification-failed popup. */
  retry(): Promise<VerifiedPayment | null>;
  reset(): void;
}

export function useStakePayment(connection: GameConnection | null): StakePayment {
  const [state, setState] = useState<PaymentState>(IDLE_PAYMENT);
  const current = useRef(state);
  current.current = state;
  const payer = usePayTransfer();

  const deps = useCallback((): PaymentDeps | null => {
    if (!connection || !payer) return null;
    const { socket, protocol } = connection;
    const update = (next: PaymentState) => {
      current.current = next;
      setState(next);
    };
    return {
      protocol,
      requestBetInfo: (payload) => emitAndWait(socket, 'requestBetInfo', payload, 'betInfo', BET_INFO_TIMEOUT_MS),
      verify: (payload) => emitAndWait(socket, 'verifyPayment', payload, 'paymentVerified', PAYMENT_VERIFICATION_TIMEOUT_MS, answersSignature(payload.signature)),
      pay: payer.pay,
      findByReference: (paymentId, signal) =>
        pollByReference(
          paymentId,
          {
            protocol,
            verify: (payload) => emitAndWait(socket, 'verifyPayment', payload, 'paymentVerified', PAYMENT_VERIFICATION_TIMEOUT_MS, answersPayment(paymentId)),
            onRefused: (message) => {
              if (current.current.phase === 'signing') update({ ...current.current, message });
            },
          },
          signal,
        ),
      update,
    };
  }, [connection, payer]);

  const pay = useCallback(
    async (betAmount: StakeLabel, confirmedLamports: bigint) => {
      const ready = deps();
      if (!ready) {
        const { ERROR_MESSAGES } = connection?.protocol ?? (await loadProtocol());
        setState({ ...IDLE_PAYMENT, betAmount, phase: 'failed', message: ERROR_MESSAGES.CONNECTION_NOT_READY });
        return null;
      }
      return runStakePayment(betAmount, ready, confirmedLamports);
    },
    [deps, connection],
  );

  const retry = useCallback(async () => {
    const ready = deps();
    return ready ? verifyStakePayment(current.current, ready) : null;
  }, [deps]);

  const reset = useCallback(() => setState(IDLE_PAYMENT), []);
  return { state, pay, retry, reset };
}
