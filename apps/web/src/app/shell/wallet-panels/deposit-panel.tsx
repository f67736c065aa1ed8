// Deposit (DESIGN.md departure 3): the wallet's address as text and as a QR code (a Solana Pay
// link with the amount when one is typed), copy, and the faucet on the local cluster.
import { solToLamports } from '@duel-dojo/rules';
import { useId, useState } from 'react';
import { Banner } from '../../../components/banner/banner';
import { CopyButton } from '../../../components/copy-button/copy-button';
import { QrCode } from '../../../components/qr-code/qr-code';
import { useCopy } from '../../../features/clipboard/use-copy';
import { FAUCET_LAMPORTS, useFaucet } from '../../../features/wallet/use-faucet';
import styles from './wallet-panels.module.css';

export function depositLink(address: string, amount: string): string {
  const text = amount.trim();
  try {
    if (text && solToLamports(text) > 0n) return `solana:${address}?amount=${text}`;
  } catch {
    // Not an amount yet: the plain address is still a valid deposit target.
  }
  return `solana:${address}`;
}

export default function DepositPanel({ address, onDone }: { readonly address: string; readonly onDone: () => void }) {
  const [amount, setAmount] = useState('');
  const copy = useCopy();
  const faucet = useFaucet(address);
  const amountId = useId();
  return (
    <div className={styles.panel}>
      <p className={styles.lead}>Send SOL to your wallet address:</p>
      <code className={styles.address} data-testid="deposit-address">
        {address}
      </code>
      <CopyButton label="Copy address" state={copy.state} onCopy={() => void copy.copy(address)} />
      <div className="field">
        <label htmlFor={amountId}>Amount (SOL)</label>
        <input id={amountId} inputMode="decimal" placeholder="0.5" value={amount} onChange={(event) => setAmount(event.target.value)} />
      </div>
      <QrCode value={depositLink(address, amount)} label={`QR code of your wallet address ${address}`} />
      {faucet.available && (
        <div className={styles.faucet}>
          <button type="button" className="btn btn-gold btn-block" onClick={() => void faucet.request()} disabled={faucet.state.status === 'pending'}>
            {faucet.state.status === 'pending' ? 'Requesting…' : `Faucet: get ${Number(FAUCET_LAMPORTS / 1_000_000_000n)} SOL`}
          </button>
          {faucet.state.status === 'done' && <Banner tone="success">Airdrop received on the local chain.</Banner>}
          {faucet.state.status === 'error' && <Banner>{faucet.state.message}</Banner>}
        </div>
      )}
      <button type="button" className="btn btn-primary btn-block" onClick={onDone}>
        Deposit
      </button>
    </div>
  );
}
