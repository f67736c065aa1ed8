// JSON with exact 64-bit integers. Solana's JSON-RPC carries u64 values (lamports, rentEpoch =
// 2^64-1, slots) as bare JSON integers, and @solana/kit sends and expects them that way. The
// built-in JSON.parse rounds every integer above 2^53, so requests and stored state go through
// this small parser: integers beyond the safe range become bigint, everything else is what
// JSON.parse would give. stringify writes bigint as a bare integer.

export type Json = null | boolean | number | bigint | string | Json[] | { [key: string]: Json };

/** Nesting deeper than this is refused: a hostile body must not exhaust the stack. */
const MAX_DEPTH = 128;

export class JsonParseError extends Error {}

export function parseJson(text: string): Json {
  const parser = new Parser(text);
  parser.skipWhitespace();
  const value = parser.value(0);
  parser.skipWhitespace();
  if (parser.position !== text.length) parser.fail('unexpected trailing characters');
  return value;
}

class Parser {
  position = 0;
  constructor(private readonly text: string) {}

  fail(reason: string): never {
    throw new JsonParseError(`${reason} at position ${this.position}`);
  }

  skipWhitespace(): void {
    const { text } = this;
    while (this.position < text.length) {
      const c = text.charCodeAt(this.position);
      if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return;
      this.position++;
    }
  }

  value(depth: number): Json {
    if (depth > MAX_DEPTH) this.fail('nesting too deep');
    const c = this.text[this.position];
    switch (c) {
      case '{':
        return this.object(depth);
      case '[':
        return this.array(depth);
      case '"':
        return this.string();
      case 't':
        return this.literal('true', true);
      case 'f':
        return this.literal('false', false);
      case 'n':
        return this.literal('null', null);
      default:
        if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return this.number();
        return this.fail('unexpected character');
    }
  }

  private literal<T extends Json>(word: string, value: T): T {
    if (!this.text.startsWith(word, this.position)) this.fail('invalid literal');
    this.position += word.length;
    return value;
  }

  private number(): number | bigint {
    const match = /^-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(this.text.slice(this.position, this.position + 400));
    if (!match) return this.fail('invalid number');
    const token = match[0];
    this.position += token.length;
    if (match[1] === undefined && match[2] === undefined) {
      const asNumber = Number(token);
      return Number.isSafeInteger(asNumber) ? asNumber : BigInt(token);
    }
    return Number(token);
  }

  private string(): string {
    // The token runs to the first unescaped quote; JSON.parse then validates and unescapes it.
    const { text } = this;
    let end = this.position + 1;
    while (end < text.length) {
      const c = text.charCodeAt(end);
      if (c === 0x22) break;
      if (c === 0x5c) end++;
      end++;
    }
    if (end >= text.length) this.fail('unterminated string');
    const token = text.slice(this.position, end + 1);
    this.position = end + 1;
    try {
      return JSON.parse(token) as string;
    } catch {
      return this.fail('invalid string');
    }
  }

  private array(depth: number): Json[] {
    this.position++;
    const items: Json[] = [];
    this.skipWhitespace();
    if (this.text[this.position] === ']') {
      this.position++;
      return items;
    }
    for (;;) {
      this.skipWhitespace();
      items.push(this.value(depth + 1));
      this.skipWhitespace();
      const c = this.text[this.position++];
      if (c === ']') return items;
      if (c !== ',') this.fail('expected , or ]');
    }
  }

  private object(depth: number): { [key: string]: Json } {
    this.position++;
    // A null-prototype object: a "__proto__" key is plain data, never a prototype change.
    const result = Object.create(null) as { [key: string]: Json };
    this.skipWhitespace();
    if (this.text[this.position] === '}') {
      this.position++;
      return result;
    }
    for (;;) {
      this.skipWhitespace();
      if (this.text[this.position] !== '"') this.fail('expected a key');
      const key = this.string();
      this.skipWhitespace();
      if (this.text[this.position++] !== ':') this.fail('expected :');
      this.skipWhitespace();
      result[key] = this.value(depth + 1);
      this.skipWhitespace();
      const c = this.text[this.position++];
      if (c === '}') return result;
      if (c !== ',') this.fail('expected , or }');
    }
  }
}

/** JSON.stringify, except that bigint is written as a bare integer and undefined fields are left out. */
export function stringifyJson(value: unknown): string {
  switch (typeof value) {
    case 'bigint':
      return value.toString();
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'string':
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object': {
      if (value === null) return 'null';
      if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : stringifyJson(item))).join(',')}]`;
      const parts: string[] = [];
      for (const [key, item] of Object.entries(value)) {
        if (item !== undefined) parts.push(`${JSON.stringify(key)}:${stringifyJson(item)}`);
      }
      return `{${parts.join(',')}}`;
    }
    default:
      return 'null';
  }
}
