import { z } from 'zod';
import { type Access, type CallDef, defineCall } from '../contract/call';
import { fieldUpdate } from '../contract/field-update';
import { Count, Id, LocalDate, PlantID, Text, Timestamp } from '../contract/fields';
import { type PickKind, pickKinds } from './pick';

/**
 * The document kit's declaration (issue 16): one plain object per document type says what its fields
 * are, who may do what, how it is scoped to a plant, how its list is filtered and sorted, and the names
 * of its calls. From it follow the call declarations (this file), the server's generic list, record,
 * field update, create, delete and history (server/kit), and the screens (src/kit). A new document
 * type is this declaration, a table, and whatever is really its own.
 */

/** How a list may be filtered on a field. */
export type FilterKind = 'text' | 'choice' | 'dateRange' | 'numberRange' | 'boolean' | 'pick';

export interface FieldDecl {
  /** The value's schema: what Update and Create accept for it and what the record carries. */
  type: z.ZodType;
  /** The label screens and messages use (English; screens translate it). */
  label: string;
  /** Changed one field at a time through the Update call (and given on Create). */
  edit?: boolean;
  /** Create refuses a record without it. */
  required?: boolean;
  filter?: FilterKind;
  /** For `choice` filters: the values a user may pick. */
  choices?: readonly string[];
  /** How a choice reads (English; screens translate it), when the stored value is a code: `modbusTcp` → "Modbus TCP". */
  choiceLabels?: Readonly<Record<string, string>>;
  /** The list may be sorted by it. */
  sort?: boolean;
  /** Part of the list's free-text search. */
  search?: boolean;
  /** How the record screen edits it, when its filter does not say (see `inputOf`). */
  input?: FieldInput;
  /** The record shows fields of one group together under this heading (e.g. a flag's area). */
  group?: string;
  /** Not shown among the record's fields: the screen shows it its own way (a photo as the avatar). */
  hidden?: boolean;
}

/** `datetime`: a moment (a Timestamp), typed in the browser's local time and kept as an instant. */
export type FieldInput =
  | 'text'
  | 'textarea'
  | 'choice'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'number'
  | 'plant'
  /** A picker (src/kit/Picker.tsx): searches web/Pick as you type; the field holds the record's id. */
  | PickKind;

/** The English text of a choice: its declared label, else the value itself. */
export function choiceLabel(field: Pick<FieldDecl, 'choiceLabels'>, value: string): string {
  return field.choiceLabels?.[value] ?? value;
}

/** How a field is edited: as declared, else as it is filtered (a choice, a date, yes/no), else text. */
export function inputOf(field: FieldDecl): FieldInput {
  if (field.input) return field.input;
  if (field.choices) return 'choice';
  if (field.filter === 'boolean') return 'boolean';
  if (field.filter === 'dateRange') return 'date';
  if (field.filter === 'numberRange') return 'number';
  return 'text';
}

export interface DocumentDecl<Fields extends Record<string, FieldDecl> = Record<string, FieldDecl>> {
  /** Stable machine name, singular, lower camel case: history rows, topics and collections use it. */
  type: string;
  /** "device", "devices": for messages ("There is no device 12."). */
  noun: string;
  nounPlural: string;
  /** The record's id field, e.g. `DeviceID` (a serial int4 column). */
  key: string;
  fields: Fields;
  access: { read: Access; create?: Access; change?: Access; delete?: Access };
  /**
   * The field holding the record's plant (a number field of `fields`), when the documents are plant
   * data: lists, records and changes then follow the plant rule (README "Plant scope"), and the live
   * topic is one per plant.
   */
  plantField?: keyof Fields & string;
  /** The calls' paths, as the spec names them where it does. */
  calls: {
    list: string;
    get: string;
    update: string;
    create?: string;
    delete?: string;
    history: string;
    /** The list's xlsx export; left out, the list's path with Get made Export (web/ExportDevices). */
    export?: string;
  };
  /**
   * The screen that lists the records (`/devices`); a record opens at `<route>?record=<key>`. Global
   * search links its results there (fields marked `search: true` are what it finds them by), and a
   * notification or mail about a record links there too.
   */
  route?: string;
  list: {
    columns: readonly (keyof Fields & string)[];
    sort: { field: keyof Fields & string; desc?: boolean };
  };
  /** Buttons on the record that call a call of their own with the record's key (see RecordAction). */
  actions?: readonly RecordAction[];
}

/**
 * A button on a kit record ("Print test label", "Test connection"): it posts `{<Key>: id}` to `call`,
 * whose answer is {@link RecordActionResult}. Shown to those who pass the call's access, on records
 * that are not deleted (src/kit/DeclaredActions.tsx).
 */
export interface RecordAction {
  /** The button's text (English; the screen translates it). */
  label: string;
  call: CallDef;
}

/** What a record action answers: a sentence for the person, and whether it went well (else a warning). */
export const RecordActionResult = z.object({ Ok: z.boolean(), Message: z.string() });
export type RecordActionResult = z.infer<typeof RecordActionResult>;

/**
 * Checks a declaration as it is written (list columns, sort and plant fields must be its own fields,
 * at compile time and at start-up) and hands it on as a plain DocumentDecl.
 */
