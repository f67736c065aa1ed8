import { STAKE_TIERS } from '@duel-dojo/rules';
import styles from './home-screen.module.css';

/** The 9 stake buttons of spec §2; only the first three can be chosen (spec §5 "Game"). */
export function StakePicker({ selected, onSelect }: { readonly selected: string | null; readonly onSelect: (label: string) => void }) {
  return (
    <ul className={styles.stakes} aria-label="Stake">
      {STAKE_TIERS.map((tier) => (
        <li key={tier.label}>
          <button
            type="button"
            className={`${styles.stake} ${tier.index === 0 ? styles.free : ''}`}
            disabled={!tier.enabled}
            aria-pressed={tier.enabled ? selected === tier.label : undefined}
            onClick={() => onSelect(tier.label)}
            title={tier.enabled ? undefined : 'Coming later'}
          >
            {tier.label}
          </button>
        </li>
      ))}
    </ul>
  );
}
