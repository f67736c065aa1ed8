// Joining a tournament: the client's own blocks, the server's refusals (the protocol's texts,
// matched by text), and which action a card offers.
import type { Tournament } from '@duel-dojo/protocol';
import { ERROR_MESSAGES, tournamentJoinErrorText } from '@duel-dojo/protocol/error-messages';
import { ApiError } from '../../net/http';

export interface JoinSession {
  /** A wallet is connected (or the session has one). */
  readonly walletConnected: boolean;
  /** A login token is stored. */
  readonly signedIn: boolean;
}

type Seats = Pick<Tournament, 'isRegistered' | 'currentParticipants' | 'maxParticipants'>;

export function isFull(tournament: Pick<Tournament, 'currentParticipants' | 'maxParticipants'>): boolean {
  return tournament.currentParticipants >= tournament.maxParticipants;
}

/** Why the client refuses to send the join, in the product's order; null when it may be sent. */
export function joinBlock(tournament: Seats, session: JoinSession): string | null {
  if (!session.walletConnected) return ERROR_MESSAGES.TOURNAMENT_CONNECT_TO_JOIN;
  if (!session.signedIn) return ERROR_MESSAGES.TOURNAMENT_LOGIN_REQUIRED;
  if (tournament.isRegistered) return ERROR_MESSAGES.TOURNAMENT_ALREADY_REGISTERED_CLIENT;
  if (isFull(tournament)) return ERROR_MESSAGES.TOURNAMENT_FULL_CLIENT;
  return null;
}

/** A failed join as the protocol's texts word it; `fallback` when the server said nothing. */
export function joinErrorText(error: unknown, fallback: string = ERROR_MESSAGES.TOURNAMENT_JOIN_RETRY): string {
  if (error instanceof ApiError) {
    if (!error.reachedServer) return tournamentJoinErrorText(null, false);
    if (error.serverMessage) return tournamentJoinErrorText(error.serverMessage);
  }
  return fallback;
}

export type CardAction = 'join' | 'registered' | 'full' | 'closed' | 'none';

/** Completed: none (the winner shows). Otherwise Join, or Registered / Full / closed in its place. */
export function cardAction(tournament: Pick<Tournament, 'status' | 'isRegistered' | 'currentParticipants' | 'maxParticipants'>): CardAction {
  if (tournament.status === 'completed') return 'none';
  if (tournament.isRegistered) return 'registered';
  if (tournament.status !== 'upcoming') return 'closed';
  return isFull(tournament) ? 'full' : 'join';
}
