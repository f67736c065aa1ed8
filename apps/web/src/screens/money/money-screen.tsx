// The wallet's money page: every movement of SOL the product made for the signed-in wallet
// (docs/money.md), with totals and the net over time. Private to its wallet, so a
// visitor is asked to sign in rather than shown an error.
import type { ReactNode } from 'react';
import { PageHeader } from '../../components/page-header/page-header';
import { EmptyState, LoadingState } from '../../components/status/status';
import { useAuth } from '../../features/auth/auth-context';
import { useDocumentTitle } from '../../features/page/use-document-title';
import { MoneyStatement } from './money-statement';

export const MONEY_TITLE = 'Money history';

export default function MoneyScreen() {
  useDocumentTitle(MONEY_TITLE);
  const auth = useAuth();
  const settling = auth.status === 'restoring' || auth.status === 'connecting' || auth.status === 'signing-in';
  let body: ReactNode;
  if (auth.user && auth.token) body = <MoneyStatement wallet={auth.user.walletAddress} token={auth.token} />;
  else if (settling) body = <LoadingState label="Connecting your wallet…" />;
  else
    body = (
      <EmptyState message="Sign in with your wallet to see where your money went: only your own wallet can read its money history.">
        <button type="button" className="btn btn-primary" onClick={auth.openLogin}>
          Connect Wallet
        </button>
      </EmptyState>
    );
  return (
    <div className="container">
      <PageHeader
        kicker="Your wallet"
        title={MONEY_TITLE}
        subtitle="Every stake, payout, refund, purchase, entry, prize and give-back the dojo made for your wallet, newest first, each with its transaction."
      />
      {body}
    </div>
  );
}
