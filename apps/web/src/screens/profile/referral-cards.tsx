import { CopyButton } from '../../components/copy-button/copy-button';
import { useCopy } from '../../features/clipboard/use-copy';
import styles from './profile.module.css';

/** The own profile's referral code with copy (2 s confirmation) and the Referral Program card. */
export function ReferralCards({ code, totalReferrals }: { readonly code: string | null; readonly totalReferrals: number }) {
  const copy = useCopy();
  return (
    <div className={styles.referral}>
      <section className={styles.panel} aria-labelledby="referral-code-title">
        <h2 id="referral-code-title">Your referral code</h2>
        {code ? (
          <div className={styles.codeRow}>
            <code className={styles.code}>{code}</code>
            <CopyButton label="Copy" state={copy.state} onCopy={() => void copy.copy(code)} />
          </div>
        ) : (
          <p className="muted">Your code appears here once you are signed in.</p>
        )}
      </section>
      <section className={styles.panel} aria-labelledby="referral-program-title">
        <h2 id="referral-program-title">Referral Program</h2>
        <p>Invite friends to the dojo: they enter your code when they complete their profile.</p>
        <p className={styles.referralCount}>
          <strong>{totalReferrals}</strong> {totalReferrals === 1 ? 'fighter' : 'fighters'} joined with your code
        </p>
      </section>
    </div>
  );
}