export function defineDocument<Fields extends Record<string, FieldDecl>>(
  decl: DocumentDecl<Fields>,
): DocumentDecl {
  for (const column of decl.list.columns) {
    if (!decl.fields[column]) throw new Error(`${decl.type}: list column ${column} is not a field`);
  }
  if (!decl.fields[decl.list.sort.field]) throw new Error(`${decl.type}: sort field is not a field`);
  if (decl.plantField && !decl.fields[decl.plantField])
    throw new Error(`${decl.type}: plant field is not a field`);
  for (const [name, field] of Object.entries(decl.fields)) {
    if (field.filter === 'pick' && !(pickKinds as readonly string[]).includes(field.input ?? ''))
      throw new Error(`${decl.type}: ${name} is filtered by a picker but its input names no pick kind`);
  }
  return decl as unknown as DocumentDecl;
}

/** How many groups a grouped list answers at most (the rest are left out, by value). */
export const LIST_GROUPS_MAX = 500;

/** One group of a grouped list: its value (a month `YYYY-MM` for a date field) and how many rows have it. */
export const ListGroup = z.object({
  Value: z.union([z.string(), z.number(), z.boolean(), z.null()]),
  Count: Count(),
});
export type ListGroup = z.infer<typeof ListGroup>;

/** Fields a list may be grouped by: choices, yes/no, the plant and dates (by month). */
export function groupableFields(decl: DocumentDecl): string[] {
  return Object.entries(decl.fields)
    .filter(([name, f]) => {
      const kind = inputOf(f);
      return name === decl.plantField || kind === 'choice' || kind === 'boolean' || kind === 'date';
    })
    .map(([name]) => name);
}

/** The export call's path: declared, or the list's with its leading Get made Export. */
export function exportPath(decl: Pick<DocumentDecl, 'calls'>): string {
  if (decl.calls.export) return decl.calls.export;
  const slash = decl.calls.list.lastIndexOf('/');
  const name = decl.calls.list.slice(slash + 1);
  return `${decl.calls.list.slice(0, slash + 1)}${name.startsWith('Get') ? `Export${name.slice(3)}` : `Export${name}`}`;
}

/** The most rows one list page returns. */
export const LIST_TAKE_MAX = 500;

/** A filter on one field, as a list request carries it (JSON in the `Filters` parameter). */
export const FieldFilter = z.strictObject({
  /** text: contains, case-insensitive. */
  Contains: Text(200).optional(),
  /** choice: any of these values; pick: any of these ids. */
  AnyOf: z.array(Text(200)).max(100).optional(),
  /** dateRange (YYYY-MM-DD, inclusive) or numberRange. */
  From: z.union([LocalDate, z.number().min(-1e12).max(1e12)]).optional(),
  To: z.union([LocalDate, z.number().min(-1e12).max(1e12)]).optional(),
  /** boolean. */
  Is: z.boolean().optional(),
});
export type FieldFilter = z.infer<typeof FieldFilter>;

const filtersText = Text(8000).transform((text, ctx) => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'Filters must be a JSON object of field filters' });
    return z.NEVER;
  }
  const result = z.record(Text(100), FieldFilter).safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0];
    ctx.addIssue({
      code: 'custom',
      message: `Filters${issue?.path.length ? ` ${issue.path.join('.')}` : ''}: ${issue?.message ?? 'not valid'}`,
    });
    return z.NEVER;
  }
  return result.data;
});

export interface HistoryRow {
  At: string;
  EmployeeID: number | null;
  Name: string | null;
  Field: string;
  Old: unknown;
  New: unknown;
  Call: string;
}

const madeCalls = new WeakMap<object, ReturnType<typeof makeCalls>>();

/**
 * Every call of a document type, from its declaration; the same objects for the same declaration, so a
 * screen may ask on every render and its effects do not run again.
 */
export function documentCalls(decl: DocumentDecl): ReturnType<typeof makeCalls> {
  let calls = madeCalls.get(decl);
  if (!calls) {
    calls = makeCalls(decl);
    madeCalls.set(decl, calls);
  }
  return calls;
}

