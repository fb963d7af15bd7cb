import type { z } from 'zod';
import type { CallDef } from './call';
import { whitelists } from './field-update';
import { INT32_MAX, INT32_MIN } from './fields';

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  valueType?: z.ZodType;
  items?: z.ZodType[];
};
type Internals = { def: Def };
const zod = (s: z.ZodType) => (s as unknown as { _zod: Internals })._zod;
/** Longer than any text field of ours may be (1 MB). */
const LONG = 'x'.repeat(1_000_001);

/**
 * Walks a payload schema and lists every leaf that is missing a limit the database needs (issue 14
 * §1): a string with no length bound or no NUL refusal, a whole number with no bound inside int4, a
 * number with no bound at all. The unit test runs it over every declared call, so a call written
 * tomorrow with a bare z.string() fails the suite instead of answering 500 in production.
 */
export function missingLimits(schema: z.ZodType, path = ''): string[] {
  const out: string[] = [];
  const walk = (s: z.ZodType, at: string) => {
    const { def } = zod(s);
    const whitelist = whitelists.get(s);
    if (whitelist) for (const [field, value] of Object.entries(whitelist)) walk(value, `Value for ${field}`);
    const name = at || '(payload)';
    switch (def.type) {
      case 'string': {
        // Probed, not read from zod's internals: what the schema accepts is what reaches the database.
        if (s.safeParse(LONG).success) out.push(`${name}: text without a length bound`);
        if (s.safeParse('a\0b').success) out.push(`${name}: text that may hold NUL`);
        return;
      }
      case 'number': {
        const whole = !s.safeParse(0.5).success;
        if (whole && (s.safeParse(INT32_MAX + 1).success || s.safeParse(INT32_MIN - 1).success))
          out.push(`${name}: whole number beyond int4`);
        if (!whole && (s.safeParse(1e300).success || s.safeParse(-1e300).success))
          out.push(`${name}: number without bounds`);
        return;
      }
      case 'object':
        for (const [k, v] of Object.entries(def.shape ?? {})) walk(v, at ? `${at}.${k}` : k);
        return;
      case 'array':
        if (def.element) walk(def.element, `${name}[]`);
        return;
      case 'record':
        if (def.valueType) walk(def.valueType, `${name}{}`);
        return;
      case 'tuple':
        for (const [i, item] of (def.items ?? []).entries()) walk(item, `${name}[${i}]`);
        return;
      case 'union':
        for (const o of def.options ?? []) walk(o, at);
        return;
      case 'intersection':
        if (def.left) walk(def.left, at);
        if (def.right) walk(def.right, at);
        return;
      case 'pipe':
        if (def.in) walk(def.in, at);
        return;
      default:
        if (def.innerType) walk(def.innerType, at);
    }
  };
  walk(schema, path);
  return out;
}

/** Every call's missing limits, as "POST web/X: Field: what is missing". */
export function auditCalls(calls: readonly CallDef[]): string[] {
  return calls.flatMap((c) => missingLimits(c.payload).map((m) => `${c.method} ${c.path}: ${m}`));
}
