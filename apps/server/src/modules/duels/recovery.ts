// Games live in the memory of the process that runs them. When that process dies, its games can
// never finish; at the next start they are settled so that no stake stays stuck (DESIGN.md
// "Abandonment"): a game that had started is recorded as a draw, a game still waiting is closed,
// and every paid one is marked refund_due, which the ledger's recovery sweep then refunds; so is
// a stake bound to a game whose row was never written (the process died in between).
// This assumes one server node owns the database's live games (Redis scale-out is a later issue).

export interface InterruptedGamesStore {
  /** Settles every game left unfinished by an earlier process; returns how many of each. */
  settleInterrupted(now: Date): Promise<InterruptedGames>;
}

export interface InterruptedGames {
  readonly started: number;
  readonly waiting: number;
  /** Verified stakes bound to a game that was never written: marked refund_due. */
  readonly strandedStakes: number;
}

export async function settleInterruptedGames(store: InterruptedGamesStore, now: Date): Promise<InterruptedGames> {
  return store.settleInterrupted(now);
}
