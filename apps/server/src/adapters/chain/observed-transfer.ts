// getTransaction (jsonParsed) reduced to an ObservedTransfer. The node's answer is read
// defensively — every field is checked, integers become bigint — because payment verification
// trusts nothing it has not checked, and a node (or a proxy) may answer odd shapes.
import type { ObservedTransfer, SystemTransfer } from '../../modules/ledger';

const SYSTEM_PROGRAM = '11111111111111111111111111111111';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function integer(value: unknown): bigint | null {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  if (typeof value === 'string' && /^\d+$/.test(value)) return BigInt(value);
  return null;
}

function balances(value: unknown): bigint[] | null {
  if (!Array.isArray(value)) return null;
  const parsed = value.map(integer);
  return parsed.every((v): v is bigint => v !== null) ? parsed : null;
}

/** A system-program `transfer` (not transferWithSeed: its source is a derived account). */
function systemTransfer(instruction: unknown): SystemTransfer | null {
  if (!isObject(instruction) || instruction.programId !== SYSTEM_PROGRAM || !isObject(instruction.parsed)) return null;
  const { type, info } = instruction.parsed;
  if (type !== 'transfer' || !isObject(info)) return null;
  const lamports = integer(info.lamports);
  if (typeof info.source !== 'string' || typeof info.destination !== 'string' || lamports === null) return null;
  return { source: info.source, destination: info.destination, lamports };
}

function accountKey(entry: unknown): string | null {
  if (typeof entry === 'string') return entry;
  return isObject(entry) && typeof entry.pubkey === 'string' ? entry.pubkey : null;
}

/** null when the answer is missing or not a transaction we can read (treated as not found). */
export function parseObservedTransfer(signature: string, answer: unknown): ObservedTransfer | null {
  if (!isObject(answer) || !isObject(answer.meta) || !isObject(answer.transaction)) return null;
  const { meta, transaction } = answer;
  const message = transaction.message;
  if (!isObject(message) || !Array.isArray(message.accountKeys) || !Array.isArray(message.instructions)) return null;
  const accountKeys = message.accountKeys.map(accountKey);
  const preBalances = balances(meta.preBalances);
  const postBalances = balances(meta.postBalances);
  const slot = integer(answer.slot);
  const fee = integer(meta.fee);
  if (accountKeys.some((key) => key === null) || !preBalances || !postBalances || slot === null || fee === null) return null;
  if (preBalances.length !== accountKeys.length || postBalances.length !== accountKeys.length) return null;

  const inner = Array.isArray(meta.innerInstructions) ? meta.innerInstructions : [];
  const instructions: unknown[] = [...message.instructions];
  for (const group of inner) if (isObject(group) && Array.isArray(group.instructions)) instructions.push(...group.instructions);
  const blockTime = integer(answer.blockTime);
  return {
    signature,
    slot,
    blockTime: blockTime === null ? null : Number(blockTime),
    err: meta.err ?? null,
    fee,
    accountKeys: accountKeys as string[],
    preBalances,
    postBalances,
    systemTransfers: instructions.map(systemTransfer).filter((t): t is SystemTransfer => t !== null),
  };
}
