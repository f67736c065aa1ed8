import {
  ABANDONMENT_RULES,
  ACTIONS,
  ACTION_LABELS,
  BOTH_PREDICTED_RIGHT,
  CORE_MECHANICS,
  FORMULAS,
  INTERACTION_MATRIX,
  MOVE_TRIANGLE,
  SUDDEN_DEATH_TEXT,
  TIPS,
} from '@duel-dojo/rules';
import styles from './how-to-play.module.css';

function List({ items }: { readonly items: readonly string[] }) {
  return (
    <ul className={styles.list}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

export function CombatTab() {
  return (
    <div className={styles.stack}>
      <section className={styles.section}>
        <h2>Core mechanics</h2>
        <List items={CORE_MECHANICS} />
      </section>
      <section className={styles.section}>
        <h2>The move triangle</h2>
        <ul className={styles.triangle}>
          {MOVE_TRIANGLE.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>
      <section className={styles.section}>
        <h2>Interaction matrix</h2>
        <div className={styles.tableWrap} role="region" aria-label="Interaction matrix, scrolls sideways" tabIndex={0}>
          <table className={styles.matrix}>
            <caption className="visually-hidden">What happens for each pair of moves: your move in rows, theirs in columns</caption>
            <thead>
              <tr>
                <th scope="col">You \ They</th>
                {ACTIONS.map((action) => (
                  <th key={action} scope="col">
                    {ACTION_LABELS[action]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {ACTIONS.map((mine) => (
                <tr key={mine}>
                  <th scope="row">{ACTION_LABELS[mine]}</th>
                  {ACTIONS.map((theirs) => (
                    <td key={theirs}>{INTERACTION_MATRIX[`${mine}/${theirs}`]}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="muted">{BOTH_PREDICTED_RIGHT}</p>
      </section>
      <section className={styles.section}>
        <h2>Formulas</h2>
        <List items={FORMULAS} />
      </section>
      <section className={styles.section}>
        <h2>Sudden death</h2>
        <List items={SUDDEN_DEATH_TEXT} />
      </section>
      <section className={styles.section}>
        <h2>Leaving a duel</h2>
        <List items={ABANDONMENT_RULES} />
      </section>
      <section className={styles.section}>
        <h2>Tips</h2>
        <List items={TIPS} />
      </section>
    </div>
  );
}
