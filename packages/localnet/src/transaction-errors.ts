// LiteSVM reports a failed transaction as native objects and numeric enums; Solana's RPC reports
// the same TransactionError as JSON ("BlockhashNotFound", {"InstructionError":[0,{"Custom":1}]},
// {"InsufficientFundsForRent":{"account_index":1}}) and, in -32002 preflight failures, as a
// sentence. Both are built here, so @solana/kit decodes them into the usual SolanaErrors.

export type TransactionErrorJson = string | { [name: string]: unknown };

// LiteSVM's TransactionErrorFieldless enum, in its numeric order (litesvm 1.5.0 internal.d.ts).
const FIELDLESS_TRANSACTION_ERRORS = [
  'AccountInUse', 'AccountLoadedTwice', 'AccountNotFound', 'ProgramAccountNotFound', 'InsufficientFundsForFee',
  'InvalidAccountForFee', 'AlreadyProcessed', 'BlockhashNotFound', 'CallChainTooDeep', 'MissingSignatureForFee',
  'InvalidAccountIndex', 'SignatureFailure', 'InvalidProgramForExecution', 'SanitizeFailure', 'ClusterMaintenance',
  'AccountBorrowOutstanding', 'WouldExceedMaxBlockCostLimit', 'UnsupportedVersion', 'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit', 'WouldExceedAccountDataBlockLimit', 'TooManyAccountLocks',
  'AddressLookupTableNotFound', 'InvalidAddressLookupTableOwner', 'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex', 'InvalidRentPayingAccount', 'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit', 'MaxLoadedAccountsDataSizeExceeded', 'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit', 'UnbalancedTransaction', 'ProgramCacheHitMaxLimit', 'CommitCancelled',
];

// LiteSVM's InstructionErrorFieldless enum, in its numeric order.
const FIELDLESS_INSTRUCTION_ERRORS = [
  'GenericError', 'InvalidArgument', 'InvalidInstructionData', 'InvalidAccountData', 'AccountDataTooSmall',
  'InsufficientFunds', 'IncorrectProgramId', 'MissingRequiredSignature', 'AccountAlreadyInitialized',
  'UninitializedAccount', 'UnbalancedInstruction', 'ModifiedProgramId', 'ExternalAccountLamportSpend',
  'ExternalAccountDataModified', 'ReadonlyLamportChange', 'ReadonlyDataModified', 'DuplicateAccountIndex',
  'ExecutableModified', 'RentEpochModified', 'NotEnoughAccountKeys', 'AccountDataSizeChanged', 'AccountNotExecutable',
  'AccountBorrowFailed', 'AccountBorrowOutstanding', 'DuplicateAccountOutOfSync', 'InvalidError',
  'ExecutableDataModified', 'ExecutableLamportChange', 'ExecutableAccountNotRentExempt', 'UnsupportedProgramId',
  'CallDepth', 'MissingAccount', 'ReentrancyNotAllowed', 'MaxSeedLengthExceeded', 'InvalidSeeds', 'InvalidRealloc',
  'ComputationalBudgetExceeded', 'PrivilegeEscalation', 'ProgramEnvironmentSetupFailure', 'ProgramFailedToComplete',
  'ProgramFailedToCompile', 'Immutable', 'IncorrectAuthority', 'AccountNotRentExempt', 'InvalidAccountOwner',
  'ArithmeticOverflow', 'UnsupportedSysvar', 'IllegalOwner', 'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded', 'MaxInstructionTraceLengthExceeded', 'BuiltinProgramsMustConsumeComputeUnits', 'BorshIoError',
];

type Native = Record<string, unknown> & { constructor: { name: string } };

function instructionErrorJson(error: unknown): unknown {
  if (typeof error === 'number') return FIELDLESS_INSTRUCTION_ERRORS[error] ?? 'InvalidError';
  const native = error as Native;
  if ('code' in native) return { Custom: Number(native.code) };
  if ('msg' in native) return { BorshIoError: String(native.msg) };
  return 'InvalidError';
}

