// The statement itself: loading, an error with Retry, "no money has moved yet", or the totals,
// the chart and the movements with "Load more" for older pages.
import { useMemo, useState } from 'react';
import { Link } from '../../routing';
import { EmptyState, ErrorState, LoadingState } from '../../components/status/status';
import { explorerTransactionUrl } from '../../features/config/explorer';
import { useAppConfig } from '../../features/config/use-app-config';
import { netSeries } from '../../features/money/net-series';
import { useWalletMoney } from '../../features/money/use-wallet-money';
import { MoneyTotals } from './money-totals';
import { MovementRow } from './movement-row';
import { NetChart } from './net-chart';
import styles from './money.module.css';

export function MoneyStatement({ wallet, token }: { readonly wallet: string; readonly token: string }) {
  const { query, movements, totals } = useWalletMoney(wallet, token);
  const config = useAppConfig();
  const [exact, setExact] = useState(false);
  const points = useMemo(() => netSeries(movements), [movements]);
  const confirmedCount = movements.filter((movement) => movement.status === 'confirmed').length;

  if (query.isPending) return <LoadingState label="Loading your money…" />;
  // Once a page is on screen a failed background read keeps it there; only a first read that failed
  // has nothing better to show than the error.
  if (!query.data) {
    return <ErrorState title="Your money could not be loaded" message={query.error?.message ?? 'Check your connection and retry.'} onRetry={() => void query.refetch()} />;
  }
  if (movements.length === 0 || !totals) {
    return (
      <EmptyState message="No money has moved yet. Stakes, payouts, refunds, purchases, entries and prizes show up here as they happen.">
        <Link className="btn btn-primary" to="/">
          Fight a duel
        </Link>
      </EmptyState>
    );
  }

  const explorerUrl = (signature: string) => (config.data ? explorerTransactionUrl(signature, config.data.cluster, config.data.rpcUrl) : null);
  return (
    <>
      <div className={styles.toolbar}>
        <button type="button" className={`btn btn-ghost btn-small ${styles.toggle}`} aria-pressed={exact} onClick={() => setExact((value) => !value)}>
          Show exact lamports
        </button>
      </div>
      <MoneyTotals totals={totals} exact={exact} />
      <NetChart points={points} count={confirmedCount} more={query.hasNextPage} />
      <ol className={styles.list} aria-label="Money movements">
        {movements.map((movement) => (
          <MovementRow key={movement.id} movement={movement} exact={exact} explorerUrl={movement.transactionSignature ? explorerUrl(movement.transactionSignature) : null} />
        ))}
      </ol>
      {query.isFetchNextPageError && (
        <ErrorState title="Older movements could not be loaded" message={query.error?.message ?? 'Check your connection and retry.'} onRetry={() => void query.fetchNextPage()} />
      )}
      {query.hasNextPage && !query.isFetchNextPageError && (
        <div className="actions">
          <button type="button" className="btn btn-ghost" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage} aria-busy={query.isFetchingNextPage}>
            {query.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </button>
        </div>
      )}
    </>
  );
}
