import { STAKE_TIERS } from '@duel-dojo/rules';
import { useAppConfig } from '../../features/config/use-app-config';
import { solLabel, stakeAmounts } from '../../features/duel/stake-amounts';
import styles from './home-screen.module.css';

/**
 * The 9 stake buttons; only the first three can be chosen. A paid
 * tier shows the SOL it costs at the configured price under its USD label.
 */
export function StakePicker({ selected, onSelect }: { readonly selected: string | null; readonly onSelect: (label: string) => void }) {
  const price = useAppConfig().data?.solUsdPrice;
  return (
    <ul className={styles.stakes} aria-label="Stake">
      {STAKE_TIERS.map((tier) => {
        const amounts = stakeAmounts(tier.label, price);
        return (
          <li key={tier.label}>
            <button
              type="button"
              className={`${styles.stake} ${tier.index === 0 ? styles.free : ''}`}
              disabled={!tier.enabled}
              aria-pressed={tier.enabled ? selected === tier.label : undefined}
              onClick={() => onSelect(tier.label)}
              title={tier.enabled ? undefined : 'Coming later'}
            >
              <span className={styles.usd}>{tier.label}</span>
              {amounts && <span className={styles.sol}>{solLabel(amounts.stake)}</span>}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
