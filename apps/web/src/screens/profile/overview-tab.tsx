import type { UserProfile } from '@duel-dojo/protocol';
import { characterOrDefault, formatBalance, winRate } from '@duel-dojo/rules';
import { StatCard } from '../../components/stat-card/stat-card';
import { formatGameDate } from '../../features/history/game-view';
import { useBalance } from '../../features/wallet/use-balance';
import { ReferralCards } from './referral-cards';
import styles from './profile.module.css';

const sol = (lamports: string) => `${formatBalance(BigInt(lamports))} SOL`;

export function OverviewTab({ profile, isOwn }: { readonly profile: UserProfile; readonly isOwn: boolean }) {
  const { stats } = profile;
  const profit = BigInt(stats.totalEarnings) - BigInt(stats.totalLosses);
  return (
    <div className={styles.stack}>
      {isOwn && <OwnMoney wallet={profile.walletAddress} profit={profit} />}
      <div className={styles.stats}>
        <StatCard label="Matches" value={stats.totalMatches} />
        <StatCard label="Wins" value={stats.wins} />
        <StatCard label="Losses" value={stats.losses} />
        <StatCard label="Draws" value={stats.draws} />
        <StatCard label="Win rate" value={winRate(stats.wins, stats.totalMatches)} />
        <StatCard label="Total earnings" value={sol(stats.totalEarnings)} />
        <StatCard label="Biggest win" value={sol(stats.biggestWin)} />
        <StatCard label="Longest streak" value={stats.longestWinStreak} hint={`Current: ${stats.currentWinStreak}`} />
        <StatCard label="Favourite fighter" value={stats.favoriteCharacter ? characterOrDefault(stats.favoriteCharacter).name : '—'} />
        <StatCard label="Rounds played" value={stats.totalRoundsPlayed} hint={`${stats.averageRoundsPerGame} per game`} />
        <StatCard label="Free / paid games" value={`${stats.freeGamesPlayed} / ${stats.paidGamesPlayed}`} />
        <StatCard label="Joined" value={formatGameDate(profile.joinedDate).split(',')[0] ?? ''} />
      </div>
      {isOwn && <ReferralCards code={profile.referralCode} totalReferrals={profile.totalReferrals} />}
    </div>
  );
}

function OwnMoney({ wallet, profit }: { readonly wallet: string; readonly profit: bigint }) {
  const balance = useBalance(wallet);
  const balanceText = balance.data !== undefined ? `${formatBalance(balance.data)} SOL` : balance.isError ? 'Unavailable' : 'Loading…';
  return (
    <div className={styles.money}>
      <StatCard label="Balance" value={balanceText} />
      <StatCard label="Profit" value={<span className={profit < 0n ? styles.loss : styles.gain}>{`${formatBalance(profit)} SOL`}</span>} />
    </div>
  );
}
