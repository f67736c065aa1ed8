// The outcome of a join or a creation, with "Connect Wallet" when the session is what is missing.
import { ERROR_MESSAGES } from '@duel-dojo/protocol/error-messages';
import { Banner } from '../../components/banner/banner';
import styles from './tournaments.module.css';

export interface Notice {
  readonly tone: 'error' | 'success' | 'info';
  readonly text: string;
}

const NEEDS_LOGIN: ReadonlySet<string> = new Set([ERROR_MESSAGES.TOURNAMENT_CONNECT_TO_JOIN, ERROR_MESSAGES.TOURNAMENT_LOGIN_REQUIRED, ERROR_MESSAGES.TOURNAMENT_AUTH_ERROR]);

export function NoticeBanner({ notice, onLogin }: { readonly notice: Notice; readonly onLogin: () => void }) {
  return (
    <Banner tone={notice.tone}>
      <span className={styles.notice}>
        {notice.text}
        {NEEDS_LOGIN.has(notice.text) && (
          <button type="button" className="btn btn-ghost btn-small" onClick={onLogin}>
            Connect Wallet
          </button>
        )}
      </span>
    </Banner>
  );
}