/** LiteSVM's FailedTransactionMetadata.err() as Solana's JSON TransactionError. */
export function transactionErrorJson(error: unknown): TransactionErrorJson {
  if (typeof error === 'number') return FIELDLESS_TRANSACTION_ERRORS[error] ?? 'SanitizeFailure';
  const native = error as Native;
  // The napi classes carry their Rust variant in the class name (no instanceof: they are not exported).
  switch (native.constructor.name) {
    case 'TransactionErrorInstructionError':
      return { InstructionError: [Number(native.index), instructionErrorJson((native.err as () => unknown)())] };
    case 'TransactionErrorDuplicateInstruction':
      return { DuplicateInstruction: Number(native.index) };
    case 'TransactionErrorInsufficientFundsForRent':
      return { InsufficientFundsForRent: { account_index: Number(native.accountIndex) } };
    case 'TransactionErrorProgramExecutionTemporarilyRestricted':
      return { ProgramExecutionTemporarilyRestricted: { account_index: Number(native.accountIndex) } };
    default:
      return 'SanitizeFailure';
  }
}

// Agave's Display texts for the errors a client here is likely to meet; others are spelled out
// from their names.
const TRANSACTION_ERROR_TEXT: Record<string, string> = {
  AccountInUse: 'Account in use',
  AccountLoadedTwice: 'Account loaded twice',
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  ProgramAccountNotFound: 'Attempt to load a program that does not exist',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  InvalidAccountForFee: 'This account may not be used to pay transaction fees',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  MissingSignatureForFee: 'Transaction requires a fee but has no signature present',
  InvalidAccountIndex: 'Transaction contains an invalid account reference',
  SignatureFailure: 'Transaction did not pass signature verification',
  InvalidProgramForExecution: 'This program may not be used for executing instructions',
  SanitizeFailure: 'Transaction failed to sanitize accounts offsets correctly',
  UnsupportedVersion: 'Transaction version is unsupported',
  InvalidWritableAccount: 'Transaction loads a writable account that cannot be written',
  AddressLookupTableNotFound: 'Transaction loads an address table account that doesn\'t exist',
  InvalidRentPayingAccount: 'Transaction leaves an account with a lower balance than rent-exempt minimum',
};

const INSTRUCTION_ERROR_TEXT: Record<string, string> = {
  GenericError: 'generic instruction error',
  InvalidArgument: 'invalid program argument',
  InvalidInstructionData: 'invalid instruction data',
  InvalidAccountData: 'invalid account data for instruction',
  AccountDataTooSmall: 'account data too small for instruction',
  InsufficientFunds: 'insufficient funds for instruction',
  IncorrectProgramId: 'incorrect program id for instruction',
  MissingRequiredSignature: 'missing required signature for instruction',
  AccountAlreadyInitialized: 'instruction requires an uninitialized account',
  UninitializedAccount: 'instruction requires an initialized account',
  UnbalancedInstruction: 'sum of account balances before and after instruction do not match',
  ExternalAccountLamportSpend: 'instruction spent from the balance of an account it does not own',
  ReadonlyLamportChange: 'instruction changed the balance of a read-only account',
  AccountNotRentExempt: 'An account does not have enough lamports to be rent-exempt',
};

function words(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
}

/** The sentence a validator puts after "Transaction simulation failed: ". */
export function transactionErrorText(error: TransactionErrorJson): string {
  if (typeof error === 'string') return TRANSACTION_ERROR_TEXT[error] ?? words(error);
  const [name, detail] = Object.entries(error)[0] ?? ['SanitizeFailure', null];
  if (name === 'InstructionError' && Array.isArray(detail)) {
    const [index, inner] = detail as [number, unknown];
    let text: string;
    if (typeof inner === 'string') text = INSTRUCTION_ERROR_TEXT[inner] ?? words(inner);
    else if (inner && typeof inner === 'object' && 'Custom' in inner) text = `custom program error: 0x${Number((inner as { Custom: number }).Custom).toString(16)}`;
    else text = 'generic instruction error';
    return `Error processing Instruction ${index}: ${text}`;
  }
  if (name === 'InsufficientFundsForRent') {
    return `Transaction results in an account (${(detail as { account_index: number }).account_index}) with insufficient funds for rent`;
  }
  if (name === 'DuplicateInstruction') return `Transaction contains a duplicate instruction (${String(detail)}) that is not allowed`;
  return words(name);
}
