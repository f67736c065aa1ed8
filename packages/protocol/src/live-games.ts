import { z } from 'zod/mini';
import { MAX_TEXT } from './limits';
import { boundedText, characterId, count, entityId, isoDateTime } from './primitives';

// Spectating (docs/spectating.md): the live duels anyone may watch and the spectators' count
// pushed to a game's watchers (one game's record for its watch page is in game-records.ts).

/** The most live duels GET /api/games/live lists (newest first). */
export const LIVE_GAMES_LIMIT = 50;
/** Spectators one game takes at most; the next watchGame is refused with SPECTATORS_FULL. */
export const SPECTATOR_CAP = 200;

/** One running duel (intro, round or results), as the list of live duels shows it. */
export const liveGame = z.object({
  sessionId: entityId,
  createdAt: isoDateTime,
  /** null for a guest. */
  player1Name: z.nullable(boundedText(MAX_TEXT)),
  player2Name: z.nullable(boundedText(MAX_TEXT)),
  player1Character: characterId,
  player2Character: characterId,
  /** The stake label ("Free!", "5$", "10$"). */
  betAmount: boundedText(50),
  /** Rounds closed so far; 0 during the intro and the first round. */
  round: count,
  vsBot: z.boolean(),
});
export type LiveGame = z.infer<typeof liveGame>;

export const liveGamesAnswer = z.object({
  success: z.literal(true),
  games: z.array(liveGame).check(z.maxLength(LIVE_GAMES_LIMIT)),
});
export type LiveGamesAnswer = z.infer<typeof liveGamesAnswer>;

/** To a game's spectators: how many watch it now (pushed when it changes, at most once a second). */
export const spectatorsEvent = z.object({ sessionId: entityId, count });
