// One payment request (a stake, a purchase, an entry) offered two ways at once: the connected
// wallet's prompt and the request's Solana Pay QR code for a phone wallet (docs/money.md, "Every
// transfer that reaches the treasury is classified"). Whichever pays first is the payment. A
// prompt the player rejects or closes ends nothing: the QR code stays, the server is asked by the
// request's reference until the request expires, and the wallet can be asked again. Before it is,
// the reference is checked once more, so a request the phone already paid is not paid twice.
import type { FoundPayment } from './reference-poll';
import { pause } from '../../net/pause';
import { reasonOf } from '../../net/reason-of';

export const SESSION_POLL_INTERVAL_MS = 2_500;
/** What the popups say while both ways are open. */
export const PAY_EITHER_WAY_TEXT = 'Scan with a phone wallet, or pay with your connected wallet';
export const ALREADY_PAID_TEXT = 'This request is already paid';
export const CANCELLED_TEXT = 'Payment cancelled: nothing was paid.';

/** One answer of the server about the request, asked by its reference (no signature). */
export type PollAnswer =
  | { readonly kind: 'found'; readonly payment: FoundPayment }
  | { readonly kind: 'waiting' }
  /** A transfer named the request but could not pay it (it is being given back): still payable. */
  | { readonly kind: 'refused'; readonly message: string }
  /** The request can no longer be paid (expired, not this player's). */
  | { readonly kind: 'over'; readonly message: string };

/** open: the wallet is asked; closed: it was rejected or closed, the QR code remains; sent: it paid. */
export type WalletPrompt = 'open' | 'checking' | 'closed' | 'sent';

export interface SessionView {
  readonly wallet: WalletPrompt;
  /** Why the prompt closed, a transfer going back, or that the request is already paid. */
  readonly notice: string | null;
}

export interface PaymentSessionDeps {
  /** Epoch ms past which the request cannot be paid: the asking stops then. */
  readonly expiresAt: number | null;
  /** Asks the server once whether a transfer naming the request's reference paid it. */
  ask(): Promise<PollAnswer>;
  /** Prompts the connected wallet: resolves with the signature once confirmed; `sent` hears it once sent. */
  wallet(sent: (signature: string) => void): Promise<string>;
  /** A transfer the wallet sent after the phone had paid: shown to the server, which gives it back. */
  secondPayment?(signature: string): void;
  /** What the player is told when the request expired unpaid. */
  readonly expiredMessage: string;
  readonly intervalMs?: number;
  now?(): number;
  onChange?(view: SessionView): void;
}

/** How a request offered both ways was paid: by the phone (found), by the wallet (sent), or not. */
export type EitherWay =
  | { readonly by: 'phone'; readonly payment: FoundPayment }
  | { readonly by: 'wallet'; readonly signature: string }
  /** signature: the wallet sent before failing (its verification decides); null when nothing was sent. */
  | { readonly by: 'failed'; readonly error: unknown; readonly signature: string | null };

export interface PaymentSession {
  /** The payment a phone wallet made, found by reference; null once the asking stopped without one. */
  readonly phone: Promise<FoundPayment | null>;
  /**
   * The connected wallet's transfer: resolves with its signature (`sent` hears it first), rejects
   * when it failed after sending, or when the request expired while the prompt was closed. Stays
   * pending once the phone paid. Call once; `retryWallet` asks the wallet again.
   */
  payByWallet(sent: (signature: string) => void): Promise<string>;
  /** "Pay with connected wallet" after a closed prompt: the reference is checked first. */
  retryWallet(): Promise<void>;
  /** The flow moved on (the wallet sent, the player left): stop asking the server. */
  stop(): void;
  /** The player gives up while the prompt is closed: nothing was paid, the wallet's side rejects. */
  cancel(): void;
  view(): SessionView;
}

