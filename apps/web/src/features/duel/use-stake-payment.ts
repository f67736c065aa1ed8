// Wires the stake payment to the shared socket, the connected wallet and the cluster's RPC. The
// wallet and the QR code's poll go through one payment session (solana-pay/payment-session.ts),
// as for purchases and entries: a closed wallet prompt leaves the QR code payable until expiry.
import { BET_INFO_TIMEOUT_MS, PAYMENT_VERIFICATION_TIMEOUT_MS, type StakeLabel } from '@duel-dojo/rules';
import type { ServerEventPayload } from '@duel-dojo/protocol';
import { useCallback, useRef, useState } from 'react';
import { type Protocol, loadProtocol } from '../../net/protocol';
import { answersSignature, emitAndWait } from '../../net/socket-request';
import type { GameSocket } from '../../net/socket';
import { answersPayment, pollAnswerOf } from '../solana-pay/reference-poll';
import { paidBefore } from '../solana-pay/second-payment';
import { type TrackedSession, openTrackedSession } from '../solana-pay/session-views';
import { usePayTransfer } from '../wallet/use-pay-transfer';
import { type PaymentDeps, type VerifiedPayment, runStakePayment, verifyStakePayment } from './payment-flow';
import { type PaymentState, IDLE_PAYMENT } from './payment-state';
import type { GameConnection } from './use-game-socket';

type StakeTerms = ServerEventPayload<'betInfo'>;

export interface StakePayment {
  readonly state: PaymentState;
  /**
   * Runs the whole payment of the stake the player confirmed (`confirmedLamports`, as shown); null
   * when it failed or needs a retry (the state says which). `connection`: the one the caller
   * waited for, when this render's may not have it yet (right after the page loaded).
   */
  pay(betAmount: StakeLabel, confirmedLamports: bigint, connection?: GameConnection): Promise<VerifiedPayment | null>;
  /** Retry from the verification-failed popup. */
  retry(): Promise<VerifiedPayment | null>;
  reset(): void;
}

export function useStakePayment(connection: GameConnection | null): StakePayment {
  const [state, setState] = useState<PaymentState>(IDLE_PAYMENT);
  const current = useRef(state);
  current.current = state;
  const payer = usePayTransfer();
  /** The request being paid (betInfo's terms) and its session, once opened. */
  const request = useRef<{ terms: StakeTerms; session: TrackedSession | null } | null>(null);

  const deps = useCallback((given: GameConnection | null = connection): PaymentDeps | null => {
    if (!given || !payer) return null;
    const { socket, protocol } = given;
    const update = (next: PaymentState) => {
      current.current = next;
      setState(next);
    };
    /** The flow asks for the phone's side, then the wallet's: both are this request's one session. */
    const sessionOf = (paymentId: string): TrackedSession | null => {
      const open = request.current;
      if (!open || open.terms.paymentId !== paymentId) return null;
      const { terms } = open;
      const transfer = { recipientWallet: terms.recipientWallet, lamports: BigInt(terms.lamports), reference: terms.reference };
      open.session ??= openTrackedSession(terms.reference, {
        expiresAt: terms.expiresAt,
        ask: () => askStake(socket, protocol, paymentId),
        wallet: (sent) => payer.pay(transfer, sent),
        // Shown to the server at once, so the second payment goes back now.
        secondPayment: (signature) => void emitAndWait(socket, 'verifyPayment', { paymentId, signature }, 'paymentVerified', PAYMENT_VERIFICATION_TIMEOUT_MS, answersSignature(signature)).catch(() => undefined),
        expiredMessage: protocol.ERROR_MESSAGES.PAYMENT_EXPIRED,
      });
      return open.session;
    };
    return {
      protocol,
      requestBetInfo: async (payload) => {
        const raw = await emitAndWait(socket, 'requestBetInfo', payload, 'betInfo', BET_INFO_TIMEOUT_MS);
        const info = protocol.betInfoEvent.safeParse(raw);
        request.current?.session?.close();
        request.current = info.success ? { terms: info.data, session: null } : null;
        return raw;
      },
      verify: async (payload) => {
        const raw = await emitAndWait(socket, 'verifyPayment', payload, 'paymentVerified', PAYMENT_VERIFICATION_TIMEOUT_MS, answersSignature(payload.signature));
        const answer = protocol.paymentVerifiedEvent.safeParse(raw);
        // Refused and given back because the phone's transfer paid the stake first: that payment
        // counts (a stake is bound to its game by the payment, not by a signature).
        const before = answer.success ? await paidBefore(answer.data, () => askStake(socket, protocol, payload.paymentId)) : null;
        return before ? { success: true, message: 'Payment verified', paymentId: payload.paymentId, signature: payload.signature } : raw;
      },
      findByReference: (paymentId, signal) => {
        const session = sessionOf(paymentId);
        if (!session) return Promise.resolve(null);
        signal.addEventListener('abort', () => session.stop(), { once: true });
        return session.phone;
      },
      pay: (transfer, sent) => {
        const session = request.current ? sessionOf(request.current.terms.paymentId) : null;
        return session ? session.payByWallet(sent) : payer.pay(transfer, sent);
      },
      update,
    };
  }, [connection, payer]);

  const pay = useCallback(
    async (betAmount: StakeLabel, confirmedLamports: bigint, given?: GameConnection) => {
      const ready = deps(given);
      if (!ready) {
        const { ERROR_MESSAGES } = connection?.protocol ?? (await loadProtocol());
        setState({ ...IDLE_PAYMENT, betAmount, phase: 'failed', message: ERROR_MESSAGES.CONNECTION_NOT_READY });
        return null;
      }
      try {
        return await runStakePayment(betAmount, ready, confirmedLamports);
      } finally {
        request.current?.session?.close();
      }
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

/** The stake asked for by its reference alone (a phone wallet paid its QR code). */
async function askStake(socket: GameSocket, protocol: Protocol, paymentId: string) {
  const raw = await emitAndWait(socket, 'verifyPayment', { paymentId }, 'paymentVerified', PAYMENT_VERIFICATION_TIMEOUT_MS, answersPayment(paymentId));
  const answer = protocol.paymentVerifiedEvent.safeParse(raw);
  return answer.success ? pollAnswerOf(paymentId, answer.data) : ({ kind: 'waiting' } as const);
}
