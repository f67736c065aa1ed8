// The battle screen's "How is this fair?" panel (docs/fairness.md): what the commitment is, the
// commitment this tab was shown before round 1 (the one Verify checks at the end), the seed this
// tab sent for the player, and, before round 1, a field for a seed of the player's own. A seed
// is taken once per game, and this tab sends one as soon as the commitment shows, so a typed seed
// counts for this game only when none went yet, and for the next games in this tab otherwise.
import type { GameState } from '@duel-dojo/protocol';
import { type FormEvent, useId, useState } from 'react';
import { saveOwnSeed, seedProblem } from '../../features/duel/client-seed-store';
import { beforeRoundOne, useSeenFairness } from '../../features/duel/use-client-seed';
import styles from './how-fair-panel.module.css';

export interface HowFairPanelProps {
  readonly game: GameState | null;
}

function OwnSeedForm({ sent }: { readonly sent: boolean }) {
  const { ownSeed } = useSeenFairness(null);
  const [text, setText] = useState(ownSeed ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const ids = { input: useId(), error: useId() };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const seed = text.trim();
    const found = seedProblem(seed);
    setProblem(found);
    setSaved(found === null);
    if (found === null) saveOwnSeed(seed);
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={ids.input}>Your own seed</label>
        <input
          id={ids.input}
          value={text}
          maxLength={80}
          autoComplete="off"
          spellCheck={false}
          placeholder="1–64 letters, digits, _ or -"
          onChange={(event) => {
            setText(event.target.value);
            setSaved(false);
          }}
          aria-invalid={problem !== null}
          aria-describedby={problem ? ids.error : undefined}
        />
        {problem && (
          <span id={ids.error} className="field-error" role="alert">
            {problem}
          </span>
        )}
      </div>
      <div className={styles.formActions}>
        <button type="submit" className="btn btn-ghost btn-small">
          Use my seed
        </button>
        {ownSeed && (
          <button
            type="button"
            className="btn btn-ghost btn-small"
            onClick={() => {
              saveOwnSeed(null);
              setText('');
              setSaved(false);
            }}
          >
            Use a random seed
          </button>
        )}
      </div>
      {saved && (
        <p className={styles.note} role="status">
          {sent ? 'Saved: this game already has your seed; this one goes with your next games in this tab.' : 'Saved: it goes with this game.'}
        </p>
      )}
    </form>
  );
}

export function HowFairPanel({ game }: HowFairPanelProps) {
  const { seen } = useSeenFairness(game?.sessionId ?? null);
  if (!game) return null;
  const live = game.fairness.commitment;
  const commitment = seen?.commitment ?? live;
  const changed = seen?.commitment != null && seen.commitment !== live;
  const yourSeed = seen?.seed ?? (seen?.refused ? 'Not known in this tab' : 'Not sent by this tab');
  return (
    <details className={styles.panel}>
      <summary className={styles.summary}>
        <span className={styles.title}>How is this fair?</span>
        <span className={styles.short} title={commitment}>
          Commitment {commitment.slice(0, 12)}…
        </span>
      </summary>
      <p className={styles.text}>
        Before round 1 the server locks in a secret seed by showing its SHA-256 hash, the commitment. Each player then adds a seed of their own. Every hit&apos;s random factor (0.9–1.1) comes from
        HMAC-SHA256 of the server seed with both players&apos; seeds, the game and the round. When the game ends the server seed is revealed: Verify checks it against this commitment and replays
        every round.
      </p>
      <dl className={styles.facts}>
        <dt>Commitment{seen?.commitment ? ' (shown before round 1)' : ''}</dt>
        <dd className={styles.hex}>{commitment}</dd>
        <dt>Your seed</dt>
        <dd className={styles.hex}>{yourSeed}</dd>
      </dl>
      {changed && (
        <p className={styles.warning} role="alert">
          The commitment changed since before round 1: Verify will check the seed against the first one.
        </p>
      )}
      {beforeRoundOne(game) && <OwnSeedForm sent={seen?.seed != null} />}
    </details>
  );
}
