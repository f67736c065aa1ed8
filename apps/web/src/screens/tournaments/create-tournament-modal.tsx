// "Create New Tournament": name, description, entry fee,
// max players (4/8/16/32, default 8), start date (local time, sent as ISO with a zone), format,
// prizes; the form's messages in a banner; the server's message, else "Failed to create tournament".
// A fee in SOL makes it paid; its prizes are then the pool's shares, not typed.
import { TOURNAMENT_FORMATS, TOURNAMENT_SIZES, type Tournament, type TournamentFormat, type TournamentSize } from '@duel-dojo/protocol';
import { type FormEvent, useState } from 'react';
import { Banner } from '../../components/banner/banner';
import { Modal } from '../../components/modal/modal';
import { useAuth } from '../../features/auth/auth-context';
import {
  type CreateForm,
  EMPTY_CREATE_FORM,
  FORMAT_LABELS,
  checkCreateForm,
  isPaidFee,
  paidPoolNote,
  toLocalDateTime,
  withEntryFee,
} from '../../features/tournaments/create-form';
import { useCreateTournament } from '../../features/tournaments/use-tournament-actions';
import styles from './create-tournament-modal.module.css';

export interface CreateTournamentModalProps {
  readonly onClose: () => void;
  readonly onCreated: (tournament: Tournament) => void;
}

interface TextFieldProps {
  readonly id: string;
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly placeholder?: string;
  readonly autoFocus?: boolean;
  /** A line under the field, read with it by screen readers. */
  readonly hint?: string;
}

/** A one-line field of at most 100 characters (names, entry fee and prizes on the wire). */
function TextField({ id, label, value, onChange, placeholder, autoFocus = false, hint }: TextFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} value={value} onChange={(event) => onChange(event.target.value)} maxLength={100} placeholder={placeholder} data-autofocus={autoFocus || undefined} aria-describedby={hintId} />
      {hint && (
        <span id={hintId} className="field-hint">
          {hint}
        </span>
      )}
    </div>
  );
}

export function CreateTournamentModal({ onClose, onCreated }: CreateTournamentModalProps) {
  const auth = useAuth();
  const create = useCreateTournament();
  const [form, setForm] = useState<CreateForm>(EMPTY_CREATE_FORM);
  const [error, setError] = useState<string | null>(null);
  const set = <K extends keyof CreateForm>(key: K) => (value: CreateForm[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    setError(null);
  };
  const setEntryFee = (value: string) => {
    setForm((current) => withEntryFee(current, value));
    setError(null);
  };
  const paid = isPaidFee(form.entryFee);
  const poolNote = paidPoolNote(form);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkCreateForm(form, auth.token !== null, Date.now());
    if (!check.ok) {
      setError(check.error);
      return;
    }
    setError(null);
    create.mutate(check.body, {
      onSuccess: (answer) => onCreated(answer.tournament),
      onError: (failure) => setError(failure.message),
    });
  };

  return (
    <Modal open title="Create New Tournament" onClose={create.isPending ? undefined : onClose}>
      {error && <Banner>{error}</Banner>}
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextField id="tournament-name" label="Tournament name *" value={form.name} onChange={set('name')} placeholder="Friday Night Fights" autoFocus />
        <div className="field">
          <label htmlFor="tournament-description">Description *</label>
          <textarea id="tournament-description" className={styles.textarea} rows={3} maxLength={1000} value={form.description} onChange={(event) => set('description')(event.target.value)} placeholder="Who can join, the rules, the vibe…" />
        </div>
        <div className={styles.row}>
          <TextField id="tournament-fee" label="Entry fee" value={form.entryFee} onChange={setEntryFee} placeholder="Free" hint="Free, or an amount of SOL (e.g. 0.05)" />
          <div className="field">
            <label htmlFor="tournament-size">Max players</label>
            <select id="tournament-size" className={styles.select} value={form.maxParticipants} onChange={(event) => set('maxParticipants')(Number(event.target.value) as TournamentSize)}>
              {TOURNAMENT_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size} players
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className={styles.row}>
          <div className="field">
            <label htmlFor="tournament-start">Start date *</label>
            <input id="tournament-start" type="datetime-local" min={toLocalDateTime(Date.now())} value={form.startDate} onChange={(event) => set('startDate')(event.target.value)} />
          </div>
          <div className="field">
            <label htmlFor="tournament-format">Format</label>
            <select id="tournament-format" className={styles.select} value={form.format} onChange={(event) => set('format')(event.target.value as TournamentFormat)}>
              {TOURNAMENT_FORMATS.map((format) => (
                <option key={format} value={format}>
                  {FORMAT_LABELS[format]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <fieldset className={styles.prizes} disabled={paid} aria-describedby={poolNote ? 'tournament-pool-note' : undefined}>
          <legend>Prizes</legend>
          {poolNote && (
            <p id="tournament-pool-note" className={styles.poolNote}>
              {poolNote}
            </p>
          )}
          <TextField id="tournament-first" label="1st place" value={form.first} onChange={set('first')} placeholder={paid ? 'From the pool' : 'TBD'} />
          <TextField id="tournament-second" label="2nd place" value={form.second} onChange={set('second')} placeholder={paid ? 'From the pool' : 'TBD'} />
          <TextField id="tournament-third" label="3rd place" value={form.third} onChange={set('third')} placeholder={paid ? 'From the pool' : 'TBD'} />
        </fieldset>
        <div className="actions">
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={create.isPending}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create Tournament'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
