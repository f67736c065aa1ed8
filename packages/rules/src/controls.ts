import type { Action } from './moves';

/**
 * Keyboard controls of the battle screen. The same key picks a move in both steps of a round:
 * the first press is the prediction of the opponent's move, the second is your own action.
 */
export const KEY_BINDINGS: Readonly<Record<Action, readonly string[]>> = {
  attack: ['a', '1'],
  dodge: ['d', '2'],
  hide: ['h', '3'],
};

/** Backspace or Escape takes back the prediction before the action is sent. */
export const UNDO_KEYS: readonly string[] = ['Backspace', 'Escape'];

export function actionForKey(key: string): Action | null {
  const lower = key.toLowerCase();
  for (const [action, keys] of Object.entries(KEY_BINDINGS) as [Action, readonly string[]][]) {
    if (keys.includes(lower)) return action;
  }
  return null;
}
