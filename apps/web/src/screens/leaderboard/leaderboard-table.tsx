import type { LeaderboardEntry } from '@duel-dojo/protocol';
import { shortenWallet } from '@duel-dojo/rules';
import { Link } from '../../routing';
import { CrownIcon } from '../../components/icons/icons';
import styles from './leaderboard.module.css';

const CROWNS = { 1: 'gold', 2: 'silver', 3: 'bronze' } as const;

export function LeaderboardTable({ entries }: { readonly entries: readonly LeaderboardEntry[] }) {
  return (
    <div className={styles.tableWrap} role="region" aria-label="Leaderboard table" tabIndex={0}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Rank</th>
            <th scope="col">Fighter</th>
            <th scope="col" className={`${styles.num} ${styles.matches}`}>
              Matches
            </th>
            <th scope="col" className={styles.num}>
              Profit
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => {
            const crown = CROWNS[entry.rank as 1 | 2 | 3];
            const loss = entry.totalProfit.startsWith('-');
            return (
              <tr key={entry.walletAddress} className={crown ? styles.top : undefined}>
                <td className={styles.rank}>
                  {crown ? <CrownIcon tone={crown} label={`Rank ${entry.rank}`} /> : <span>#{entry.rank}</span>}
                </td>
                <td>
                  <Link to={`/profile/${entry.walletAddress}`} className={styles.fighter}>
                    {entry.displayName || entry.username}
                  </Link>
                  <span className={styles.wallet}>{shortenWallet(entry.walletAddress)}</span>
                  <span className={styles.matchesInline}>{entry.totalMatches === 1 ? '1 match' : `${entry.totalMatches} matches`}</span>
                </td>
                <td className={`${styles.num} ${styles.matches}`}>{entry.totalMatches}</td>
                <td className={`${styles.num} ${loss ? styles.loss : styles.gain}`}>{entry.totalProfitSol} SOL</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
