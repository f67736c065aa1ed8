// The protocol names the three moves attack, dodge and hide, and the screens show "hide" as Heal:
// the wire keeps its word, the screen shows the label.
export const ACTIONS = ['attack', 'dodge', 'hide'] as const;
export type Action = (typeof ACTIONS)[number];

export const ACTION_LABELS: Readonly<Record<Action, string>> = {
  attack: 'Attack',
  dodge: 'Dodge',
  hide: 'Heal',
};

/** What a player sends for a round: their move and their guess of the opponent's move. */
export interface Move {
  readonly action: Action;
  readonly prediction: Action;
}

export function isAction(value: unknown): value is Action {
  return typeof value === 'string' && (ACTIONS as readonly string[]).includes(value);
}

/** The move each action beats: Attack beats Heal, Heal beats Dodge, Dodge beats Attack. */
export const BEATS: Readonly<Record<Action, Action>> = {
  attack: 'hide',
  hide: 'dodge',
  dodge: 'attack',
};
