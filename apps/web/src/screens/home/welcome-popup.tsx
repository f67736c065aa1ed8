// The welcome popup with the early-tester steps and "Let's Start!".
import { Modal } from '../../components/modal/modal';
import { EARLY_ACCESS_FORM_URL } from '../../features/site/site-links';
import styles from './popups.module.css';

export default function WelcomePopup({ onStart }: { readonly onStart: () => void }) {
  return (
    <Modal open title="Welcome to Duel Dojo!" onClose={onStart} size="small">
      <p>Help us test the dojo before launch. Become an early tester in four steps:</p>
      <ol className={styles.steps}>
        <li>Connect your wallet</li>
        <li>Play a free match</li>
        <li>Post about it on social</li>
        <li>
          Submit the{' '}
          <a href={EARLY_ACCESS_FORM_URL} target="_blank" rel="noopener noreferrer">
            early-tester form
          </a>
        </li>
      </ol>
      <div className="actions">
        <button type="button" className="btn btn-primary" onClick={onStart} data-autofocus>
          Let&apos;s Start!
        </button>
      </div>
    </Modal>
  );
}
