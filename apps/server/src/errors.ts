// One error model for the whole server (docs/architecture.md "Errors"). A refusal carries a
// stable code from packages/protocol and typed context, never an HTTP status: the transports
// map codes to their own answers, each in one table (http/error-status.ts,
// socket/refusals.ts). Modules throw AppError; the duels commands, whose refusals change nothing
// and are answered inline, return the same code as a value (modules/duels/outcome.ts).
import { type ErrorCode, type ErrorParams, ERROR_MESSAGES } from '@duel-dojo/protocol';

export type ContextValue = string | number | boolean | null;

/**
 * What a refusal knows besides its code: the values of its catalogue text's `{placeholders}`
 * (required when the text has any), and facts for the log or a transport's table.
 */
export type ErrorContext<Code extends ErrorCode = ErrorCode> = Code extends ErrorCode ? ErrorParams<Code> & { readonly [fact: string]: ContextValue } : never;

export interface AppErrorOptions {
  /** What the player is shown instead of the catalogue text, when that says too little (a field, a refund note). */
  readonly shown?: string;
  /** For the log only: the error's `message`, never sent (defaults to the shown text). */
  readonly detail?: string;
  readonly cause?: unknown;
}

type ContextArgs<Code extends ErrorCode> = Record<never, string> extends ErrorParams<Code>
  ? [context?: ErrorContext<Code>, options?: AppErrorOptions]
  : [context: ErrorContext<Code>, options?: AppErrorOptions];

function fill(code: ErrorCode, context: Readonly<Record<string, ContextValue>>): string {
  return ERROR_MESSAGES[code].replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = context[name];
    return typeof value === 'string' ? value : whole;
  });
}

export class AppError<Code extends ErrorCode = ErrorCode> extends Error {
  readonly code: Code;
  readonly context: ErrorContext<Code>;
  /** The text a transport sends: the code's catalogue text, filled, unless told otherwise. */
  readonly shown: string;

  constructor(code: Code, ...[context, options = {}]: ContextArgs<Code>) {
    const facts = (context ?? {}) as ErrorContext<Code>;
    const shown = options.shown ?? fill(code, facts);
    super(options.detail ?? shown, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.context = facts;
    this.shown = shown;
  }
}

/** The error when it is a refusal with one of `codes` (any code when none is named). */
export function isRefusal<Code extends ErrorCode>(error: unknown, ...codes: Code[]): error is AppError<Code> {
  return error instanceof AppError && (codes.length === 0 || (codes as ErrorCode[]).includes(error.code));
}
