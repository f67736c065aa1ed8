// Spec §2 "Signup modal": "Complete Your Profile", username and an optional referral code
// (upper-cased as typed), errors in a banner. Cancel or X closes it and clears the fields.
import { shortenWallet } from '@duel-dojo/rules';
import { type FormEvent, useState } from 'react';
import { Banner } from '../../components/banner/banner';
import { Modal } from '../../components/modal/modal';
import { useAuth } from '../../features/auth/auth-context';

export default function SignupModal() {
  const auth = useAuth();
  const [username, setUsername] = useState('');
  const [referralCode, setReferralCode] = useState('');
  const submitting = auth.status === 'signing-up';

  const cancel = () => {
    setUsername('');
    setReferralCode('');
    void auth.controller.cancelSignup();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void auth.controller.submitSignup({ username, referralCode });
  };

  return (
    <Modal open title="Complete Your Profile" onClose={submitting ? undefined : cancel} size="small">
      {auth.signupError && <Banner>{auth.signupError}</Banner>}
      <form onSubmit={submit} noValidate>
        {auth.walletAddress && (
          <p className="muted">
            Wallet <strong>{shortenWallet(auth.walletAddress)}</strong>
            {auth.walletName ? ` (${auth.walletName})` : ''}
          </p>
        )}
        <div className="field">
          <label htmlFor="signup-username">Username</label>
          <input
            id="signup-username"
            name="username"
            autoComplete="username"
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            aria-describedby="signup-username-hint"
            maxLength={40}
            data-autofocus
            required
          />
          <span id="signup-username-hint" className="field-hint">
            3–20 letters, numbers, underscores or hyphens.
          </span>
        </div>
        <div className="field">
          <label htmlFor="signup-referral">Referral code (optional)</label>
          <input
            id="signup-referral"
            name="referralCode"
            autoComplete="off"
            value={referralCode}
            onChange={(event) => setReferralCode(event.target.value.toUpperCase())}
            spellCheck={false}
            maxLength={40}
          />
        </div>
        <div className="actions">
          <button type="button" className="btn btn-ghost" onClick={cancel} disabled={submitting}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={submitting}>
            {submitting ? 'Creating…' : 'Create Profile'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
