// Withdraw form checks (ours: the original design had none). Amounts are parsed from the
// typed text with integer arithmetic (rules' solToLamports), never through a float.
import { formatSol, solToLamports } from '@duel-dojo/rules';

/** The network fee of a one-signature transfer. */
export const TRANSFER_FEE_LAMPORTS = 5_000n;

export const WITHDRAW_MESSAGES = {
  addressRequired: 'Enter the address to send to',
  addressInvalid: 'Enter a valid Solana address',
  addressIsOwn: 'This is your own wallet address',
  amountRequired: 'Enter an amount',
  amountInvalid: 'Enter an amount in SOL with at most 9 decimals',
  amountZero: 'The amount must be greater than 0',
} as const;

export function amountTooLargeMessage(maxLamports: bigint): string {
  return `Not enough SOL: you can send at most ${formatSol(maxLamports, 9).replace(/\.?0+$/, '')} SOL (balance minus the network fee)`;
}

/** MAX: everything but the fee, never below zero. */
export function maxWithdrawLamports(balance: bigint): bigint {
  return balance > TRANSFER_FEE_LAMPORTS ? balance - TRANSFER_FEE_LAMPORTS : 0n;
}

/** The MAX amount as the text the amount field shows. */
export function maxWithdrawText(balance: bigint): string {
  const text = formatSol(maxWithdrawLamports(balance), 9).replace(/0+$/, '').replace(/\.$/, '');
  return text === '' ? '0' : text;
}

export interface WithdrawInput {
  readonly address: string;
  readonly amount: string;
  readonly ownAddress: string;
  readonly balance: bigint;
  /** packages/protocol's base58 check of a 32-byte key. */
  readonly isAddress: (text: string) => boolean;
}

export type WithdrawCheck =
  | { ok: true; to: string; lamports: bigint }
  | { ok: false; addressError: string | null; amountError: string | null };

export function checkWithdraw(input: WithdrawInput): WithdrawCheck {
  const to = input.address.trim();
  let addressError: string | null = null;
  if (!to) addressError = WITHDRAW_MESSAGES.addressRequired;
  else if (!input.isAddress(to)) addressError = WITHDRAW_MESSAGES.addressInvalid;
  else if (to === input.ownAddress) addressError = WITHDRAW_MESSAGES.addressIsOwn;

  let amountError: string | null = null;
  let lamports = 0n;
  const text = input.amount.trim();
  if (!text) amountError = WITHDRAW_MESSAGES.amountRequired;
  else {
    try {
      lamports = solToLamports(text.startsWith('.') ? `0${text}` : text);
      const max = maxWithdrawLamports(input.balance);
      if (lamports === 0n) amountError = WITHDRAW_MESSAGES.amountZero;
      else if (lamports > max) amountError = amountTooLargeMessage(max);
    } catch {
      amountError = WITHDRAW_MESSAGES.amountInvalid;
    }
  }
  if (addressError || amountError) return { ok: false, addressError, amountError };
  return { ok: true, to, lamports };
}
