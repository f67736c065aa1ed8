// Contact: three social links, the support address, Back to Game.
import { Link } from '../../routing';
import { PageHeader } from '../../components/page-header/page-header';
import { useDocumentTitle } from '../../features/page/use-document-title';
import { SOCIAL_LINKS, SUPPORT_EMAIL } from '../../features/site/site-links';
import styles from './contact-screen.module.css';

export default function ContactScreen() {
  useDocumentTitle('Contact');
  return (
    <div className="container">
      <PageHeader kicker="Talk to the dojo" title="Contact" subtitle="News, tournaments and help: find us here." />
      <ul className={styles.links}>
        {SOCIAL_LINKS.map((link) => (
          <li key={link.name}>
            <a className={styles.link} href={link.url} target="_blank" rel="noopener noreferrer">
              <span className={styles.name}>{link.name}</span>
              <span className={styles.handle}>{link.handle}</span>
            </a>
          </li>
        ))}
      </ul>
      <section className={styles.support} aria-labelledby="support-title">
        <h2 id="support-title">Support</h2>
        <p>
          Questions about a payment, a claim or your account? Write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
        </p>
      </section>
      <Link className="btn btn-primary" to="/">
        Back to Game
      </Link>
    </div>
  );
}
