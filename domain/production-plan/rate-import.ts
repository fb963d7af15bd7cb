import { z } from 'zod';
import { defineCall } from '../contract/call';
import { PlantID } from '../contract/fields';
import type { MachineRate } from './entities';

/**
 * /rateimport (beyond the spec, which names only the route): machine rates from an .xlsx workbook.
 * The workbook is the one GetRateImportTemplate gives (the plant's current rates), edited in Excel.
 * A row with a Rate ID changes that rate; a row without one adds a rate to its machine. Nothing is
 * written until the whole workbook is free of errors: the preview shows, row by row, what would be
 * added, what would change (old → new) and what is wrong, and Apply checks it all again inside its
 * transaction.
 */

/** The columns of the workbook, in order: the header text and the rate field each one fills. */
export const rateImportColumns = [
  { header: 'Machine', field: 'ResourceID' },
  { header: 'Rate ID', field: 'MachineRateID' },
  { header: 'Description', field: 'Description' },
  { header: 'Minutes per piece', field: 'ProductionMinutesPerPiece' },
  { header: 'Minutes per bundle', field: 'ProductionMinutesPerBundle' },
  { header: 'Feet per minute', field: 'ProductionFeetPerMinute' },
  { header: 'Setup minutes', field: 'SetupMinutes' },
  { header: 'Scheduling minutes per piece', field: 'SchedulingMinutesPerPiece' },
  { header: 'Official', field: 'Official' },
] as const;

export type RateImportField = (typeof rateImportColumns)[number]['field'];
type NumberField = Exclude<RateImportField, 'ResourceID' | 'MachineRateID' | 'Description' | 'Official'>;
const numberFields: NumberField[] = [
  'ProductionMinutesPerPiece',
  'ProductionMinutesPerBundle',
  'ProductionFeetPerMinute',
  'SetupMinutes',
  'SchedulingMinutesPerPiece',
];

/** The most rows one workbook may hold: a plant has tens of machines, each a few rates. */
export const RATE_IMPORT_MAX_ROWS = 5000;
/** The same bounds as UpdateMachineRate's fields. */
const MAX_MINUTES = 100_000;
const MAX_DESCRIPTION = 100;

/** A cell as read from the workbook: text, a number, a yes/no, or nothing. */
export type RawCell = string | number | boolean | null;
/** A data row of the workbook: its row number in the sheet and its cells by field. */
export interface RawRow {
  row: number;
  cells: Partial<Record<RateImportField, RawCell>>;
}

export const RateImportError = z.object({ Field: z.string(), Message: z.string() });
export const RateImportChange = z.object({
  Field: z.string(),
  Old: z.union([z.string(), z.number(), z.boolean()]).nullable(),
  New: z.union([z.string(), z.number(), z.boolean()]),
});
export const RateImportRow = z.object({
  Row: z.number().int(),
  ResourceID: z.string(),
  MachineRateID: z.number().int().nullable(),
  Description: z.string(),
  Action: z.enum(['add', 'change', 'unchanged', 'error']),
  Changes: z.array(RateImportChange),
  Errors: z.array(RateImportError),
});
export type RateImportRow = z.infer<typeof RateImportRow>;

export const RateImportPreview = z.object({
  PlantID: z.number().int(),
  Rows: z.array(RateImportRow),
  Added: z.number().int(),
  Changed: z.number().int(),
  Unchanged: z.number().int(),
  Errors: z.number().int(),
});
export type RateImportPreview = z.infer<typeof RateImportPreview>;

/** What one valid row writes: a new rate of a machine, or the changed fields of a rate. */
export type RateWrite =
  | { kind: 'add'; row: number; resourceId: string; values: RateValues }
  | { kind: 'change'; row: number; rateId: number; resourceId: string; values: Partial<RateValues> };
export type RateValues = Pick<MachineRate, Exclude<RateImportField, 'ResourceID' | 'MachineRateID'>>;

/** What the plan needs to know of the plant: its machines and their rates that are not deleted. */
export interface PlantRates {
  plantId: number;
  /** Every machine by ResourceID, whatever its plant (a row naming another plant's machine is wrong). */
  machines: ReadonlyMap<string, { plantId: number; rates: readonly MachineRate[] }>;
}

const text = (cell: RawCell | undefined): string =>
  cell === null || cell === undefined ? '' : String(cell).trim();

const YES = new Set(['yes', 'y', 'true', '1', 'x', 'sí', 'si']);
const NO = new Set(['no', 'n', 'false', '0', '']);

/**
 * Reads the workbook's rows against the plant's current rates: each row's action, its changes and its
 * errors (every error of a row, each naming its column), and the writes Apply would make. Pure, so the
 * preview and Apply are one rule, tested without a database.
 */
