// In, out and net over every confirmed movement of the wallet (the server sums them, not just the
// pages loaded), in SOL, exact on demand.
import type { WalletMoneyAnswer } from '@duel-dojo/protocol';
import { StatCard } from '../../components/stat-card/stat-card';
import { SolAmount } from './sol-amount';
import styles from './money.module.css';

export function MoneyTotals({ totals, exact }: { readonly totals: WalletMoneyAnswer['totals']; readonly exact: boolean }) {
  const net = BigInt(totals.netLamports);
  return (
    <section className={styles.totals} aria-label="Totals">
      <StatCard label="In" value={<SolAmount lamports={BigInt(totals.inLamports)} exact={exact} />} hint="Paid to your wallet" />
      <StatCard label="Out" value={<SolAmount lamports={BigInt(totals.outLamports)} exact={exact} />} hint="Sent from your wallet" />
      <StatCard label="Net" value={<SolAmount lamports={net} exact={exact} withPlus tone />} hint="Confirmed movements only" />
    </section>
  );
}
