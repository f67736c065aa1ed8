import { Link } from '../../routing';
import styles from './footer.module.css';

export function Footer() {
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.inner}`}>
        <p>© Duel Dojo — fight fair, read your opponent.</p>
        <nav aria-label="Footer">
          <Link to="/how-to-play">How to play</Link>
          <Link to="/contact">Contact</Link>
        </nav>
      </div>
    </footer>
  );
}
