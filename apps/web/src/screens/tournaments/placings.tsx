// The podium once the tournament is completed, with the prize of each place. A paid
// tournament's prizes are on-chain payouts: each shows its amount and whether it is pending,
// paid (the transfer on the explorer, its signature to copy) or failed (contact support).
import type { PlacingPrize, TournamentDetail } from '@duel-dojo/protocol';
import { shortenWallet, solText } from '@duel-dojo/rules';
import { Link } from '../../routing';
import { CopyButton } from '../../components/copy-button/copy-button';
import { useCopy } from '../../features/clipboard/use-copy';
import { explorerTransactionUrl } from '../../features/config/explorer';
import { useAppConfig } from '../../features/config/use-app-config';
import { playerName } from '../../features/tournaments/player-name';
import { prizeText } from './prize-list';
import styles from './detail.module.css';
import payoutStyles from './placings.module.css';

const PLACES = { 1: ['1st', 'first'], 2: ['2nd', 'second'], 3: ['3rd', 'third'] } as const;

function PaidSignature({ signature }: { readonly signature: string }) {
  const config = useAppConfig().data;
  const copy = useCopy();
  const short = shortenWallet(signature);
  return (
    <span className={payoutStyles.signature}>
      {config ? (
        <a href={explorerTransactionUrl(signature, config.cluster, config.rpcUrl)} target="_blank" rel="noopener noreferrer" title={signature}>
          Payout {short}
        </a>
      ) : (
        <span title={signature}>Payout {short}</span>
      )}
      <CopyButton label="Copy signature" state={copy.state} onCopy={() => void copy.copy(signature)} />
    </span>
  );
}

/** A paid tournament's payout of one place. */
function PayoutLine({ prize }: { readonly prize: PlacingPrize }) {
  return (
    <div className={payoutStyles.payout}>
      <span className={payoutStyles.amount}>{solText(BigInt(prize.lamports))}</span>
      {prize.status === 'paid' && <span className="tag tag-green">Paid</span>}
      {prize.status === 'pending' && <span className="tag">Payout pending</span>}
      {prize.status === 'failed' && <span className="tag tag-red">Payout failed</span>}
      {prize.status === 'paid' && prize.signature && <PaidSignature signature={prize.signature} />}
      {prize.status === 'failed' && (
        <span className={payoutStyles.failed}>
          The transfer did not go through: <Link to="/contact">contact support</Link>.
        </span>
      )}
    </div>
  );
}

export function Placings({ tournament }: { readonly tournament: TournamentDetail }) {
  return (
    <ol className={styles.podium} aria-label="Final placings">
      {tournament.placings.map((placing) => {
        const [label, prize] = PLACES[placing.place as 1 | 2 | 3];
        return (
          <li key={placing.place} className={styles[`place${placing.place}`]}>
            <span className={styles.podiumPlace}>{label}</span>
            <strong className={styles.podiumName}>{playerName(placing)}</strong>
            {placing.prize ? <PayoutLine prize={placing.prize} /> : <span className="muted">Prize: {prizeText(tournament.prizes[prize])}</span>}
          </li>
        );
      })}
    </ol>
  );
}
