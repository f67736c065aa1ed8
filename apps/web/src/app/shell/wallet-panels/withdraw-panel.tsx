// Withdraw: address and amount checked, MAX = balance minus the fee, a
// real transfer signed by the wallet, its progress and an explorer link at the end.
import { isBase58OfLength } from '@duel-dojo/protocol';
import { type FormEvent, useId, useState } from 'react';
import { Banner } from '../../../components/banner/banner';
import { useAuth } from '../../../features/auth/auth-context';
import { checkWithdraw, maxWithdrawText } from '../../../features/wallet/withdraw-validation';
import { WITHDRAW_STAGE_TEXT, useWithdraw } from '../../../features/wallet/use-withdraw';
import styles from './wallet-panels.module.css';

const isAddress = (text: string) => isBase58OfLength(text, 32) && text.length >= 32 && text.length <= 44;

export default function WithdrawPanel({ address, balance, onDone }: { readonly address: string; readonly balance: bigint | undefined; readonly onDone: () => void }) {
  const [to, setTo] = useState('');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<{ address: string | null; amount: string | null }>({ address: null, amount: null });
  const withdraw = useWithdraw();
  const auth = useAuth();
  const ids = { to: useId(), amount: useId(), toError: useId(), amountError: useId() };
  const { progress } = withdraw;
  const busy = progress.stage === 'preparing' || progress.stage === 'signing' || progress.stage === 'confirming';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkWithdraw({ address: to, amount, ownAddress: address, balance: balance ?? 0n, isAddress });
    if (!check.ok) {
      setErrors({ address: check.addressError, amount: check.amountError });
      return;
    }
    setErrors({ address: null, amount: null });
    void withdraw.send(check.to, check.lamports);
  };

  if (progress.stage === 'done') {
    return (
      <div className={styles.panel}>
        <Banner tone="success">Withdrawal sent and confirmed.</Banner>
        <p className={styles.lead}>
          Transaction <code>{progress.signature.slice(0, 8)}…</code>{' '}
          <a href={progress.explorerUrl} target="_blank" rel="noopener noreferrer">
            View on explorer
          </a>
        </p>
        <button type="button" className="btn btn-primary btn-block" onClick={() => { withdraw.reset(); setTo(''); setAmount(''); onDone(); }}>
          Done
        </button>
      </div>
    );
  }

  return (
    <form className={styles.panel} onSubmit={submit} noValidate>
      {!withdraw.canSign && (
        <Banner tone="info">
          Your wallet is not connected on this page.{' '}
          <button type="button" className="btn btn-ghost btn-small" onClick={() => void auth.controller.attachWallet()}>
            Reconnect wallet
          </button>
        </Banner>
      )}
      <div className="field">
        <label htmlFor={ids.to}>Recipient address</label>
        <input id={ids.to} value={to} onChange={(event) => setTo(event.target.value)} autoComplete="off" spellCheck={false} aria-invalid={Boolean(errors.address)} aria-describedby={errors.address ? ids.toError : undefined} disabled={busy} />
        {errors.address && <span id={ids.toError} className="field-error">{errors.address}</span>}
      </div>
      <div className="field">
        <label htmlFor={ids.amount}>Amount (SOL)</label>
        <div className={styles.amountRow}>
          <input id={ids.amount} inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} aria-invalid={Boolean(errors.amount)} aria-describedby={errors.amount ? ids.amountError : undefined} disabled={busy} />
          <button type="button" className="btn btn-ghost btn-small" onClick={() => setAmount(maxWithdrawText(balance ?? 0n))} disabled={busy || balance === undefined}>
            Max
          </button>
        </div>
        {errors.amount && <span id={ids.amountError} className="field-error">{errors.amount}</span>}
      </div>
      {busy && <Banner tone="info">{WITHDRAW_STAGE_TEXT[progress.stage]}</Banner>}
      {progress.stage === 'error' && <Banner>{progress.message}</Banner>}
      <button type="submit" className="btn btn-primary btn-block" disabled={busy || !withdraw.canSign}>
        {busy ? 'Sending…' : 'Withdraw'}
      </button>
    </form>
  );
}
