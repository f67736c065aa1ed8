// What each fighter of the arena plays for the round just resolved, handed down by the screen
// that knows the round (a context, so the layout between them stays unaware of it). Without a
// provider nothing moves but the shake on damage, as before.
import { createContext, useContext } from 'react';

/** The fighter's own move of the round. */
export type FighterAct = 'attack' | 'dodge' | 'heal';
/** How the blows of the round land on the fighter: a hit, or the recoil of an attack dodged. */
export type FighterReaction = 'hit' | 'recoil';

export interface FighterMotion {
  /** Changes every round, so the same motion plays again. */
  readonly key: number;
  readonly act: FighterAct | null;
  readonly reaction: FighterReaction | null;
  readonly healed: boolean;
  /** Health reached 0 this round: the fighter falls after the blow. */
  readonly knockedOut: boolean;
}

export interface ArenaMotion {
  /** False when the player turned animations off or the system asks for reduced motion: nothing moves. */
  readonly enabled: boolean;
  /** The fighter on the left (facing right) and the one on the right (mirrored). */
  readonly left: FighterMotion | null;
  readonly right: FighterMotion | null;
}

/** The move's length; the blow lands IMPACT_DELAY_MS into it and the knock-out follows the shake. */
export const ACT_MS = 600;
export const IMPACT_DELAY_MS = 200;
export const KNOCKOUT_MS = 1_000;

export const ArenaMotionContext = createContext<ArenaMotion | null>(null);

/** The motion of one side of the arena, and whether anything may move at all. */
export function useFighterMotion(mirrored: boolean): { readonly enabled: boolean; readonly motion: FighterMotion | null } {
  const arena = useContext(ArenaMotionContext);
  if (!arena) return { enabled: true, motion: null };
  return { enabled: arena.enabled, motion: arena.enabled ? (mirrored ? arena.right : arena.left) : null };
}
