// The compiled serializer writes what the zod serializer (encode, then JSON.stringify) writes, on
// the values its fast paths could get wrong: strings to escape, lone surrogates, odd numbers,
// values of another type than the schema's, absent and null keys, empty and nested arrays.
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { schemaSerializer } from './schema-serializer';

const zodJson = (schema: z.core.$ZodType, value: unknown): string => JSON.stringify(z.encode(schema, value));
const schemaJson = (schema: z.core.$ZodType, value: unknown): string => schemaSerializer({ schema })(value);

const item = z.object({ name: z.string(), note: z.nullable(z.string()), count: z.number(), on: z.boolean(), tag: z.optional(z.enum(['a', 'b'])) });
const answer = z.object({ success: z.literal(true), items: z.array(item), nested: z.array(z.array(z.number())), total: z.number() });

const STRINGS = ['', 'plain', 'quote " inside', 'back\\slash', 'line\nbreak', 'tab\t', '\u0000\u001f', '\u007f', 'é ü 日本', '😀', '\ud800 lone', 'lone \udfff', '\u2028\u2029', '</script>'];
const NUMBERS = [0, -0, 1, -1.5, 1e21, 1e-7, 0.1 + 0.2, Number.MAX_SAFE_INTEGER, 2 ** 53 + 2, -1e-300];

describe('schemaSerializer', () => {
  it('writes every string and number as the zod serializer does', () => {
    const items = STRINGS.map((name, index) => ({ name, note: index % 2 === 0 ? null : name, count: NUMBERS[index % NUMBERS.length] ?? 0, on: index % 3 === 0 }));
    const value = { success: true, items, nested: [[], [1, 2], [NUMBERS[4] ?? 0]], total: items.length };
    expect(schemaJson(answer, value)).toBe(zodJson(answer, value));
  });

  it('leaves absent keys out and writes empty arrays and objects', () => {
    const value = { success: true, items: [{ name: 'x', note: null, count: 1, on: false, tag: 'b' }, { name: 'y', note: 'n', count: 2, on: true }], nested: [], total: 0 };
    expect(schemaJson(answer, value)).toBe(zodJson(answer, value));
    expect(schemaJson(answer, { ...value, items: [] })).toBe(zodJson(answer, { ...value, items: [] }));
    expect(schemaJson(z.object({ maybe: z.optional(z.string()) }), {})).toBe('{}');
  });

  it('writes a value of another type than its schema says as JSON.stringify does', () => {
    // zod refuses these; the writer, like the one before it, writes them as JSON.stringify does.
    const loose = z.object({ text: z.string(), count: z.number(), on: z.boolean(), nan: z.number(), infinite: z.number() });
    const value = { text: 12, count: '3', on: null, nan: Number.NaN, infinite: Number.NEGATIVE_INFINITY };
    expect(schemaJson(loose, value)).toBe(JSON.stringify(value));
  });
});
