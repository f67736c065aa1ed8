// Reading landed transactions: getSignatureStatuses, getTransaction, getSignaturesForAddress.
// A transaction inside its confirmation lag is not found yet (null / absent).
import { invalidParams, unsupportedTransactionVersion } from '../rpc-errors';
import { formatSignatureInfo, formatStatus, formatTransaction, TRANSACTION_ENCODINGS, type TransactionEncoding } from '../transaction-format';
import { checkMinContextSlot, configAt, maxSupportedVersion, optionalChoice, paramsArray, requireAddress, requireConfirmedCommitment, requireSignature, toCount } from '../validate';
import { withContext, type RpcMethodTable } from './context';

const MAX_SIGNATURE_STATUSES = 256;
const MAX_SIGNATURES_FOR_ADDRESS = 1000;

export const historyMethods: RpcMethodTable = {
  getSignatureStatuses: (params, ctx) => {
    const list = paramsArray(params, 2);
    const signatures = list[0];
    if (!Array.isArray(signatures)) throw invalidParams('Invalid params: expected an array of signatures');
    if (signatures.length > MAX_SIGNATURE_STATUSES) throw invalidParams(`Too many inputs provided; max ${MAX_SIGNATURE_STATUSES}`);
    const checked = signatures.map(requireSignature);
    configAt(list, 1);
    return withContext(
      ctx,
      checked.map((signature) => {
        const record = ctx.chain.history.find(signature);
        return record ? formatStatus(record) : null;
      }),
    );
  },

  getTransaction: (params, ctx) => {
    const list = paramsArray(params, 2);
    const signature = requireSignature(list[0]);
    // The second parameter may also be a bare encoding string (the deprecated form).
    const config = typeof list[1] === 'string' ? { encoding: list[1] } : configAt(list, 1);
    requireConfirmedCommitment(config);
    const encoding: TransactionEncoding = optionalChoice(config, 'encoding', TRANSACTION_ENCODINGS, 'json');
    const hasMaxVersion = maxSupportedVersion(config) !== null;
    const record = ctx.chain.history.find(signature);
    if (!record) return null;
    if (record.message.version === 0 && !hasMaxVersion) throw unsupportedTransactionVersion();
    return formatTransaction(record, encoding, hasMaxVersion);
  },

  getSignaturesForAddress: (params, ctx) => {
    const list = paramsArray(params, 2);
    const address = requireAddress(list[0]);
    const config = configAt(list, 1);
    requireConfirmedCommitment(config);
    checkMinContextSlot(config, ctx.chain.clock.head.slot);
    const limit = config.limit === undefined || config.limit === null ? MAX_SIGNATURES_FOR_ADDRESS : toCount(config.limit, 'limit');
    if (limit < 1 || limit > MAX_SIGNATURES_FOR_ADDRESS) throw invalidParams(`Invalid limit; max ${MAX_SIGNATURES_FOR_ADDRESS}`);
    const before = config.before === undefined || config.before === null ? undefined : requireSignature(config.before);
    const until = config.until === undefined || config.until === null ? undefined : requireSignature(config.until);
    return ctx.chain.history.forAddress(address, { limit, before, until }).map(formatSignatureInfo);
  },
};
