// Commands answer values, not exceptions: a refusal carries a protocol code and the text the
// player sees, the same as an AppError's (docs/architecture.md "Errors"), and changes nothing.
// The socket handler sends it as refusals.ts says for its code.
import { type ErrorCode, ERROR_MESSAGES } from '@duel-dojo/protocol';

export interface Refused {
  readonly ok: false;
  readonly code: ErrorCode;
  readonly message: string;
}

export type Outcome<T = undefined> = { readonly ok: true; readonly value: T } | Refused;

export function ok(): Outcome<undefined>;
export function ok<T>(value: T): Outcome<T>;
export function ok<T>(value?: T): Outcome<T | undefined> {
  return { ok: true, value };
}

export function refuse(code: ErrorCode, message: string = ERROR_MESSAGES[code]): Refused {
  return { ok: false, code, message };
}
