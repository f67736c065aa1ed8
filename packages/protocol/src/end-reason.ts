import { z } from 'zod/mini';

/**
 * How a finished game ended (docs/leaving-a-game.md): a knock-out, a knock-out in sudden death,
 * a resignation, a victory claimed over an absent opponent (or a game settled by the
 * abandonment rule), or both fighters down together.
 */
export const END_REASONS = ['knockout', 'suddenDeath', 'resigned', 'abandoned', 'draw'] as const;
export const endReason = z.enum(END_REASONS);
export type EndReason = z.infer<typeof endReason>;
