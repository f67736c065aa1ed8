// A transfer from the connected wallet that the server refused because the request was already
// paid (by the phone, found by its reference a moment before): the server gives it back at once
// (docs/money.md, "Refused, given back"). The flows then finish with the payment that counted and
// tell the player why their wallet's transfer is coming back.
import { ERROR_MESSAGES } from '@duel-dojo/protocol/error-messages';
import { ALREADY_PAID_TEXT, type PollAnswer } from './payment-session';
import type { FoundPayment } from './reference-poll';

interface Answer {
  readonly success: boolean;
  readonly code?: string | undefined;
  readonly message: string;
}

/** A refusal whose transfer the server is giving back (PAYMENT_INVALID with the refund note). */
export function isGivenBack(answer: Answer): boolean {
  return !answer.success && answer.code === 'PAYMENT_INVALID' && answer.message.includes(ERROR_MESSAGES.PAYMENT_REFUNDING);
}

/** The payment that paid the request before this refused transfer, asked by reference; null when none did. */
export async function paidBefore(answer: Answer, ask: () => Promise<PollAnswer>): Promise<FoundPayment | null> {
  if (!isGivenBack(answer)) return null;
  const again = await ask().catch(() => null);
  return again?.kind === 'found' ? again.payment : null;
}

/** "This request is already paid. The transaction does not pay this request. The payment is being refunded…" */
export const alreadyPaidText = (serverMessage: string): string => `${ALREADY_PAID_TEXT}. ${serverMessage}`;
