// The players' own seeds of one game (docs/fairness.md): each player may add one after the
// commitment reached them and before round 1; at round 1 the seeds are fixed ("" for a player who
// sent none, and for the bot) and every hit's factor mixes them in. A game resumed from a row
// written before client seeds keeps the formula it started with (`slots` null).
import type { ClientSeeds, Slot } from '@duel-dojo/rules';
import type { SeedSlots } from './live-state';
import { type Outcome, ok, refuse } from './outcome';

export class ClientSeedBook {
  private slots: SeedSlots | null;

  constructor(slots: SeedSlots | null = { player1: null, player2: null }) {
    this.slots = slots;
  }

  /** What the row keeps (live-state.ts). */
  get stored(): SeedSlots | null {
    return this.slots;
  }

  /** One seed per player, only before round 1 (`started`). */
  submit(slot: Slot, seed: string, started: boolean): Outcome {
    if (started || this.slots === null) return refuse('CLIENT_SEED_TOO_LATE');
    if (this.slots[slot] !== null) return refuse('CLIENT_SEED_ALREADY_SENT');
    this.slots = { ...this.slots, [slot]: seed };
    return ok();
  }

  /** The seeds the hits use: "" where none came; null for a game from before client seeds. */
  get fixed(): ClientSeeds | null {
    if (this.slots === null) return null;
    return { player1: this.slots.player1 ?? '', player2: this.slots.player2 ?? '' };
  }
}
