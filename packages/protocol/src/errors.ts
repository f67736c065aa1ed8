import { USERNAME_MESSAGES } from '@duel-dojo/rules';
import { z } from 'zod/mini';
import { ERROR_CODES, ERROR_MESSAGES, type ErrorCode, type ErrorMessageArgs, errorMessage } from './error-messages';

// The codes and their messages live in error-messages.ts, without zod, for the web app's pages
// to show before zod has downloaded; this module adds the wire shapes built on them.
export * from './error-messages';

export const errorCode = z.enum(ERROR_CODES);

/** Every failure answer of the HTTP API, and the shape of a refused socket request. */
export const errorBody = z.object({
  success: z.literal(false),
  message: z.string().check(z.maxLength(1000)),
  code: z.optional(errorCode),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** An ErrorBody for a code, with its message filled in. */
export function errorBodyFor<Code extends ErrorCode>(
  code: Code,
  ...params: ErrorMessageArgs<Code>
): ErrorBody {
  return { success: false, code, message: errorMessage(code, ...params) };
}

// The forms' messages: the player reads them as they are, so they carry no field path.
const CATALOGUE_TEXTS: ReadonlySet<string> = new Set([
  ...Object.values(USERNAME_MESSAGES),
  ERROR_MESSAGES.TOURNAMENT_REQUIRED_FIELDS,
  ERROR_MESSAGES.TOURNAMENT_START_DATE_REQUIRED,
  ERROR_MESSAGES.ENTRY_FEE_INVALID,
  ERROR_MESSAGES.ENTRY_FEE_RANGE,
  ERROR_MESSAGES.PAID_TOURNAMENT_PRIZES,
]);

/**
 * One line for a 400 answer: the first issue's message, after its field path ("walletAddress:
 * Invalid wallet address"), except the forms' messages (username, tournament creation),
 * which are the words the player should see and are returned as they are.
 */
export function describeValidationError(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  if (!issue) return ERROR_MESSAGES.VALIDATION_FAILED;
  if (CATALOGUE_TEXTS.has(issue.message)) return issue.message;
  const path = issue.path.map(String).join('.');
  return path === '' ? issue.message : `${path}: ${issue.message}`;
}
