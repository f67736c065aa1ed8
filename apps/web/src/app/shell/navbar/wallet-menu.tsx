// The wallet dropdown, with working Deposit and Withdraw: the balance (4 decimals, kept live) opens
// Deposit (address, QR, faucet on the local cluster) and Withdraw (a real transfer), and leads to
// the money page, where every movement of the wallet's SOL through the product is listed.
import { formatBalance } from '@duel-dojo/rules';
import { Suspense, lazy, useState } from 'react';
import { Link } from '../../../routing';
import { Popover } from '../../../components/popover/popover';
import { LoadingState } from '../../../components/status/status';
import { Tabs, panelId, tabId } from '../../../components/tabs/tabs';
import { useBalance } from '../../../features/wallet/use-balance';
import styles from './menus.module.css';

const DepositPanel = lazy(() => import('../wallet-panels/deposit-panel'));
const WithdrawPanel = lazy(() => import('../wallet-panels/withdraw-panel'));

type WalletTab = 'deposit' | 'withdraw';
const TABS = [
  { id: 'deposit', label: 'Deposit' },
  { id: 'withdraw', label: 'Withdraw' },
] as const;

export function balanceText(lamports: bigint | undefined, failed: boolean): string {
  if (lamports !== undefined) return `${formatBalance(lamports)} SOL`;
  return failed ? '— SOL' : '… SOL';
}

export function WalletMenu({ address }: { readonly address: string }) {
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<WalletTab>('deposit');
  const balance = useBalance(address);
  const text = balanceText(balance.data, balance.isError);
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      label={`Wallet balance ${text}`}
      triggerClassName={styles.balance}
      trigger={<span data-testid="wallet-balance">{text}</span>}
    >
      <Tabs tabs={TABS} active={tab} onChange={setTab} idPrefix="wallet" label="Wallet" />
      <div role="tabpanel" id={panelId('wallet', tab)} aria-labelledby={tabId('wallet', tab)}>
        <Suspense fallback={<LoadingState />}>
          {tab === 'deposit' ? <DepositPanel address={address} /> : <WithdrawPanel address={address} balance={balance.data} onDone={() => setOpen(false)} />}
        </Suspense>
      </div>
      <ul className={styles.menuLinks}>
        <li>
          <Link to="/money" onClick={() => setOpen(false)}>
            Money history
          </Link>
        </li>
      </ul>
    </Popover>
  );
}
