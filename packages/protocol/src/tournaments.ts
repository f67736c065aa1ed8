import { parseEntryFee } from '@duel-dojo/rules';
import { z } from 'zod/mini';
import { ERROR_MESSAGES } from './error-messages';
import { paymentTermsFields } from './payment-terms';
import { MAX_ID, MAX_MESSAGE, MAX_TEXT } from './limits';
import {
  boundedText,
  characterId,
  count,
  entityId,
  epochMs,
  isoDateTime,
  lamportsString,
  level,
  transactionSignature,
  walletAddress,
} from './primitives';

// A tournament, its creation form's rules and the tournament routes. Every call sends the
// bearer token; answers carry success: true, failures are ErrorBody with the texts of errors.ts.

export const TOURNAMENT_FORMATS = ['single-elimination', 'double-elimination', 'round-robin'] as const;
export type TournamentFormat = (typeof TOURNAMENT_FORMATS)[number];
export const DEFAULT_TOURNAMENT_FORMAT: TournamentFormat = 'single-elimination';

export const TOURNAMENT_SIZES = [4, 8, 16, 32] as const;
export type TournamentSize = (typeof TOURNAMENT_SIZES)[number];
export const DEFAULT_TOURNAMENT_SIZE: TournamentSize = 8;

/** upcoming -> active -> completed; cancelled when it cannot start. */
export const TOURNAMENT_STATUSES = ['upcoming', 'active', 'completed', 'cancelled'] as const;
export type TournamentStatus = (typeof TOURNAMENT_STATUSES)[number];

const MAX_NAME = 100;
const MAX_PRIZE = 100;
/** The server's refusal of a start date that is not in the future (the form itself does not check it). */
export const TOURNAMENT_START_DATE_PAST = 'Please select a start date in the future';
const REQUIRED_FIELDS = ERROR_MESSAGES.TOURNAMENT_REQUIRED_FIELDS;
const START_DATE_REQUIRED = ERROR_MESSAGES.TOURNAMENT_START_DATE_REQUIRED;
const isoCheck = z.iso.datetime({ offset: true });

/** A name or description: missing or blank is the form's "Please fill in all required fields". */
function requiredField(max: number) {
  return z
    .string({ error: REQUIRED_FIELDS })
    .check(z.maxLength(max, { error: `Must be at most ${max} characters`, abort: true }), z.trim(), z.minLength(1, { error: REQUIRED_FIELDS }));
}

/** Optional free text (entry fee, prizes): absent is ''. */
function optionalText(max: number) {
  return z._default(boundedText(max).check(z.trim()), '');
}

/** A number of players, 4/8/16/32; the form's select may send it as text ("16"). */
const tournamentSize = z.pipe(
  z.union([z.number(), z.pipe(boundedText(2).check(z.regex(/^\d+$/)), z.transform(Number))], {
    error: 'Max players must be 4, 8, 16 or 32',
  }),
  z.literal(TOURNAMENT_SIZES, { error: 'Max players must be 4, 8, 16 or 32' }),
);

export const tournamentPrizes = z.object({
  first: optionalText(MAX_PRIZE),
  second: optionalText(MAX_PRIZE),
  third: optionalText(MAX_PRIZE),
});
export type TournamentPrizes = z.infer<typeof tournamentPrizes>;

/**
 * The entry fee as typed: '' or "Free" for a free tournament, or an amount of SOL ("0.05",
 * "0.05 SOL") the server charges (rules' parseEntryFee; apps/server/README.md "Paid tournaments").
 */
export const entryFeeText = optionalText(MAX_PRIZE).check(
  z.superRefine((text, ctx) => {
    const parsed = parseEntryFee(text);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.reason === 'range' ? ERROR_MESSAGES.ENTRY_FEE_RANGE : ERROR_MESSAGES.ENTRY_FEE_INVALID });
  }),
);
const noPrizes = { first: '', second: '', third: '' };

/** POST /api/tournaments. startDate is ISO with a zone: the form converts its local time. */
export const createTournamentBody = z
  .object({
    name: requiredField(MAX_NAME),
    description: requiredField(MAX_MESSAGE),
    entryFee: entryFeeText,
    maxParticipants: z._default(tournamentSize, DEFAULT_TOURNAMENT_SIZE),
    startDate: z
      .string({ error: START_DATE_REQUIRED })
      .check(
        z.maxLength(MAX_ID, { error: START_DATE_REQUIRED, abort: true }),
        z.trim(),
        z.minLength(1, { error: START_DATE_REQUIRED, abort: true }),
        z.refine((value) => isoCheck.safeParse(value).success, { error: 'Please select a valid start date' }),
      ),
    format: z._default(
      z.enum(TOURNAMENT_FORMATS, { error: 'Format must be single-elimination, double-elimination or round-robin' }),
      DEFAULT_TOURNAMENT_FORMAT,
    ),
    prizes: z._default(tournamentPrizes, noPrizes),
  })
  .check(
    z.superRefine((body, ctx) => {
      // A paid tournament's prizes are its pool's shares; typed prizes would promise something else.
      const paid = parseEntryFee(body.entryFee);
      const typed = body.prizes.first !== '' || body.prizes.second !== '' || body.prizes.third !== '';
      if (paid.ok && paid.lamports > 0n && typed) ctx.addIssue({ code: 'custom', path: ['prizes'], message: ERROR_MESSAGES.PAID_TOURNAMENT_PRIZES });
    }),
  );
