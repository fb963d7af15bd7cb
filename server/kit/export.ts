import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { type DocumentDecl, inputOf } from '../../domain/kit/document';
import { EXPORTS_COLLECTION, type ExportProgress, kitTopic } from '../../domain/kit/views';
import type { Database } from '../db/database';
import type { Backplane } from '../feed/backplane';
import { appendChanges } from '../feed/feed.service';
import type { CallRegistry } from '../rpc/registry';
import type { DocRecord } from './document.repository';

/**
 * The kit's xlsx export (issue 16 item 5): the whole filtered set, in the list's order, written row by
 * row with exceljs's streaming writer into the response, so the server holds one batch of rows and
 * the zip's window, never the set. Dates are Excel dates, numbers numbers, yes/no and choices text.
 *
 * Today it is a streamed download; on the job queue (server/kit/jobs.ts) the same `writeXlsx` would
 * write into a stored file instead of the response, the job's row keeping the progress and the
 * finished file's id (the keyset scan resumes a retried job where it stopped).
 */

export interface ExportColumn {
  field: string;
  header: string;
  kind: 'text' | 'number' | 'date' | 'boolean';
}

/** How often, at most, the progress is published while rows are written. */
export const EXPORT_PROGRESS_MS = 300;

/** The columns of an export: the asked ones in their order (an Error names one that is not a field). */
export function exportColumns(decl: DocumentDecl, asked: string | undefined): ExportColumn[] {
  const names = asked
    ? asked
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean)
    : [...decl.list.columns];
  return names.map((field) => {
    const f = Object.hasOwn(decl.fields, field) ? decl.fields[field] : undefined;
    if (!f) throw new ColumnError(field);
    const input = inputOf(f);
    const kind =
      field === decl.plantField
        ? 'number'
        : input === 'number'
          ? 'number'
          : input === 'date'
            ? 'date'
            : input === 'boolean'
              ? 'boolean'
              : 'text';
    return { field, header: f.label, kind };
  });
}

export class ColumnError extends Error {
  constructor(readonly field: string) {
    super(`Columns: there is no field '${field.slice(0, 60)}'`);
  }
}

function cell(value: unknown, kind: ExportColumn['kind']): unknown {
  if (value === null || value === undefined) return null;
  if (kind === 'date' && typeof value === 'string') {
    // A calendar date (YYYY-MM-DD): midnight UTC is the same day in Excel, which has no zones.
    const [y, m, d] = value.split('-').map(Number);
    return new Date(Date.UTC(y!, m! - 1, d!));
  }
  if (kind === 'number') return Number(value);
  if (kind === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

/**
 * Writes the rows of `batches` as one worksheet into `out`, waiting for `out` to drain between batches
 * (a slow reader slows the scan instead of filling memory). `onRows` hears the count after each batch.
 */
export async function writeXlsx(
  out: Writable,
  sheetName: string,
  columns: ExportColumn[],
  batches: AsyncIterable<DocRecord[]>,
  onRows: (rows: number) => Promise<void> | void = () => {},
): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({
    header: c.header,
    key: c.field,
    width: c.kind === 'date' ? 12 : c.kind === 'number' ? 10 : 24,
    style: c.kind === 'date' ? { numFmt: 'yyyy-mm-dd' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  let written = 0;
  for await (const rows of batches) {
    for (const row of rows) {
      sheet.addRow(columns.map((c) => cell(row[c.field], c.kind))).commit();
    }
    written += rows.length;
    await onRows(written);
    if (out.writableNeedDrain) await new Promise<void>((resolve) => out.once('drain', resolve));
  }
  sheet.commit();
  await workbook.commit();
  return written;
}

/** Where export progress goes: the database's change log and the backplane, set by buildApp. */
const live = new WeakMap<CallRegistry, { db: Database; backplane: Backplane }>();

/** Lets a registry's exports publish their progress (server/app.ts, once the feed runs). */
export function setKitLive(registry: CallRegistry, db: Database, backplane: Backplane): void {
  live.set(registry, { db, backplane });
}

/**
 * A progress reporter for one export: publishes `{ExportID, Rows, Total, Done}` on the user's own
 * topic at most every EXPORT_PROGRESS_MS, and always the last count. Nothing without an ExportID or
 * before buildApp set the backplane (a test registry).
 */
export function exportProgress(
  registry: CallRegistry,
  employeeId: number,
  exportId: string | undefined,
  total: number,
): (rows: number, done?: boolean) => Promise<void> {
  const target = live.get(registry);
  if (!exportId || !target) return async () => {};
  let last = 0;
  return async (rows, done = false) => {
    const now = Date.now();
    if (!done && now - last < EXPORT_PROGRESS_MS) return;
    last = now;
    const doc: ExportProgress = { ExportID: exportId, Rows: rows, Total: total, Done: done };
    const changes = await target.db.transaction((tx) =>
      appendChanges(
        tx,
        [
          {
            topic: kitTopic(employeeId),
            collection: EXPORTS_COLLECTION,
            id: `export:${exportId}`,
            doc: { ...doc },
          },
        ],
        null,
      ),
    );
    await target.backplane.publish({ kind: 'changes', changes });
  };
}

/** A stream for the response that the writer fills; the writer's failure ends the download short. */
export function exportStream(run: (out: PassThrough) => Promise<void>, onError: (e: unknown) => void) {
  const out = new PassThrough();
  run(out).then(
    () => {
      if (!out.writableEnded) out.end();
    },
    (error) => {
      onError(error);
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    },
  );
  return out;
}
