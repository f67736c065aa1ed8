/** What a thrown thing says, for a message that quotes it: its text, or `fallback` when it has none. */
export function reasonOf(error: unknown, fallback = 'Unknown error'): string {
  if (error instanceof Error && error.message) return error.message;
  return typeof error === 'string' && error ? error : fallback;
}