export type CreateTournamentBody = z.input<typeof createTournamentBody>;
export type ParsedCreateTournamentBody = z.output<typeof createTournamentBody>;

/** The {id} of /api/tournaments/{id} and /api/tournaments/{id}/join. */
export const tournamentParams = z.object({ id: entityId });
export type TournamentParams = z.input<typeof tournamentParams>;

/**
 * PUT /api/tournaments/{id}/join: an optional character to fight with; for a paid tournament
 * the entry payment (POST /api/tournaments/{id}/entry) and the transaction that paid it. The
 * signature may be left out when a phone wallet paid the entry's QR code: the server finds the
 * transfer by the payment's reference. A signature never comes without its payment.
 */
export const joinTournamentBody = z
  .object({ characterId: z.optional(characterId), paymentId: z.optional(entityId), signature: z.optional(transactionSignature) })
  .check(
    z.refine((body) => body.signature === undefined || body.paymentId !== undefined, {
      error: 'a signature goes with its paymentId',
      path: ['signature'],
    }),
  );
export type JoinTournamentBody = z.input<typeof joinTournamentBody>;

/**
 * POST /api/tournaments/{id}/entry (signed in): how to pay a paid tournament's entry fee — one
 * system transfer of `lamports` to recipientWallet carrying `reference`, before expiresAt. Then
 * join with {paymentId, signature}, or {paymentId} alone when the wallet that paid gave no signature
 * (a phone). A join refused after the payment (full, closed) refunds it.
 */
export const tournamentEntryAnswer = z.object({ success: z.literal(true), tournamentId: entityId, paymentId: entityId, ...paymentTermsFields });
export type TournamentEntryAnswer = z.infer<typeof tournamentEntryAnswer>;

/** A paid tournament's pool: 97 % of the fees, 60/30/10 (rules' prizeShares). */
export const prizePool = z.object({
  totalLamports: lamportsString,
  first: lamportsString,
  second: lamportsString,
  third: lamportsString,
});
export type PrizePool = z.infer<typeof prizePool>;

export const tournamentParticipant = z.object({
  _id: boundedText(MAX_ID),
  walletAddress,
  username: z.nullable(boundedText(MAX_TEXT)),
  displayName: z.nullable(boundedText(MAX_TEXT)),
  /** An image path; null shows the character's portrait. */
  avatar: z.nullable(boundedText(500)),
  characterId,
  level,
  stats: z.object({ wins: count, losses: count }),
});
export type TournamentParticipant = z.infer<typeof tournamentParticipant>;

export const tournament = z.object({
  tournamentId: entityId,
  name: boundedText(MAX_NAME),
  description: boundedText(MAX_MESSAGE),
  entryFee: boundedText(MAX_PRIZE),
  maxParticipants: z.literal(TOURNAMENT_SIZES),
  currentParticipants: count,
  startDate: isoDateTime,
  format: z.enum(TOURNAMENT_FORMATS),
  status: z.enum(TOURNAMENT_STATUSES),
  /** '' for a prize not set: shown as "TBD". */
  prizes: z.object({ first: boundedText(MAX_PRIZE), second: boundedText(MAX_PRIZE), third: boundedText(MAX_PRIZE) }),
  /** Set once completed. */
  winner: z.nullable(z.object({ username: z.nullable(boundedText(MAX_TEXT)), displayName: z.nullable(boundedText(MAX_TEXT)) })),
  /** Whether the caller (from the bearer token) is registered; false for anonymous callers. */
  isRegistered: z.boolean(),
  participants: z.array(tournamentParticipant).check(z.maxLength(32)),
  creator: walletAddress,
  createdAt: isoDateTime,
  /** Ours: the fee each entrant pays, "0" when free. */
  entryFeeLamports: lamportsString,
  /**
   * A paid tournament's prizes in lamports (null when free): with the players registered so far
   * until it starts, then as fixed at its start. `prizes` then holds the same amounts as text.
   */
  prizePool: z.nullable(prizePool),
});
export type Tournament = z.infer<typeof tournament>;

// Ours, in the detail answer only: the live bracket (brackets-manager's stage,
// flattened), the duel a participant is called to, and the placings once completed.
/** Which part of the bracket a match belongs to: 'winners' is the whole of a single elimination. */
export const BRACKET_SECTIONS = ['winners', 'losers', 'grand-final', 'third-place', 'league'] as const;
/** brackets-manager's match statuses, in words. */
export const BRACKET_MATCH_STATUSES = ['locked', 'waiting', 'ready', 'running', 'completed', 'archived'] as const;

