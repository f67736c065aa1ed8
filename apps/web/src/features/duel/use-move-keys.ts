// The keyboard controls of how-to-play (rules' KEY_BINDINGS): the same key predicts, then acts;
// Backspace or Escape takes the prediction back. Keys typed into a field are left alone.
import { type Action, UNDO_KEYS, actionForKey } from '@duel-dojo/rules';
import { useEffect, useRef } from 'react';

export interface MoveKeyHandlers {
  readonly enabled: boolean;
  readonly hasPrediction: boolean;
  predict(action: Action): void;
  act(action: Action): void;
  undo(): void;
}

function typing(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

export function useMoveKeys(handlers: MoveKeyHandlers): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const current = latest.current;
      if (!current.enabled || event.repeat || event.altKey || event.ctrlKey || event.metaKey || typing(event.target)) return;
      if (UNDO_KEYS.includes(event.key)) {
        if (!current.hasPrediction) return;
        event.preventDefault();
        current.undo();
        return;
      }
      const action = actionForKey(event.key);
      if (!action) return;
      event.preventDefault();
      if (current.hasPrediction) current.act(action);
      else current.predict(action);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
