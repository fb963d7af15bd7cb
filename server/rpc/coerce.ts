import type { z } from 'zod';

type Def = { type: string; shape?: Record<string, z.ZodType>; innerType?: z.ZodType; in?: z.ZodType };
const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

const wrappers = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

function unwrap(schema: z.ZodType): z.ZodType {
  let s = schema;
  for (let i = 0; i < 20; i++) {
    const def = defOf(s);
    if (wrappers.has(def.type) && def.innerType) s = def.innerType;
    else if (def.type === 'pipe' && def.in) s = def.in;
    else break;
  }
  return s;
}

/**
 * GET values arrive as query strings. Converts the ones whose field the call's schema declares as a
 * number or boolean, so one schema serves both methods. Text that is not a number stays text, so the
 * schema rejects it with a clear message instead of it turning into NaN or 0.
 */
export function coerceQuery(schema: z.ZodType, query: Record<string, unknown>): Record<string, unknown> {
  const object = unwrap(schema);
  const shape = defOf(object).type === 'object' ? defOf(object).shape : undefined;
  if (!shape) return query;
  const out: Record<string, unknown> = { ...query };
  for (const [key, value] of Object.entries(query)) {
    const field = shape[key];
    if (!field || typeof value !== 'string') continue;
    const type = defOf(unwrap(field)).type;
    if (type === 'number' && /^-?\d+(\.\d+)?$/.test(value.trim())) out[key] = Number(value);
    else if (type === 'boolean' && (value === 'true' || value === 'false')) out[key] = value === 'true';
    else if (value === '' && defOf(field).type !== 'string') out[key] = undefined;
  }
  return out;
}
