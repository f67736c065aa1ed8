// Tournament creation as a pure check of the "Create New Tournament" form: the product's
// messages in their order, then the body the server takes (the local start time as ISO with a zone).
// An entry fee typed as an amount of SOL makes the tournament paid, and its prizes are
// the pool's shares, so the typed prizes are emptied and the protocol's schema has the last word.
import {
  type CreateTournamentBody,
  DEFAULT_TOURNAMENT_FORMAT,
  DEFAULT_TOURNAMENT_SIZE,
  ERROR_MESSAGES,
  TOURNAMENT_START_DATE_PAST,
  type TournamentFormat,
  type TournamentSize,
  createTournamentBody,
  describeValidationError,
} from '@duel-dojo/protocol';
import { PRIZE_PLACES, parseEntryFee, prizePoolLamports, prizeShares, solText } from '@duel-dojo/rules';
import { PLACE_LABELS, poolSplitText } from './entry-fee';

export interface CreateForm {
  readonly name: string;
  readonly description: string;
  readonly entryFee: string;
  readonly maxParticipants: TournamentSize;
  /** The datetime-local value: "2026-05-01T18:30" in the player's own time zone. */
  readonly startDate: string;
  readonly format: TournamentFormat;
  readonly first: string;
  readonly second: string;
  readonly third: string;
}

export const EMPTY_CREATE_FORM: CreateForm = {
  name: '',
  description: '',
  entryFee: '',
  maxParticipants: DEFAULT_TOURNAMENT_SIZE,
  startDate: '',
  format: DEFAULT_TOURNAMENT_FORMAT,
  first: '',
  second: '',
  third: '',
};

export const FORMAT_LABELS: Readonly<Record<TournamentFormat, string>> = {
  'single-elimination': 'Single Elimination',
  'double-elimination': 'Double Elimination',
  'round-robin': 'Round Robin',
};

/** A datetime-local value (no zone: the player's local time) as ISO with a zone; null if unreadable. */
export function localDateTimeToIso(local: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(local)) return null;
  const time = new Date(local).getTime();
  return Number.isFinite(time) ? new Date(time).toISOString() : null;
}

/** An epoch time as a datetime-local value in the player's zone (the input's `min`). */
export function toLocalDateTime(ms: number): string {
  const date = new Date(ms);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * Whether the typed fee is an amount of SOL (the tournament is paid), out of range included: the
 * prizes stay disabled while the amount is corrected. Free words and unreadable text are not.
 */
export function isPaidFee(entryFee: string): boolean {
  const parsed = parseEntryFee(entryFee);
  return parsed.ok ? parsed.lamports > 0n : parsed.reason === 'range';
}

/** The form with a new fee; a paid fee empties the prizes (they are the pool's shares). */
export function withEntryFee(form: CreateForm, entryFee: string): CreateForm {
  return isPaidFee(entryFee) ? { ...form, entryFee, first: '', second: '', third: '' } : { ...form, entryFee };
}

/**
 * The prize note of a paid fee: the split, and what each place gets once every seat is taken
 * ("Full at 8 players: 1st 0.2328 SOL, …"). null when free or unreadable.
 */
export function paidPoolNote(form: Pick<CreateForm, 'entryFee' | 'maxParticipants'>): string | null {
  if (!isPaidFee(form.entryFee)) return null;
  const split = `The prize pool is ${poolSplitText()}.`;
  const parsed = parseEntryFee(form.entryFee);
  if (!parsed.ok) return split;
  const shares = prizeShares(prizePoolLamports(parsed.lamports, form.maxParticipants), PRIZE_PLACES);
  const places = shares.map((share, index) => `${PLACE_LABELS[index]} ${solText(share)}`).join(', ');
  return `${split} Full at ${form.maxParticipants} players: ${places}.`;
}

export type CreateCheck = { readonly ok: true; readonly body: CreateTournamentBody } | { readonly ok: false; readonly error: string };

/**
 * Required fields, start date, the rest of the body by the protocol's schema (entry fee, paid
 * prizes: its messages word for word), then the session (the product's order); the server checks all
 * again.
 */
export function checkCreateForm(form: CreateForm, signedIn: boolean, now: number): CreateCheck {
  if (!form.name.trim() || !form.description.trim()) return { ok: false, error: ERROR_MESSAGES.TOURNAMENT_REQUIRED_FIELDS };
  if (!form.startDate.trim()) return { ok: false, error: ERROR_MESSAGES.TOURNAMENT_START_DATE_REQUIRED };
  const startDate = localDateTimeToIso(form.startDate);
  if (startDate === null) return { ok: false, error: 'Please select a valid start date' };
  if (Date.parse(startDate) <= now) return { ok: false, error: TOURNAMENT_START_DATE_PAST };
  const body: CreateTournamentBody = {
    name: form.name.trim(),
    description: form.description.trim(),
    entryFee: form.entryFee.trim(),
    maxParticipants: form.maxParticipants,
    startDate,
    format: form.format,
    prizes: { first: form.first.trim(), second: form.second.trim(), third: form.third.trim() },
  };
  const parsed = createTournamentBody.safeParse(body);
  if (!parsed.success) return { ok: false, error: describeValidationError(parsed.error) };
  if (!signedIn) return { ok: false, error: ERROR_MESSAGES.TOURNAMENT_CONNECT_TO_CREATE };
  return { ok: true, body };
}
