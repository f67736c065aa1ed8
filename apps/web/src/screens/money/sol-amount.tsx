// One amount: SOL as the wallet balance shows it; with `exact`, every decimal and the lamports.
// The title carries the lamports too, for a pointer that hovers without switching the page.
import { lamportsText, solText } from '../../features/money/money-amounts';
import styles from './money.module.css';

export interface SolAmountProps {
  /** Signed: negative for money that left the wallet. */
  readonly lamports: bigint;
  readonly exact: boolean;
  readonly withPlus?: boolean;
  /** Colour a gain green and a loss red. */
  readonly tone?: boolean;
}

export function SolAmount({ lamports, exact, withPlus = false, tone = false }: SolAmountProps) {
  const toneClass = !tone || lamports === 0n ? '' : lamports > 0n ? styles.gain : styles.loss;
  return (
    <span className={`${styles.amount} ${toneClass}`} title={lamportsText(lamports)}>
      <span>{solText(lamports, { exact, withPlus })}</span>
      {exact && <span className={styles.lamports}>{lamportsText(lamports)}</span>}
    </span>
  );
}
