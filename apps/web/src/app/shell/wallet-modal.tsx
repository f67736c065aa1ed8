// The wallet-connection modal: every Wallet Standard wallet installed (and the dev wallet on the
// local cluster). Picking one starts the sign-in.
import { Modal } from '../../components/modal/modal';
import { useAuth } from '../../features/auth/auth-context';
import { useInstalledWallets } from '../../features/wallet/wallet-registry';
import styles from './wallet-modal.module.css';

const SUGGESTED = [
  { name: 'Phantom', url: 'https://phantom.com/download' },
  { name: 'Solflare', url: 'https://solflare.com/download' },
  { name: 'Backpack', url: 'https://backpack.app/download' },
];

export default function WalletModal() {
  const auth = useAuth();
  const wallets = useInstalledWallets();
  const pick = (name: string) => {
    auth.closeLogin();
    void auth.controller.connect(name);
  };
  return (
    <Modal open title="Connect a Wallet" onClose={auth.closeLogin} size="small">
      <p className="muted">Sign in with a Solana wallet to play staked duels, keep your history and climb the leaderboard.</p>
      {wallets.length > 0 ? (
        <ul className={styles.list}>
          {wallets.map((wallet) => (
            <li key={wallet.name}>
              <button type="button" className={styles.wallet} onClick={() => pick(wallet.name)}>
                <img src={wallet.icon} alt="" width={36} height={36} />
                <span>{wallet.name}</span>
                <span className={styles.hint}>{wallet.chains.includes('solana:localnet') ? 'Local test wallet' : 'Detected'}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <div className={styles.empty}>
          <p>No Solana wallet was found in this browser. Install one, then reload this page:</p>
          <ul className={styles.links}>
            {SUGGESTED.map((item) => (
              <li key={item.name}>
                <a href={item.url} target="_blank" rel="noopener noreferrer">
                  {item.name}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Modal>
  );
}