/** One side of a match; null is a BYE (no opponent: the other side goes through). */
export const bracketSlot = z.nullable(
  z.object({
    /** The participant's _id; null while still to be decided (the winner of an earlier match). */
    participantId: z.nullable(boundedText(MAX_ID)),
    username: z.nullable(boundedText(MAX_TEXT)),
    displayName: z.nullable(boundedText(MAX_TEXT)),
    /** The fighter's health at the end of the duel; null until played (and for a forfeit). */
    score: z.nullable(count),
    result: z.nullable(z.enum(['win', 'loss', 'draw'])),
    /** Did not show within the time allowed. */
    forfeit: z.boolean(),
  }),
);
export type BracketSlot = z.infer<typeof bracketSlot>;

export const bracketMatch = z.object({
  matchId: count,
  section: z.enum(BRACKET_SECTIONS),
  round: z.int().check(z.positive()),
  number: z.int().check(z.positive()),
  status: z.enum(BRACKET_MATCH_STATUSES),
  opponent1: bracketSlot,
  opponent2: bracketSlot,
  /** A duel has been called for this match and is being waited for or played. */
  live: z.boolean(),
});
export type BracketMatch = z.infer<typeof bracketMatch>;

export const tournamentBracket = z.object({
  /** The bracket generated; a double elimination of two players is played as one match. */
  type: z.enum(TOURNAMENT_FORMATS),
  /** In play order: section, round, number. 32 players in a round robin play 496 matches. */
  matches: z.array(bracketMatch).check(z.maxLength(600)),
});
export type TournamentBracket = z.infer<typeof tournamentBracket>;

/**
 * The duel a participant is called to (socket event `tournamentMatch`, and `myMatch` in the
 * detail): join it with joinViaInvite {inviteCode} before `deadline`, or forfeit.
 */
export const tournamentMatchNotice = z.object({
  tournamentId: entityId,
  matchId: count,
  inviteCode: entityId,
  opponent: z.object({
    walletAddress,
    username: z.nullable(boundedText(MAX_TEXT)),
    displayName: z.nullable(boundedText(MAX_TEXT)),
  }),
  /** Server epoch ms: a player not in the duel by then forfeits; null once the duel has started. */
  deadline: z.nullable(epochMs),
});
export type TournamentMatchNotice = z.infer<typeof tournamentMatchNotice>;

/**
 * The called match a reserved duel is played for, as its own players' gameState can carry it
 * (`tournament`, null for any other game): the waiting screen names the opponent and the no-show
 * deadline without the invite code, which the game never shows.
 */
export const tournamentMatchInfo = z.omit(tournamentMatchNotice, { inviteCode: true });
export type TournamentMatchInfo = z.infer<typeof tournamentMatchInfo>;

/** A paid tournament's prize for a place: pending until its transfer is confirmed on chain. */
export const placingPrize = z.object({
  lamports: lamportsString,
  status: z.enum(['pending', 'paid', 'failed']),
  /** The payout transaction, once signed. */
  signature: z.nullable(transactionSignature),
});
export type PlacingPrize = z.infer<typeof placingPrize>;

export const tournamentPlacing = z.object({
  place: z.int().check(z.gte(1), z.lte(3)),
  participantId: boundedText(MAX_ID),
  username: z.nullable(boundedText(MAX_TEXT)),
  displayName: z.nullable(boundedText(MAX_TEXT)),
  /** null in a free tournament. */
  prize: z.nullable(placingPrize),
});

/** The detail: the tournament with its bracket (null until it starts), the caller's call and the placings. */
export const tournamentDetail = z.extend(tournament, {
  bracket: z._default(z.nullable(tournamentBracket), null),
  /** The caller's open duel in this tournament; null for anyone else or when none is called. */
  myMatch: z._default(z.nullable(tournamentMatchNotice), null),
  /** 1st, 2nd, 3rd once completed; empty before. */
  placings: z._default(z.array(tournamentPlacing).check(z.maxLength(3)), []),
});
export type TournamentDetail = z.infer<typeof tournamentDetail>;

/** GET /api/tournaments/{id}; a 404 ErrorBody (TOURNAMENT_NOT_FOUND) when unknown. */
export const tournamentAnswer = z.object({
  success: z.literal(true),
  tournament: tournamentDetail,
});
export type TournamentAnswer = z.infer<typeof tournamentAnswer>;

/** The answer of create and join: the tournament as it now stands. */
export const tournamentChangeAnswer = z.object({
  success: z.literal(true),
  message: boundedText(MAX_MESSAGE),
  tournament,
  /** A paid join: the entry payment and the transaction this answer is for. */
  paymentId: z.optional(entityId),
  signature: z.optional(transactionSignature),
});
export type TournamentChangeAnswer = z.infer<typeof tournamentChangeAnswer>;