export function openPaymentSession(deps: PaymentSessionDeps): PaymentSession {
  const now = deps.now ?? Date.now;
  const polling = new AbortController();
  let view: SessionView = { wallet: 'open', notice: null };
  let byPhone = false;
  let over: string | null = null;
  let sentTo: ((signature: string) => void) | null = null;
  let resolvePhone: (found: FoundPayment | null) => void = () => undefined;
  let settleWallet: { resolve(signature: string): void; reject(error: unknown): void } | null = null;
  const phone = new Promise<FoundPayment | null>((resolve) => (resolvePhone = resolve));
  const walletPaid = new Promise<string>((resolve, reject) => (settleWallet = { resolve, reject }));
  walletPaid.catch(() => undefined);

  const set = (patch: Partial<SessionView>) => {
    view = { ...view, ...patch };
    deps.onChange?.(view);
  };
  const stop = () => {
    polling.abort();
    resolvePhone(null);
  };

  function foundByPhone(payment: FoundPayment, notice: string | null = view.notice): void {
    if (byPhone || view.wallet === 'sent') return;
    byPhone = true;
    set({ notice });
    polling.abort();
    resolvePhone(payment);
  }

  /** No longer payable: a closed prompt ends the wallet's side too; an open one may still pay late. */
  function end(message: string): void {
    over = message;
    stop();
    if (view.wallet === 'closed' || view.wallet === 'checking') {
      set({ wallet: 'closed', notice: message });
      settleWallet?.reject(new Error(message));
    }
  }

  function prompt(): void {
    let sent = false;
    set({ wallet: 'open' });
    const onSent = (signature: string) => {
      if (sent) return;
      sent = true;
      if (byPhone) {
        // The phone paid first and the prompt was approved anyway: the server gives this one back.
        set({ notice: ALREADY_PAID_TEXT });
        deps.secondPayment?.(signature);
        return;
      }
      stop();
      set({ wallet: 'sent' });
      sentTo?.(signature);
    };
    deps.wallet(onSent).then(
      (signature) => {
        onSent(signature);
        if (!byPhone) settleWallet?.resolve(signature);
      },
      (error: unknown) => {
        // Sent, then not confirmed here: the caller's verification decides, as without a QR code.
        if (sent) {
          if (!byPhone) settleWallet?.reject(error);
          return;
        }
        if (byPhone) return;
        set({ wallet: 'closed', notice: over ?? reasonOf(error, 'The wallet did not send the transfer') });
        if (over !== null) settleWallet?.reject(new Error(over));
      },
    );
  }

  async function poll(): Promise<void> {
    const interval = deps.intervalMs ?? SESSION_POLL_INTERVAL_MS;
    while (!polling.signal.aborted) {
      await pause(interval, polling.signal);
      if (polling.signal.aborted) return;
      if (deps.expiresAt !== null && now() >= deps.expiresAt) return end(deps.expiredMessage);
      let answer: PollAnswer;
      try {
        answer = await deps.ask();
      } catch {
        // A timeout or a dropped connection: the next round asks again.
        continue;
      }
      if (polling.signal.aborted) return;
      if (answer.kind === 'found') return foundByPhone(answer.payment);
      if (answer.kind === 'over') return end(answer.message);
      if (answer.kind === 'refused') set({ notice: answer.message });
    }
  }

  return {
    phone,
    payByWallet(sent) {
      sentTo = sent;
      void poll();
      prompt();
      return walletPaid;
    },
    async retryWallet() {
      if (view.wallet !== 'closed' || byPhone || over !== null) return;
      set({ wallet: 'checking', notice: null });
      let answer: PollAnswer | null = null;
      try {
        answer = await deps.ask();
      } catch {
        // Unknown: the wallet is asked; a second payment would be given back by the server.
      }
      if (answer?.kind === 'found') return foundByPhone(answer.payment, ALREADY_PAID_TEXT);
      if (answer?.kind === 'over') return end(answer.message);
      prompt();
    },
    stop,
    cancel() {
      if (view.wallet === 'closed' && !byPhone && over === null) end(CANCELLED_TEXT);
    },
    view: () => view,
  };
}

/** Offers the request both ways and settles with whichever paid; `sent` hears the wallet's signature once sent. */
export function payEitherWay(session: PaymentSession, sent: (signature: string) => void): Promise<EitherWay> {
  let signature: string | null = null;
  return new Promise((resolve) => {
    void session.phone.then((found) => found && resolve({ by: 'phone', payment: found }));
    session
      .payByWallet((sentSignature) => {
        signature = sentSignature;
        sent(sentSignature);
      })
      .then(
        (paid) => resolve({ by: 'wallet', signature: paid }),
        (error: unknown) => resolve({ by: 'failed', error, signature }),
      );
  });
}