function makeCalls(decl: DocumentDecl) {
  const shape = Object.fromEntries(Object.entries(decl.fields).map(([name, f]) => [name, f.type]));
  const record = z.object({ [decl.key]: Id, ...shape, Deleted: z.boolean() }).loose();
  const editable = Object.fromEntries(
    Object.entries(decl.fields)
      .filter(([, f]) => f.edit)
      .map(([name, f]) => [name, f.type]),
  );
  const createShape = Object.fromEntries(
    Object.entries(decl.fields)
      .filter(([, f]) => f.edit)
      .map(([name, f]) => [name, f.required ? f.type : f.type.optional()]),
  );
  const sortable = Object.entries(decl.fields)
    .filter(([, f]) => f.sort)
    .map(([name]) => name);
  const keyed = z.object({ [decl.key]: Id });
  const groupFields = groupableFields(decl);
  const groupShape = groupFields.length
    ? {
        /** Count the whole filtered set by this field's value (dates by month): the answer's Groups. */
        GroupBy: z.enum(groupFields as [string, ...string[]]).optional(),
        /** With GroupBy: only the rows of this group, its value as JSON (`"tv"`, `true`, `2`, `"2026-01"`, `null`). */
        Group: Text(200).optional(),
      }
    : {};
  const change = decl.access.change ?? decl.access.read;

  const List = defineCall({
    method: 'GET',
    path: decl.calls.list,
    summary: `A page of ${decl.nounPlural}: filtered, sorted, with the total that match.`,
    access: decl.access.read,
    payload: z.object({
      ...(decl.plantField ? { PlantID: PlantID.optional() } : {}),
      Search: Text(200).optional(),
      Filters: filtersText.optional(),
      Sort: sortable.length ? z.enum(sortable as [string, ...string[]]).optional() : z.never().optional(),
      Desc: z.boolean().optional(),
      Skip: Count().optional(),
      Take: z.number().int().min(1).max(LIST_TAKE_MAX).optional(),
      IncludeDeleted: z.boolean().optional(),
      ...groupShape,
    }),
    result: z.object({ Rows: z.array(record), Total: Count(), Groups: z.array(ListGroup).optional() }),
  });
  // The whole filtered set as an xlsx file, streamed; the same flags and plant rule as the list.
  const Export = defineCall({
    method: 'GET',
    path: exportPath(decl),
    summary: `Every ${decl.noun} the list's filters match, as an xlsx file (streamed; progress on kit:<EmployeeID>).`,
    access: decl.access.read,
    response: 'file',
    payload: z.object({
      ...(decl.plantField ? { PlantID: PlantID.optional() } : {}),
      Search: Text(200).optional(),
      Filters: filtersText.optional(),
      Sort: sortable.length ? z.enum(sortable as [string, ...string[]]).optional() : z.never().optional(),
      Desc: z.boolean().optional(),
      IncludeDeleted: z.boolean().optional(),
      /** The columns, in order, comma-separated; left out, the list's default columns. */
      Columns: Text(2000).optional(),
      /** Names the export in the progress items (kit:<EmployeeID>, collection exports). */
      ExportID: z
        .string()
        .regex(/^[A-Za-z0-9-]{1,40}$/, 'must be 1 to 40 letters, digits or dashes')
        .optional(),
    }),
    result: z.never(),
  });
  const Get = defineCall({
    method: 'GET',
    path: decl.calls.get,
    summary: `One ${decl.noun}.`,
    access: decl.access.read,
    payload: keyed,
    result: z.object({ Record: record }),
  });
  const Update = defineCall({
    method: 'POST',
    path: decl.calls.update,
    summary: `Change one field of a ${decl.noun} (kept in its history).`,
    access: change,
    payload: fieldUpdate(decl.noun, decl.key, Id, editable),
    result: z.object({ Record: record }),
  });
  const History = defineCall({
    method: 'GET',
    path: decl.calls.history,
    summary: `Who changed what on a ${decl.noun}, newest first.`,
    access: decl.access.read,
    payload: z.object({
      [decl.key]: Id,
      Skip: Count().optional(),
      Take: z.number().int().min(1).max(500).optional(),
    }),
    result: z.object({
      Rows: z.array(
        z.object({
          At: Timestamp,
          EmployeeID: Id.nullable(),
          Name: z.string().nullable(),
          Field: z.string(),
          Old: z.unknown(),
          New: z.unknown(),
          Call: z.string(),
        }),
      ),
      Total: Count(),
    }),
  });
  const Create = decl.calls.create
    ? defineCall({
        method: 'POST',
        path: decl.calls.create,
        summary: `Add a ${decl.noun}.`,
        access: decl.access.create ?? change,
        payload: z.object(createShape),
        result: z.object({ Record: record }),
      })
    : undefined;
  const Delete = decl.calls.delete
    ? defineCall({
        method: 'POST',
        path: decl.calls.delete,
        summary: `Delete a ${decl.noun} (kept, marked deleted, and shown again with IncludeDeleted).`,
        access: decl.access.delete ?? change,
        payload: keyed,
        result: z.object({ Record: record }),
      })
    : undefined;
  return { List, Get, Update, History, Create, Delete, Export } satisfies Record<string, CallDef | undefined>;
}

/**
 * The live topic of a document type's records, one per plant for plant data: `docs:device:1`,
 * `docs:office`. The `docs:` prefix keeps them apart from the hand-made topics (`employee:12`).
 */
export function documentTopic(
  decl: Pick<DocumentDecl, 'type' | 'plantField'>,
  plantId?: number | null,
): string {
  return decl.plantField ? `docs:${decl.type}:${plantId ?? 0}` : `docs:${decl.type}`;
}

/** The collection a record's change item names, and its id there. */
export const DOCUMENT_COLLECTION = 'records';

/** Whether a logged-in employee with these flags passes an access rule (the pipeline's own check, for topics). */
export function passes(access: Access, flags: ReadonlySet<string>): boolean {
  if (access === 'public' || access === 'user') return true;
  if ('allOf' in access) return access.allOf.every((f) => flags.has(f));
  return access.anyOf.some((f) => flags.has(f));
}
