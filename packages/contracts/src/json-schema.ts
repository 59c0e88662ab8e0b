import { z } from 'zod';

type Json = Record<string, unknown>;

/**
 * JSON Schema of a zod schema, without regex `pattern`s: zod's patterns (uuid, datetime) use
 * lookaheads that Go's RE2 (the broker's validator) rejects; `format` still states the intent.
 */
export function toJsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'output'): Json {
  const out = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
  return strip(out) as Json;
}

function strip(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(strip);
  if (node && typeof node === 'object') {
    const copy: Json = {};
    for (const [k, v] of Object.entries(node as Json)) {
      if (k === 'pattern' || k === '$schema') continue;
      copy[k] = strip(v);
    }
    return copy;
  }
  return node;
}
