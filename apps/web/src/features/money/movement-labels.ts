// How a ledger movement reads on the money page, in the player's words: one label per kind and
// reason, a line saying why the money moved, and the status as a badge. The kinds, reasons and
// statuses are protocol's (wallet-money.ts); a Record over each keeps every one of them named.
import type { MoneyMovement, MoneyMovementKind, MoneyMovementReason, MoneyMovementStatus } from '@duel-dojo/protocol';

const KIND_LABELS: Record<MoneyMovementKind, string> = {
  stakePaid: 'Stake paid',
  purchase: 'Purchase',
  tournamentEntry: 'Tournament entry',
  overpayment: 'Overpaid',
  refusedTransfer: 'Refused transfer',
  donation: 'Donation',
  payout: 'Payout',
  prize: 'Prize',
  refund: 'Refund',
  giveBack: 'Given back',
};

const REASON_LABELS: Record<MoneyMovementReason, string> = {
  cancelledWait: 'cancelled wait',
  draw: 'draw',
  tournamentCancelled: 'tournament cancelled',
  entryRefused: 'entry refused',
  purchaseRefused: 'purchase refused',
  stakeNotUsed: 'stake not used',
  overpaid: 'overpaid',
  refusedTransfer: 'refused transfer',
};

const KIND_DETAILS: Record<MoneyMovementKind, string> = {
  stakePaid: 'Your stake for a duel.',
  purchase: 'A character from the marketplace.',
  tournamentEntry: "A tournament's entry fee.",
  overpayment: 'Sent above what a payment asked; it is given back to you.',
  refusedTransfer: 'A transfer no payment could accept; it is given back to you.',
  donation: 'A transfer to the treasury that named no payment; it was kept.',
  payout: 'Your winnings from a duel.',
  prize: 'A tournament prize.',
  refund: 'Your payment came back.',
  giveBack: 'Money sent back to your wallet.',
};

const REASON_DETAILS: Record<MoneyMovementReason, string> = {
  cancelledWait: 'The game was cancelled before an opponent came.',
  draw: 'The duel ended in a draw: each stake comes back.',
  tournamentCancelled: 'Too few players were there when the tournament was due to start.',
  entryRefused: 'The tournament was full or closed when the fee arrived.',
  purchaseRefused: 'Sold out, already owned, or paid too late.',
  stakeNotUsed: 'Paid too late, or never used for a game.',
  overpaid: 'What you sent above what a payment asked.',
  refusedTransfer: 'A transfer no payment could accept.',
};

/** "Refund — cancelled wait", "Stake paid". */
export function movementLabel(movement: Pick<MoneyMovement, 'kind' | 'reason'>): string {
  const kind = KIND_LABELS[movement.kind];
  return movement.reason ? `${kind} — ${REASON_LABELS[movement.reason]}` : kind;
}

/** Why the money moved, one sentence. */
export function movementDetail(movement: Pick<MoneyMovement, 'kind' | 'reason'>): string {
  return movement.reason ? REASON_DETAILS[movement.reason] : KIND_DETAILS[movement.kind];
}

export type StatusTone = 'neutral' | 'warning' | 'success' | 'danger';

export interface StatusView {
  readonly label: string;
  readonly tone: StatusTone;
  /** What the player should know beyond the badge; null when the badge says it all. */
  readonly hint: string | null;
}

const STATUSES: Record<MoneyMovementStatus, StatusView> = {
  pending: { label: 'Pending', tone: 'neutral', hint: null },
  retrying: { label: 'Being retried', tone: 'warning', hint: 'Not through within a minute; the server keeps trying until it lands.' },
  confirmed: { label: 'Confirmed', tone: 'success', hint: null },
  failed: { label: 'Failed', tone: 'danger', hint: 'Landed with an error, so nothing moved. Contact us and we settle it by hand.' },
};

export function statusView(movement: Pick<MoneyMovement, 'status' | 'transactionSignature'>): StatusView {
  const view = STATUSES[movement.status];
  // Money decided but not sent yet has no transaction to show: say so instead of a missing link.
  if (movement.status === 'pending' && !movement.transactionSignature) return { ...view, hint: 'Decided, not sent yet: it goes out on the next pass.' };
  return view;
}

/** A movement's status asks for a fresh look soon: the page polls while one is on screen. */
export function isUnsettled(movement: Pick<MoneyMovement, 'status'>): boolean {
  return movement.status === 'pending' || movement.status === 'retrying';
}
