import { CONTROLS, ROUND_TIMING } from '@duel-dojo/rules';
import styles from './how-to-play.module.css';

export function ControlsTab() {
  return (
    <div className={styles.stack}>
      <section className={styles.section}>
        <h2>Keyboard and mouse</h2>
        <div className={styles.tableWrap} role="region" aria-label="Controls table" tabIndex={0}>
          <table className={styles.controls}>
            <thead>
              <tr>
                <th scope="col">Input</th>
                <th scope="col">Effect</th>
              </tr>
            </thead>
            <tbody>
              {CONTROLS.map((control) => (
                <tr key={control.input}>
                  <td>
                    <kbd>{control.input}</kbd>
                  </td>
                  <td>{control.effect}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section className={styles.section}>
        <h2>Round timing</h2>
        <ul className={styles.list}>
          {ROUND_TIMING.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}
