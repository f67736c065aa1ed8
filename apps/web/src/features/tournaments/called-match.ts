// Whether a game is a called tournament match (a reserved duel), and which match: the server's
// gameState carries `tournament` for the two players of one (null for any other game). The call
// this tab followed (match-call-store.ts) stands in while a state without it is on screen.
import type { GameState, TournamentMatchInfo } from '@duel-dojo/protocol';
import { type KnownCalls, callOfWaitingGame } from './match-call-store';

export function tournamentOf(game: GameState | null | undefined): TournamentMatchInfo | null {
  return game?.tournament ?? null;
}

/** A reserved duel still waiting for its second player. */
export function isCalledMatchWaiting(game: GameState | null | undefined): boolean {
  return game?.phase === 'waiting' && tournamentOf(game) !== null;
}

/** The match of a reserved duel: the server's word, else the call followed. */
export function matchOfGame(game: GameState | null | undefined, known: KnownCalls, now: number): TournamentMatchInfo | null {
  return tournamentOf(game) ?? callOfWaitingGame(known, now);
}
