export interface CopyButtonProps {
  readonly label: string;
  /** 'idle' | 'copied' | 'failed', from the clipboard hook. */
  readonly state: 'idle' | 'copied' | 'failed';
  readonly onCopy: () => void;
  readonly className?: string;
}

const SHOWN = { copied: 'Copied!', failed: 'Failed to copy' } as const;

/** A copy button whose text becomes "Copied!" or "Failed to copy" for 2 s. */
export function CopyButton({ label, state, onCopy, className = 'btn btn-ghost btn-small' }: CopyButtonProps) {
  return (
    <button type="button" className={className} onClick={onCopy} aria-live="polite">
      {state === 'idle' ? label : SHOWN[state]}
    </button>
  );
}
