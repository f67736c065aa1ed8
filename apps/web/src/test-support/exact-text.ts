// jest-dom's toHaveTextContent('…') passes on any element that merely contains the text; a
// message shown whole (an alert, a status line) is matched whole with this pattern instead.
const SPECIAL = /[.*+?^${}()|[\]\\]/g;

/** A pattern matching exactly `text` (whitespace normalised as toHaveTextContent does). */
export function exactText(text: string): RegExp {
  return new RegExp(`^${text.replace(SPECIAL, '\\$&')}$`);
}
