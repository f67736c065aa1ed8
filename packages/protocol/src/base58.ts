// Bitcoin-alphabet base58, as Solana writes addresses and transaction signatures. Pure code with
// no Node or DOM API, because this package runs in the browser as well as on the server.

export const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

const DIGIT_OF: ReadonlyMap<string, number> = new Map([...BASE58_ALPHABET].map((char, index) => [char, index]));

/** Only alphabet characters, at least one: a cheap first check before decoding. */
export const BASE58_PATTERN = /^[1-9A-HJ-NP-Za-km-z]+$/;

/**
 * The bytes that base58 text stands for, or null when the text is empty or holds a character
 * outside the alphabet (0, O, I, l, spaces, signs…). Each leading '1' is one leading zero byte.
 */
export function decodeBase58(text: string): Uint8Array | null {
  if (typeof text !== 'string' || text.length === 0) return null;
  let zeros = 0;
  while (zeros < text.length && text[zeros] === '1') zeros += 1;
  // Little-endian base-256 digits of the number written after the leading ones.
  const bytes: number[] = [];
  for (let i = zeros; i < text.length; i += 1) {
    const digit = DIGIT_OF.get(text.charAt(i));
    if (digit === undefined) return null;
    let carry = digit;
    for (let j = 0; j < bytes.length; j += 1) {
      carry += (bytes[j] ?? 0) * 58;
      bytes[j] = carry & 0xff;
      carry >>= 8;
    }
    while (carry > 0) {
      bytes.push(carry & 0xff);
      carry >>= 8;
    }
  }
  const out = new Uint8Array(zeros + bytes.length);
  for (let k = 0; k < bytes.length; k += 1) out[out.length - 1 - k] = bytes[k] ?? 0;
  return out;
}

/** Base58 text of some bytes; each leading zero byte becomes a leading '1'. */
export function encodeBase58(bytes: Uint8Array): string {
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] === 0) zeros += 1;
  // Little-endian base-58 digits of the number after the leading zero bytes.
  const digits: number[] = [];
  for (let i = zeros; i < bytes.length; i += 1) {
    let carry = bytes[i] ?? 0;
    for (let j = 0; j < digits.length; j += 1) {
      carry += (digits[j] ?? 0) * 256;
      digits[j] = carry % 58;
      carry = Math.floor(carry / 58);
    }
    while (carry > 0) {
      digits.push(carry % 58);
      carry = Math.floor(carry / 58);
    }
  }
  let text = '1'.repeat(zeros);
  for (let k = digits.length - 1; k >= 0; k -= 1) text += BASE58_ALPHABET.charAt(digits[k] ?? 0);
  return text;
}

/** Whether the text is base58 for exactly `byteLength` bytes. */
export function isBase58OfLength(text: string, byteLength: number): boolean {
  const bytes = decodeBase58(text);
  return bytes !== null && bytes.length === byteLength;
}
