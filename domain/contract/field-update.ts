import { z } from 'zod';
import { clip, issueText } from './errors';
import { Text } from './fields';

/**
 * The legacy `{<Id>, FieldName, Value}` update shape (e.g. `web/UpdateEmployee`), checked against a
 * per-entity whitelist of field names and value types (brief §4.3). An unknown FieldName or a Value of
 * the wrong type is rejected with a sentence that names the field, and the parsed Value is typed by the
 * field's own schema.
 */
/** Each fieldUpdate schema's whitelist, so the limits audit (limits-audit.ts) can check its Value types. */
export const whitelists = new WeakMap<z.ZodType, Record<string, z.ZodType>>();

export function fieldUpdate<
  IdKey extends string,
  Id extends z.ZodType,
  Fields extends Record<string, z.ZodType>,
>(entity: string, idKey: IdKey, id: Id, fields: Fields) {
  const names = Object.keys(fields);
  const schema = z
    .object({ [idKey]: id, FieldName: Text(100).min(1), Value: z.unknown() } as {
      [K in IdKey]: Id;
    } & { FieldName: z.ZodString; Value: z.ZodUnknown })
    .transform((raw, ctx) => {
      const input = raw as Record<string, unknown>;
      const name = input.FieldName as string;
      const schema = Object.hasOwn(fields, name) ? fields[name] : undefined;
      if (!schema) {
        ctx.addIssue({
          code: 'custom',
          path: ['FieldName'],
          message: `'${clip(name)}' is not a field of ${entity} that can be changed (allowed: ${names.join(', ')})`,
        });
        return z.NEVER;
      }
      const parsed = schema.safeParse(input.Value, { reportInput: true });
      if (!parsed.success) {
        const detail = parsed.error.issues[0];
        const message = detail ? issueText(detail, `Value for ${name}`) : `Value for ${name} is not valid`;
        ctx.addIssue({ code: 'custom', path: ['Value'], message });
        return z.NEVER;
      }
      return { ...input, FieldName: name, Value: parsed.data as unknown } as {
        [K in IdKey]: z.output<Id>;
      } & { FieldName: keyof Fields & string; Value: unknown };
    });
  whitelists.set(schema, fields);
  return schema;
}
