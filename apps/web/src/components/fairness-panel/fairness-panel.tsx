import styles from './fairness-panel.module.css';

export interface FairnessRoundRow {
  readonly round: number;
  readonly player1Factor: number;
  readonly player2Factor: number;
  /** null: not in the log, factors only. */
  readonly matches: boolean | null;
  /** What differs in this round ("Player 1 damage"); empty when it matches. */
  readonly mismatches?: readonly string[];
}

export interface FairnessPanelProps {
  readonly commitment: string;
  /** null until the game is over. */
  readonly serverSeed: string | null;
  /** Both players' seeds once revealed; null or absent before, and for older games. */
  readonly clientSeeds?: { readonly player1: string; readonly player2: string } | null;
  onVerify(): void;
  /** The verdict after Verify. */
  readonly result: { readonly valid: boolean; readonly summary: string; readonly rounds: readonly FairnessRoundRow[] } | null;
}

const factor = (value: number) => value.toFixed(6);

/** Provably fair: the commitment, the revealed seeds, and Verify with its round-by-round result (docs/fairness.md). */
const seedText = (seed: string) => seed || '(none sent)';

export function FairnessPanel({ commitment, serverSeed, clientSeeds, onVerify, result }: FairnessPanelProps) {
  return (
    <details className={styles.panel}>
      <summary className={styles.summary}>Provably fair</summary>
      <dl className={styles.facts}>
        <dt>Commitment (sha256 of the seed)</dt>
        <dd className={styles.hex}>{commitment}</dd>
        <dt>Server seed</dt>
        <dd className={styles.hex}>{serverSeed ?? 'Revealed when the game is over'}</dd>
        {clientSeeds && (
          <>
            <dt>Player seeds (player 1, player 2)</dt>
            <dd className={styles.hex}>
              {seedText(clientSeeds.player1)}, {seedText(clientSeeds.player2)}
            </dd>
          </>
        )}
      </dl>
      {serverSeed && (
        <button type="button" className="btn btn-ghost btn-small" onClick={onVerify}>
          Verify
        </button>
      )}
      {result && (
        <div className={styles.result}>
          <p className={result.valid ? styles.valid : styles.invalid} role="status">
            {result.summary}
          </p>
          {result.rounds.length > 0 && (
            <table className={styles.table}>
              <caption className="visually-hidden">Factor of each round</caption>
              <thead>
                <tr>
                  <th scope="col">Round</th>
                  <th scope="col">Player 1</th>
                  <th scope="col">Player 2</th>
                  <th scope="col">Replay</th>
                </tr>
              </thead>
              <tbody>
                {result.rounds.map((row) => (
                  <tr key={row.round} className={row.matches === false ? styles.badRow : undefined}>
                    <td>{row.round}</td>
                    <td>{factor(row.player1Factor)}</td>
                    <td>{factor(row.player2Factor)}</td>
                    <td>{row.matches === null ? '—' : row.matches ? 'matches' : `Mismatch: ${(row.mismatches ?? []).join(', ') || 'damage'}`}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
    </details>
  );
}
