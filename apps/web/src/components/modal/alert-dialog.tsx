import type { ReactNode } from 'react';
import { Modal } from './modal';

export interface AlertDialogProps {
  readonly open: boolean;
  readonly title: string;
  readonly message: ReactNode;
  readonly onClose: () => void;
  readonly buttonLabel?: string;
  readonly tone?: 'default' | 'danger' | 'success';
  readonly children?: ReactNode;
}

/** An in-page alert: a message and one button (OK, Continue). */
export function AlertDialog({ open, title, message, onClose, buttonLabel = 'OK', tone = 'default', children }: AlertDialogProps) {
  return (
    <Modal open={open} title={title} onClose={onClose} size="small" tone={tone}>
      <p role={tone === 'danger' ? 'alert' : 'status'}>{message}</p>
      {children}
      <div className="actions">
        <button type="button" className="btn btn-primary" onClick={onClose} data-autofocus>
          {buttonLabel}
        </button>
      </div>
    </Modal>
  );
}