export function planRateImport(rows: readonly RawRow[], plant: PlantRates) {
  const out: RateImportRow[] = [];
  const writes: RateWrite[] = [];
  const seenRateIds = new Map<number, number>();
  const officialRow = new Map<string, number>();

  for (const { row, cells } of rows) {
    const errors: { Field: string; Message: string }[] = [];
    const fail = (field: RateImportField, message: string) =>
      errors.push({ Field: rateImportColumns.find((c) => c.field === field)!.header, Message: message });

    const resourceId = text(cells.ResourceID).toUpperCase();
    const machine = resourceId ? plant.machines.get(resourceId) : undefined;
    if (!resourceId) fail('ResourceID', 'is empty: name the machine (its resource ID).');
    else if (!machine) fail('ResourceID', `there is no machine ${resourceId}.`);
    else if (machine.plantId !== plant.plantId)
      fail(
        'ResourceID',
        `machine ${resourceId} is in plant ${machine.plantId}, not in plant ${plant.plantId}.`,
      );

    let rate: MachineRate | null = null;
    const idText = text(cells.MachineRateID);
    let rateId: number | null = null;
    if (idText) {
      rateId = Number(idText);
      if (!Number.isInteger(rateId) || rateId <= 0) {
        fail('MachineRateID', `"${idText}" is not a rate ID: leave it empty to add a rate.`);
        rateId = null;
      } else if (machine) {
        rate = machine.rates.find((r) => r.MachineRateID === rateId) ?? null;
        if (!rate)
          fail('MachineRateID', `machine ${resourceId} has no rate ${rateId} (it may have been deleted).`);
        const earlier = seenRateIds.get(rateId);
        if (earlier !== undefined) fail('MachineRateID', `rate ${rateId} is also on row ${earlier}.`);
        else seenRateIds.set(rateId, row);
      }
    }

    const values: Partial<RateValues> = {};
    const description = text(cells.Description);
    // A new rate named like one the machine has is that rate again (a workbook applied twice, a
    // Rate ID left out): adding it would make a twin.
    const twin =
      !idText && machine && description
        ? machine.rates.find((r) => r.Description.toLowerCase() === description.toLowerCase())
        : undefined;
    if (twin)
      fail(
        'Description',
        `machine ${resourceId} already has a rate "${twin.Description}" (rate ${twin.MachineRateID}): give its Rate ID to change it, or another description to add one.`,
      );
    if (!description && !rate) fail('Description', 'is empty: a new rate needs a description.');
    else if (description.length > MAX_DESCRIPTION)
      fail('Description', `is ${description.length} characters long; at most ${MAX_DESCRIPTION}.`);
    else if (description) values.Description = description;

    for (const field of numberFields) {
      const cell = cells[field];
      const raw = text(cell);
      if (raw === '') {
        if (!rate) values[field] = 0;
        continue;
      }
      const value = typeof cell === 'number' ? cell : Number(raw.replace(',', '.'));
      if (!Number.isFinite(value)) fail(field, `"${raw}" is not a number.`);
      else if (value < 0 || value > MAX_MINUTES) fail(field, `${value} is outside 0 to ${MAX_MINUTES}.`);
      else values[field] = value;
    }

    const officialRaw = text(cells.Official).toLowerCase();
    if (YES.has(officialRaw)) values.Official = true;
    else if (NO.has(officialRaw)) {
      if (officialRaw !== '' || !rate) values.Official = false;
    } else fail('Official', `"${text(cells.Official)}" is not yes or no.`);
    if (values.Official && resourceId) {
      const earlier = officialRow.get(resourceId);
      if (earlier !== undefined)
        fail(
          'Official',
          `row ${earlier} already makes another rate of ${resourceId} official: only one may be.`,
        );
      else officialRow.set(resourceId, row);
    }

    const changes: {
      Field: string;
      Old: string | number | boolean | null;
      New: string | number | boolean;
    }[] = [];
    for (const column of rateImportColumns) {
      const field = column.field;
      if (field === 'ResourceID' || field === 'MachineRateID') continue;
      const next = values[field];
      if (next === undefined) continue;
      const old = rate ? rate[field] : null;
      if (rate && old === next) {
        delete values[field];
        continue;
      }
      changes.push({ Field: column.header, Old: old, New: next });
    }

    const action: RateImportRow['Action'] = errors.length
      ? 'error'
      : !rate
        ? 'add'
        : changes.length
          ? 'change'
          : 'unchanged';
    out.push({
      Row: row,
      ResourceID: resourceId,
      MachineRateID: rateId,
      Description: description || rate?.Description || '',
      Action: action,
      Changes: action === 'error' ? [] : changes,
      Errors: errors,
    });
    if (action === 'add') writes.push({ kind: 'add', row, resourceId, values: values as RateValues });
    if (action === 'change')
      writes.push({ kind: 'change', row, rateId: rate!.MachineRateID, resourceId, values });
  }

  const count = (a: RateImportRow['Action']) => out.filter((r) => r.Action === a).length;
  const preview: RateImportPreview = {
    PlantID: plant.plantId,
    Rows: out,
    Added: count('add'),
    Changed: count('change'),
    Unchanged: count('unchanged'),
    Errors: count('error'),
  };
  return { preview, writes };
}

const importAccess = { allOf: ['editMachineRates'] } as const;
const importPayload = z.object({ PlantID });
/** The workbook travels as a file uploaded first with files/Upload (spec 000 §7.1's upload transport). */
const filePayload = z.object({ PlantID, FileID: z.uuid() });

/** Beyond the spec: the plant's current rates as the workbook /rateimport reads (the starting point). */
export const GetRateImportTemplate = defineCall({
  method: 'GET',
  path: 'web/GetRateImportTemplate',
  summary: "A plant's machine rates as an .xlsx workbook in the columns /rateimport reads.",
  access: importAccess,
  response: 'file',
  payload: importPayload,
  result: z.never(),
});

/** Beyond the spec: what an uploaded workbook would do, row by row; writes nothing. */
export const PreviewRateImport = defineCall({
  method: 'POST',
  path: 'web/PreviewRateImport',
  summary:
    'Read a rates workbook (uploaded with files/Upload) against the plant: per row add / change / unchanged / errors. Writes nothing.',
  access: importAccess,
  payload: filePayload,
  result: RateImportPreview,
});

/** Beyond the spec: applies an uploaded workbook, all of it or nothing. */
export const ApplyRateImport = defineCall({
  method: 'POST',
  path: 'web/ApplyRateImport',
  summary:
    'Apply a rates workbook (uploaded with files/Upload): every row in one transaction, refused whole while any row has an error.',
  access: importAccess,
  payload: filePayload,
  result: RateImportPreview,
});
