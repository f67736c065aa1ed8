// Transaction fees. LiteSVM charges Solana's fee (5000 lamports per signature, plus the
// prioritization fee when a ComputeBudget SetComputeUnitPrice instruction is present) but does
// not report it through its API. For a landed transaction the fee is therefore measured: the
// lamports that left the transaction's accounts altogether (sum of pre balances minus sum of
// post balances) — the runtime moves lamports only between a transaction's own accounts, so the
// difference is exactly what was charged. Before execution (getFeeForMessage, simulation) the
// fee is computed from the message with the same rules.
import { getU32Decoder, getU64Decoder } from '@solana/kit';
import { instructionData, type DecodedMessage } from './wire-transaction';

export const LAMPORTS_PER_SIGNATURE = 5000n;

const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111';
const DEFAULT_INSTRUCTION_COMPUTE_UNIT_LIMIT = 200_000n;
const MAX_COMPUTE_UNIT_LIMIT = 1_400_000n;
const MICRO_LAMPORTS_PER_LAMPORT = 1_000_000n;
const u32 = getU32Decoder();
const u64 = getU64Decoder();

/** The fee the runtime will charge for this message. */
export function feeForMessage(message: DecodedMessage): bigint {
  const { unitLimit, unitPrice, otherInstructions } = computeBudgetOf(message);
  const limit = unitLimit ?? otherInstructions * DEFAULT_INSTRUCTION_COMPUTE_UNIT_LIMIT;
  const cappedLimit = limit < MAX_COMPUTE_UNIT_LIMIT ? limit : MAX_COMPUTE_UNIT_LIMIT;
  const priorityFee = (unitPrice * cappedLimit + MICRO_LAMPORTS_PER_LAMPORT - 1n) / MICRO_LAMPORTS_PER_LAMPORT;
  return LAMPORTS_PER_SIGNATURE * BigInt(message.header.numSignerAccounts) + priorityFee;
}

/** The compute unit price (micro-lamports) a message sets, 0 without one: its prioritization fee. */
export function computeUnitPrice(message: DecodedMessage): bigint {
  return computeBudgetOf(message).unitPrice;
}

function computeBudgetOf(message: DecodedMessage): { unitLimit: bigint | null; unitPrice: bigint; otherInstructions: bigint } {
  let unitLimit: bigint | null = null;
  let unitPrice = 0n;
  let otherInstructions = 0n;
  for (const instruction of message.instructions) {
    if (message.staticAccounts[instruction.programAddressIndex] !== COMPUTE_BUDGET_PROGRAM) {
      otherInstructions++;
      continue;
    }
    // SetComputeUnitLimit (2, u32) and SetComputeUnitPrice (3, u64 micro-lamports); bytes after them are ignored.
    const data = instructionData(instruction);
    if (data[0] === 2 && data.length >= 5) unitLimit = BigInt(u32.decode(data, 1));
    if (data[0] === 3 && data.length >= 9) unitPrice = u64.decode(data, 1);
  }
  return { unitLimit, unitPrice, otherInstructions };
}

/** The fee a landed transaction paid, measured from its balances (see above). */
export function feeFromBalances(preBalances: readonly bigint[], postBalances: readonly bigint[]): bigint {
  const sum = (values: readonly bigint[]) => values.reduce((total, value) => total + value, 0n);
  return sum(preBalances) - sum(postBalances);
}
