import { epochMs, lamportsString, solString, walletAddress } from './primitives';

/**
 * How to pay something (a stake, a purchase, a tournament entry): one system transfer of
 * `lamports` to recipientWallet naming `reference`, before `expiresAt`. Each answer adds the id
 * it is verified by (paymentId, purchaseId).
 */
export const paymentTermsFields = {
  recipientWallet: walletAddress,
  /** Display only; transfer exactly `lamports`. */
  solAmount: solString,
  lamports: lamportsString,
  /** A public key to add as a read-only account of the transfer (Solana Pay style). */
  reference: walletAddress,
  /** The request is void after this server epoch ms. */
  expiresAt: epochMs,
};
