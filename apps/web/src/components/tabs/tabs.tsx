import { type KeyboardEvent, useRef } from 'react';
import styles from './tabs.module.css';

export interface TabItem<Id extends string> {
  readonly id: Id;
  readonly label: string;
}

export interface TabsProps<Id extends string> {
  readonly tabs: readonly TabItem<Id>[];
  readonly active: Id;
  readonly onChange: (id: Id) => void;
  /** Prefix of the tab and panel ids: `${idPrefix}-tab-${id}`, `${idPrefix}-panel-${id}`. */
  readonly idPrefix: string;
  readonly label: string;
}

export const tabId = (prefix: string, id: string) => `${prefix}-tab-${id}`;
export const panelId = (prefix: string, id: string) => `${prefix}-panel-${id}`;

/** WAI-ARIA tabs: arrow keys, Home and End move between them. The caller renders the panel. */
export function Tabs<Id extends string>({ tabs, active, onChange, idPrefix, label }: TabsProps<Id>) {
  const refs = useRef(new Map<Id, HTMLButtonElement>());
  const move = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onChange(tab.id);
    refs.current.get(tab.id)?.focus();
  };
  return (
    <div className={styles.tabs} role="tablist" aria-label={label}>
      {tabs.map((tab, index) => (
        <button
          key={tab.id}
          ref={(node) => {
            if (node) refs.current.set(tab.id, node);
          }}
          type="button"
          role="tab"
          id={tabId(idPrefix, tab.id)}
          aria-selected={tab.id === active}
          aria-controls={tab.id === active ? panelId(idPrefix, tab.id) : undefined}
          tabIndex={tab.id === active ? 0 : -1}
          className={styles.tab}
          onClick={() => onChange(tab.id)}
          onKeyDown={(event) => move(event, index)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
