// What the players of a chaos run saw and did (docs/security.md 28), kept by the client side: the
// stakes they sent (so the audit knows each wallet's spending to the lamport), how each game
// ended for them, and every claim answer. The audit compares it with the database and the chain.

export interface StakeSent {
  readonly wallet: string;
  readonly paymentId: string;
  readonly signature: string;
  readonly lamports: bigint;
  /** The transaction fee the wallet paid for it, read from the chain. */
  readonly fee: bigint;
}

/** How a game ended as its player saw it; 'interrupted': the server died during it. */
export type SeenOutcome = 'won' | 'lost' | 'draw' | 'cancelled' | 'interrupted' | 'lost-reply';

export interface ClaimReply {
  readonly sessionId: string;
  readonly wallet: string;
  readonly success: boolean;
  readonly signature: string | null;
  readonly amount: string | null;
  readonly code: string | null;
  /** How many restarts had happened when it was sent. */
  readonly restartsBefore: number;
}

export class StormRecord {
  readonly stakes: StakeSent[] = [];
  /** Distinct games per outcome as the players saw them (both players of a game see it). */
  readonly outcomes = new Map<SeenOutcome, Set<string>>();
  readonly claims: ClaimReply[] = [];
  claimsSent = 0;
  /** Claims the server died before answering: how many restarts had happened when each was sent. */
  readonly claimsCut: { readonly sessionId: string; readonly restartsBefore: number }[] = [];
  cancelsSent = 0;
  /** Things that should not happen on the client side (a refused verification…), as sentences. */
  readonly anomalies: string[] = [];
  /** Bumped at every restart: a claimer tells claims made right after one. */
  restarts = 0;
  /** What each player is doing now (its step), for the progress line of a run that lingers. */
  readonly doing = new Map<string, string>();

  /** Claims of games not paid yet, sent and not answered: a kill is timed to land among them. */
  payoutClaimsInFlight = 0;
  /** How long the claims that made a payout took to be answered (send, confirm, answer), in ms. */
  readonly payoutClaimMs: number[] = [];

  /** What the player saw of the game each stake paid for, by payment id. */
  readonly seenByPayment = new Map<string, SeenOutcome>();

  saw(outcome: SeenOutcome, sessionId: string): void {
    const games = this.outcomes.get(outcome) ?? new Set<string>();
    games.add(sessionId);
    this.outcomes.set(outcome, games);
  }

  count(outcome: SeenOutcome): number {
    return this.outcomes.get(outcome)?.size ?? 0;
  }

  /**
   * Won games whose payout a kill cut into: a claim was sent (answered pending, or cut) before a
   * restart and the first success came after it.
   */
  payoutsAcrossKills(): number {
    const sessions = new Set(this.claims.map((claim) => claim.sessionId));
    let across = 0;
    for (const sessionId of sessions) {
      const paidAt = Math.min(...this.claims.filter((c) => c.sessionId === sessionId && c.success).map((c) => c.restartsBefore));
      const tried = [...this.claims.filter((c) => c.sessionId === sessionId && !c.success), ...this.claimsCut.filter((c) => c.sessionId === sessionId)];
      if (tried.some((c) => c.restartsBefore < paidAt)) across += 1;
    }
    return across;
  }

  /** Everything a wallet sent: stakes plus their fees. */
  spentBy(wallet: string): bigint {
    return this.stakes.filter((s) => s.wallet === wallet).reduce((sum, s) => sum + s.lamports + s.fee, 0n);
  }
}
