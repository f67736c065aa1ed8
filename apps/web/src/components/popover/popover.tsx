import { type ReactNode, useEffect, useId, useRef } from 'react';
import styles from './popover.module.css';

export interface PopoverProps {
  /** The button's content. */
  readonly trigger: ReactNode;
  readonly label: string;
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly children: ReactNode;
  readonly triggerClassName?: string;
  readonly align?: 'start' | 'end';
}

/** A button that opens a panel below it; Escape and a click outside close it. */
export function Popover({ trigger, label, open, onOpenChange, children, triggerClassName = '', align = 'end' }: PopoverProps) {
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (event: MouseEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) onOpenChange(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      onOpenChange(false);
      button.current?.focus();
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, onOpenChange]);

  return (
    <div className={styles.root} ref={root}>
      <button
        ref={button}
        type="button"
        className={triggerClassName}
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => onOpenChange(!open)}
      >
        {trigger}
      </button>
      {open && (
        <div id={panelId} className={`${styles.panel} ${styles[align]}`} role="group" aria-label={label}>
          {children}
        </div>
      )}
    </div>
  );
}
