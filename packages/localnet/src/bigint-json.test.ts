import { describe, expect, it } from 'vitest';
import { JsonParseError, parseJson, stringifyJson } from './bigint-json';

describe('bigint-aware JSON', () => {
  it('keeps integers above 2^53 exact, both ways', () => {
    const text = '{"lamports":18446744073709551615,"small":42,"negative":-9007199254740993,"float":1.5e3,"list":[9007199254740993,1]}';
    const value = parseJson(text) as Record<string, unknown>;
    expect(value.lamports).toBe(18446744073709551615n);
    expect(value.small).toBe(42);
    expect(value.negative).toBe(-9007199254740993n);
    expect(value.float).toBe(1500);
    expect(value.list).toEqual([9007199254740993n, 1]);
    expect(stringifyJson(value)).toBe('{"lamports":18446744073709551615,"small":42,"negative":-9007199254740993,"float":1500,"list":[9007199254740993,1]}');
  });

  it('parses what JSON.parse parses, strings and escapes included', () => {
    const text = ' {"a":"x\\"y\\\\z\\u00e9","b":[true,false,null,{}],"c":[],"d":-0.25,"e":"\\u2028"} ';
    expect(parseJson(text)).toEqual(JSON.parse(text));
  });

  it('makes "__proto__" plain data', () => {
    const value = parseJson('{"__proto__":{"polluted":true}}') as Record<string, unknown>;
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(value)).toEqual(['__proto__']);
  });

  it('refuses malformed or hostile input', () => {
    for (const text of ['', '{', '{"a":}', '[1,]', '01', 'tru', '"open', '{"a":1}x', 'NaN', '[' .repeat(1000) + ']'.repeat(1000)]) {
      expect(() => parseJson(text), text.slice(0, 20)).toThrow(JsonParseError);
    }
  });

  it('writes undefined fields as absent and non-finite numbers as null', () => {
    expect(stringifyJson({ a: undefined, b: [undefined], c: Number.NaN, d: 'é' })).toBe('{"b":[null],"c":null,"d":"é"}');
  });
});
