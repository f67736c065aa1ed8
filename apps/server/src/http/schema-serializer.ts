// A response serializer compiled once per route from its zod schema, for the hot read routes
// (profile, history, leaderboard): it writes the same JSON as the zod serializer (the schema's key
// order, unknown keys left out) without validating each answer, which cost more than the query
// behind it (bench/README.md, "API latency"). The answers are built by our own code from typed rows; the
// route tests and http/schema-serializer.test.ts hold them to the protocol's schemas.
import { z } from 'zod/mini';

type Write = (value: unknown) => string;

/** Only what the def of each handled kind holds (zod's internals, read once per schema). */
interface Def {
  type: string;
  shape?: Record<string, z.core.$ZodType>;
  element?: z.core.$ZodType;
  innerType?: z.core.$ZodType;
}

const plain: Write = (value) => JSON.stringify(value);
// The writes of the common leaves without a JSON.stringify call each (a history page has about 600):
// a string with nothing to escape is written between quotes, anything else as JSON.stringify
// writes it (escapes, lone surrogates, non-finite numbers, a value of another type).
// eslint-disable-next-line no-control-regex -- the characters JSON.stringify escapes
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;
const text: Write = (value) => (typeof value === 'string' && !NEEDS_ESCAPE.test(value) ? `"${value}"` : JSON.stringify(value));
const number: Write = (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : JSON.stringify(value));
const boolean: Write = (value) => (value === true ? 'true' : value === false ? 'false' : JSON.stringify(value));

export function compileWriter(schema: z.core.$ZodType): Write {
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  switch (def.type) {
    case 'string':
      return text;
    case 'number':
      return number;
    case 'boolean':
      return boolean;
    case 'literal':
    case 'enum':
      return plain;
    case 'nullable': {
      const inner = compileWriter(def.innerType as z.core.$ZodType);
      return (value) => (value === null ? 'null' : inner(value));
    }
    case 'optional':
      // Inside an object an absent value leaves its key out (as JSON.stringify does).
      return compileWriter(def.innerType as z.core.$ZodType);
    case 'array': {
      const element = compileWriter(def.element as z.core.$ZodType);
      return (value) => {
        const items = value as unknown[];
        if (items.length === 0) return '[]';
        let out = `[${element(items[0])}`;
        for (let index = 1; index < items.length; index += 1) out += `,${element(items[index])}`;
        return `${out}]`;
      };
    }
    case 'object': {
      const fields = Object.entries(def.shape ?? {}).map(([key, field]) => ({ key, prefix: `${JSON.stringify(key)}:`, write: compileWriter(field) }));
      return (value) => {
        const record = value as Record<string, unknown>;
        let out = '';
        for (const field of fields) {
          const item = record[field.key];
          if (item === undefined) continue;
          out += (out === '' ? '{' : ',') + field.prefix + field.write(item);
        }
        return out === '' ? '{}' : `${out}}`;
      };
    }
    default:
      // Anything else (a union, a pipe…) as the zod serializer writes it.
      return (value) => JSON.stringify(z.encode(schema, value));
  }
}

/** For a route's `serializerCompiler` option: its response schema (a zod type) compiled into a writer. */
export const schemaSerializer = ({ schema }: { schema: unknown }): Write => compileWriter(schema as z.core.$ZodType);
