import { GETTING_STARTED_STEPS, LEVEL_CURVE_TEXT, OVERVIEW_FEATURES } from '@duel-dojo/rules';
import styles from './how-to-play.module.css';

export function OverviewTab() {
  return (
    <div className={styles.stack}>
      <div className={styles.cards}>
        {OVERVIEW_FEATURES.map((feature) => (
          <article key={feature.title} className={styles.card}>
            <h2>{feature.title}</h2>
            <p>{feature.text}</p>
          </article>
        ))}
      </div>
      <section className={styles.section}>
        <h2>Getting started</h2>
        <ol className={styles.steps}>
          {GETTING_STARTED_STEPS.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>
      <section className={styles.section}>
        <h2>Levels</h2>
        <p>{LEVEL_CURVE_TEXT}</p>
      </section>
    </div>
  );
}
