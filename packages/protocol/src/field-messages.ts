// The refusals of the wire's field schemas (primitives.ts): a page that parses an answer with a
// wallet address or a character in it needs these few texts, not the whole catalogue of
// error-messages.ts, which takes them from here (bench/README.md "Web app: first load").
export const FIELD_MESSAGES = {
  INVALID_REFERRAL_CODE: 'Invalid referral code',
  INVALID_SIGNATURE: 'Invalid signature',
  UNKNOWN_CHARACTER: 'Unknown character',
  INVALID_WALLET_ADDRESS: 'Invalid wallet address',
  INVALID_TRANSACTION_SIGNATURE: 'Invalid transaction signature',
} as const;
