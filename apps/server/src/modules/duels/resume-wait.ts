// A resumed game between its takeover and its restarted round (docs/durable-games.md): the round
// starts once every player of the game is known to be connected (found on a node at the takeover,
// or rejoined since), after a short beat so their screens catch up, or after a grace without them.
import { type Slot, SLOTS } from '@duel-dojo/rules';
import type { TimerSet } from './game-clock';
import { RESUME_BEAT_MS, RESUME_GRACE_MS } from './session-setup';

export class ResumeWait {
  private waiting = false;
  private readonly present = new Set<Slot>();

  /** `humans`: whether a seat has a player to wait for (not the bot); `playOn` starts the round (queued by the caller). */
  constructor(
    private readonly timers: TimerSet,
    private readonly humans: (slot: Slot) => boolean,
    private readonly playOn: () => void,
  ) {}

  /** The game was taken over with these seats' players found connected. */
  begin(present: readonly Slot[]): void {
    for (const slot of present) this.present.add(slot);
    this.waiting = true;
    this.timers.after(this.everyoneBack() ? RESUME_BEAT_MS : RESUME_GRACE_MS, this.playOn);
  }

  /** A player rejoined. */
  back(slot: Slot): void {
    this.present.add(slot);
    if (this.waiting && this.everyoneBack()) this.timers.after(RESUME_BEAT_MS, this.playOn);
  }

  /** True once, when the wait ends: the round starts now (a later timer finds nothing to do). */
  end(): boolean {
    const was = this.waiting;
    this.waiting = false;
    return was;
  }

  private everyoneBack(): boolean {
    return SLOTS.every((slot) => !this.humans(slot) || this.present.has(slot));
  }
}
