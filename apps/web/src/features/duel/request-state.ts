// The states of a one-shot request of the game: claim and cancel go idle -> pending ->
// success | error, and an error can be retried.
export type RequestState<T> =
  | { readonly status: 'idle' }
  | { readonly status: 'pending' }
  | { readonly status: 'success'; readonly value: T }
  | { readonly status: 'error'; readonly message: string };

export const IDLE_REQUEST = { status: 'idle' } as const;
