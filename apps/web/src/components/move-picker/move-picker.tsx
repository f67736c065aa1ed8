import styles from './move-picker.module.css';

/** The words of a move on its way (the battle screen's texts live with the duel feature). */
export const SENDING_TEXT = 'Sending your move…';
export const QUEUED_OFFLINE_TEXT = 'Offline: your move is sent as soon as the connection is back, if the round is still open.';

export interface MoveOption {
  readonly value: string;
  readonly label: string;
  /** Shown as a hint: "A", "1". */
  readonly keys: readonly string[];
}

/** 'sending': chosen, not confirmed by the server yet (it counts only once confirmed). */
export type MoveStep = 'predict' | 'act' | 'sending' | 'locked' | 'closed';

export interface MovePickerProps {
  readonly step: MoveStep;
  readonly options: readonly MoveOption[];
  readonly prediction: string | null;
  readonly action: string | null;
  /** Shown but not usable. */
  readonly disabled?: boolean;
  /** The game is cut off from the server: a chosen move waits to be sent. */
  readonly offline?: boolean;
  onPredict(value: string): void;
  onAct(value: string): void;
  onUndo(): void;
}

const labelOf = (options: readonly MoveOption[], value: string | null) => options.find((option) => option.value === value)?.label ?? '';

function Choices({ name, options, onPick, tone, disabled }: { readonly name: string; readonly options: readonly MoveOption[]; readonly onPick: (value: string) => void; readonly tone: 'predict' | 'act'; readonly disabled: boolean }) {
  return (
    <div className={styles.choices} role="group" aria-label={name}>
      {options.map((option) => (
        <button key={option.value} type="button" className={`${styles.choice} ${styles[tone]} ${styles[option.value] ?? ''}`} onClick={() => onPick(option.value)} disabled={disabled} aria-keyshortcuts={option.keys.join(' ')}>
          <span>{option.label}</span>
          <kbd className={styles.key} aria-hidden="true">
            {option.keys[0]?.toUpperCase()}
          </kbd>
        </button>
      ))}
    </div>
  );
}

/** The round's two steps: predict the enemy's move, then choose yours; locked once sent. */
export function MovePicker({ step, options, prediction, action, disabled = false, offline = false, onPredict, onAct, onUndo }: MovePickerProps) {
  if (step === 'sending') {
    return (
      <div className={styles.picker} role="status">
        <p className={styles.heading}>{SENDING_TEXT}</p>
        <p className={styles.summary}>
          {labelOf(options, action)} <span className="muted">· predicted {labelOf(options, prediction)}</span>
        </p>
        {offline && <p className="muted">{QUEUED_OFFLINE_TEXT}</p>}
      </div>
    );
  }
  if (step === 'locked') {
    return (
      <div className={styles.picker} role="status">
        <p className={styles.heading}>Locked in</p>
        <p className={styles.summary}>
          {labelOf(options, action)} <span className="muted">· predicted {labelOf(options, prediction)}</span>
        </p>
        <p className="muted">Waiting for the round to close…</p>
      </div>
    );
  }
  if (step === 'closed') {
    return (
      <div className={styles.picker} role="status">
        <p className={styles.heading}>Get ready…</p>
      </div>
    );
  }
  return (
    <div className={styles.picker}>
      {step === 'predict' ? (
        <>
          <p className={styles.heading}>1 · Predict the enemy&apos;s move</p>
          <Choices name="Predict the enemy's move" options={options} onPick={onPredict} tone="predict" disabled={disabled} />
        </>
      ) : (
        <>
          <p className={styles.heading}>2 · Choose your move</p>
          <p className={styles.summary}>
            You predict <strong>{labelOf(options, prediction)}</strong>{' '}
            <button type="button" className="btn btn-ghost btn-small" onClick={onUndo} disabled={disabled} aria-keyshortcuts="Backspace Escape">
              Undo
            </button>
          </p>
          <Choices name="Choose your move" options={options} onPick={onAct} tone="act" disabled={disabled} />
        </>
      )}
    </div>
  );
}
