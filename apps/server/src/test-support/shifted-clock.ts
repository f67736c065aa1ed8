// The server's clock in a money test: the wall clock plus an offset the test moves, so an expiry
// is reached by moving the clock instead of sleeping through it. Wall time underneath, not a
// frozen clock, because the local chain stamps every block with its own real time and the payment
// checks compare the two (modules/payments/check-transfer.ts, verification.ts): a clock that stood
// still would fall behind the chain and find every transfer late, and one ahead by more than the
// tolerated skew (a minute) would find every transfer too old.

export interface ShiftedClock {
  /** What the server is given as `now` (ComposeOptions, or a module's deps). */
  readonly now: () => Date;
  /** As if `ms` had passed; a negative `ms` makes what follows happen that much earlier. */
  advance(ms: number): void;
  /** Past `epochMs` (a request's `expiresAt`), unless it is already. */
  passAt(epochMs: number): void;
  /** Back to the wall clock. */
  reset(): void;
}

export function shiftedClock(): ShiftedClock {
  let offsetMs = 0;
  const clock: ShiftedClock = {
    now: () => new Date(Date.now() + offsetMs),
    advance(ms) {
      offsetMs += ms;
    },
    passAt(epochMs) {
      const behind = epochMs - clock.now().getTime();
      if (behind >= 0) offsetMs += behind + 1;
    },
    reset() {
      offsetMs = 0;
    },
  };
  return clock;
}
