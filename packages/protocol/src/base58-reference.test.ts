// Our base58 against a second implementation: @solana/kit's codec (@solana/codecs-strings), the one
// the server and the web app use to write addresses and signatures. Protocol keeps its own code
// because it ships to the browser with no dependency but zod; this test is what says both agree.
import { getBase58Decoder, getBase58Encoder } from '@solana/codecs-strings';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BASE58_ALPHABET, decodeBase58, encodeBase58 } from './base58';

const kitText = getBase58Decoder();
const kitBytes = getBase58Encoder();
const RUNS = { numRuns: 500 };

/** Bytes with a run of leading zeros (each one a leading '1'), up to a signature's 64 and beyond. */
const bytesWithZeros = fc
  .tuple(fc.nat({ max: 8 }), fc.uint8Array({ maxLength: 80 }))
  .map(([zeros, rest]) => Uint8Array.from([...new Array<number>(zeros).fill(0), ...rest]));
const base58Text = fc.string({ unit: fc.constantFrom(...BASE58_ALPHABET), minLength: 1, maxLength: 110 });
const foreignChar = fc.constantFrom('0', 'O', 'I', 'l', ' ', '+', '/', '=', '-', '_', 'é', '\u0000', '\n');

/** Kit's verdict on text: its bytes, or null where it throws. */
function kitDecode(text: string): Uint8Array | null {
  try {
    return new Uint8Array(kitBytes.encode(text));
  } catch {
    return null;
  }
}

describe('base58 agrees with @solana/kit', () => {
  it('writes the same text for any bytes, leading zeros included', () => {
    fc.assert(
      fc.property(bytesWithZeros, (bytes) => {
        expect(encodeBase58(bytes)).toBe(kitText.decode(bytes));
      }),
      RUNS,
    );
  });

  it('reads any text of the alphabet to the same bytes, and writes them back unchanged', () => {
    fc.assert(
      fc.property(base58Text, (text) => {
        const ours = decodeBase58(text);
        expect(ours).toEqual(kitDecode(text));
        expect(encodeBase58(ours as Uint8Array)).toBe(text);
      }),
      RUNS,
    );
  });

  it('round-trips bytes both ways', () => {
    fc.assert(
      fc.property(bytesWithZeros, (bytes) => {
        expect(decodeBase58(encodeBase58(bytes))).toEqual(bytes.length === 0 ? null : bytes);
        expect(kitDecode(encodeBase58(bytes))).toEqual(bytes);
      }),
      RUNS,
    );
  });

  it('refuses a character outside the alphabet wherever it stands, as kit does', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...BASE58_ALPHABET), maxLength: 50 }), foreignChar, fc.nat(), (text, bad, at) => {
        const position = at % (text.length + 1);
        const spoiled = text.slice(0, position) + bad + text.slice(position);
        expect(decodeBase58(spoiled)).toBeNull();
        expect(kitDecode(spoiled)).toBeNull();
      }),
      RUNS,
    );
  });

  it('differs from kit only on empty text, which we refuse and kit reads as no bytes', () => {
    expect(decodeBase58('')).toBeNull();
    expect(kitDecode('')).toEqual(new Uint8Array(0));
    expect(encodeBase58(new Uint8Array(0))).toBe(kitText.decode(new Uint8Array(0)));
  });
});
