// Deposit: the wallet's address as text and as a QR code (a Solana Pay
// link with the amount when one is typed), copy, and the faucet on the local cluster. Money comes
// in from outside the product, so Deposit copies the address and says how to send to it; the
// panel stays open on the QR code.
import { solToLamports } from '@duel-dojo/rules';
import { useId, useState } from 'react';
import { Banner } from '../../../components/banner/banner';
import { CopyButton } from '../../../components/copy-button/copy-button';
import { QrCode } from '../../../components/qr-code/qr-code';
import { useCopy } from '../../../features/clipboard/use-copy';
import { FAUCET_LAMPORTS, useFaucet } from '../../../features/wallet/use-faucet';
import styles from './wallet-panels.module.css';

/** The typed amount when it is one (above zero), else null. */
function typedAmount(amount: string): string | null {
  const text = amount.trim();
  try {
    return text && solToLamports(text) > 0n ? text : null;
  } catch {
    // Not an amount yet: the plain address is still a valid deposit target.
    return null;
  }
}

export function depositLink(address: string, amount: string): string {
  const text = typedAmount(amount);
  return text ? `solana:${address}?amount=${text}` : `solana:${address}`;
}

/** What the Deposit button says once pressed: where the address is and how to send to it. */
export function depositSteps(amount: string, copied: boolean, faucet: boolean): string {
  const text = typedAmount(amount);
  const what = text ? `${text} SOL` : 'SOL';
  const first = copied ? `Address copied. Send ${what} to it` : `Copy the address above and send ${what} to it`;
  const local = faucet ? ' On this local chain the faucet above adds SOL at once.' : '';
  return `${first} from another wallet or an exchange, or scan the QR code with a wallet app. Your balance updates when it arrives.${local}`;
}

export default function DepositPanel({ address }: { readonly address: string }) {
  const [amount, setAmount] = useState('');
  /** null until Deposit is pressed; then whether the address reached the clipboard. */
  const [copied, setCopied] = useState<boolean | null>(null);
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
      <button type="button" className="btn btn-primary btn-block" onClick={() => void copy.copy(address).then(setCopied)}>
        Deposit
      </button>
      {copied !== null && <Banner tone="info">{depositSteps(amount, copied, faucet.available)}</Banner>}
    </div>
  );
}
