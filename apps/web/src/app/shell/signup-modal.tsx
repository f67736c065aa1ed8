// Signup modal: "Complete Your Profile", username and an optional referral code
// (upper-cased as typed), errors in a banner until a field is edited. Cancel or X closes it and
// clears the fields.
import { shortenWallet } from '@duel-dojo/rules';
import { type FormEvent, useState } from 'react';
import { Banner } from '../../components/banner/banner';
import { Modal } from '../../components/modal/modal';
import { useAuth } from '../../features/auth/auth-context';

export default function SignupModal() {
  const auth = useAuth();
  const [username, setUsername] = useState('');
  const [referralCode, setReferralCode] = useState('');
  // The error a field edit answered: a stale banner would blame a value the player already fixed.
  const [editedAfter, setEditedAfter] = useState<string | null>(null);
  const submitting = auth.status === 'signing-up';
  const shownError = auth.signupError !== null && auth.signupError !== editedAfter ? auth.signupError : null;
  const edited = () => setEditedAfter(auth.signupError);

  const cancel = () => {
    setUsername('');
    setReferralCode('');
    void auth.controller.cancelSignup();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The same message may come back for the new values, and must show again.
    setEditedAfter(null);
    void auth.controller.submitSignup({ username, referralCode });
  };

  return (
    <Modal open title="Complete Your Profile" onClose={submitting ? undefined : cancel} size="small">
      {shownError && <Banner>{shownError}</Banner>}
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
            onChange={(event) => {
              setUsername(event.target.value);
              edited();
            }}
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
            onChange={(event) => {
              setReferralCode(event.target.value.toUpperCase());
              edited();
            }}
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
