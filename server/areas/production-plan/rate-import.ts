import ExcelJS from 'exceljs';
import type { PendingChange } from '../../../domain/live/changes';
import { topicOf } from '../../../domain/live/topics';
import type { Machine } from '../../../domain/production-plan/entities';
import { MACHINES } from '../../../domain/production-plan/live';
import {
  ApplyRateImport,
  GetRateImportTemplate,
  PreviewRateImport,
  planRateImport,
  RATE_IMPORT_MAX_ROWS,
  type RateImportField,
  type RawCell,
  type RawRow,
  rateImportColumns,
} from '../../../domain/production-plan/rate-import';
import type { Sql } from '../../db/database';
import { invalid, sorry } from '../../rpc/errors';
import type { AuthUser, CallRegistry } from '../../rpc/registry';
import { readUploadedFile } from '../platform/files.service';
import * as repo from './machines.repository';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A cell's value as text, number, yes/no or nothing, whatever Excel stored (formula results included). */
function cellValue(value: ExcelJS.CellValue): RawCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('result' in value) return cellValue((value as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String((value as ExcelJS.CellHyperlinkValue).text);
    if ('error' in value) return String((value as ExcelJS.CellErrorValue).error);
  }
  return String(value);
}

/**
 * The data rows of the uploaded workbook's first sheet, read by the header row's column names (so a
 * column moved or added in Excel is still found). Refuses, naming the file, what is not a workbook of
 * these columns.
 */
export async function readRatesWorkbook(db: Sql, user: AuthUser, fileId: string): Promise<RawRow[]> {
  const file = await readUploadedFile(db, user, fileId);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(file.bytes as unknown as ArrayBuffer);
  } catch {
    throw invalid(`FileID: ${file.fileName} is not an .xlsx workbook (save it from Excel as .xlsx).`);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw invalid(`FileID: ${file.fileName} has no sheet.`);
  const byColumn = new Map<number, RateImportField>();
  sheet.getRow(1).eachCell((cell, column) => {
    const header = String(cellValue(cell.value) ?? '')
      .trim()
      .toLowerCase();
    const known = rateImportColumns.find((c) => c.header.toLowerCase() === header);
    if (known) byColumn.set(column, known.field);
  });
  const found = new Set(byColumn.values());
  const missing = rateImportColumns.filter((c) => !found.has(c.field)).map((c) => c.header);
  if (missing.length)
    throw invalid(
      `FileID: the first row of ${file.fileName} must name the columns; missing: ${missing.join(', ')}. Start from the workbook Download gives.`,
    );
  const rows: RawRow[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const cells: RawRow['cells'] = {};
    let any = false;
    for (const [column, field] of byColumn) {
      const value = cellValue(row.getCell(column).value);
      cells[field] = value;
      if (value !== null && String(value).trim() !== '') any = true;
    }
    if (any) rows.push({ row: number, cells });
  });
  if (rows.length > RATE_IMPORT_MAX_ROWS)
    throw invalid(`FileID: ${rows.length} rows; one workbook may hold at most ${RATE_IMPORT_MAX_ROWS}.`);
  return rows;
}

async function plantRates(db: Sql, plantId: number) {
  if (!(await repo.plantExists(db, plantId))) throw sorry(`Plant ${plantId} was not found.`);
  const all = await repo.listMachines(db, null);
  return {
    plantId,
    machines: new Map(all.map((m) => [m.ResourceID, { plantId: m.PlantID, rates: m.MachineRates }])),
  };
}

const machineChange = (m: Machine): PendingChange => ({
  topic: topicOf.machines(m.PlantID),
  collection: MACHINES,
  id: m.ResourceID,
  doc: m as unknown as Record<string, unknown>,
});

/** The plant's rates in the workbook's columns, one sheet, machine by machine. */
async function templateWorkbook(db: Sql, plantId: number): Promise<Buffer> {
  const machines = await repo.listMachines(db, plantId);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Rates');
  sheet.columns = rateImportColumns.map((c) => ({
    header: c.header,
    key: c.field,
    width: Math.max(12, c.header.length + 2),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const machine of machines) {
    for (const rate of machine.MachineRates) {
      sheet.addRow({ ...rate, ResourceID: machine.ResourceID, Official: rate.Official ? 'Yes' : 'No' });
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * /rateimport's calls. The plant rule is PlantID (plant-scope.ts); every row's machine must be in that
 * plant, so a workbook cannot reach another plant's machines through its rows.
 */
export function registerRateImportCalls(registry: CallRegistry): void {
  registry.handle(GetRateImportTemplate, async ({ db, payload }) => {
    if (!(await repo.plantExists(db, payload.PlantID)))
      throw sorry(`Plant ${payload.PlantID} was not found.`);
    return {
      bytes: await templateWorkbook(db, payload.PlantID),
      fileName: `machine-rates-plant-${payload.PlantID}.xlsx`,
      contentType: XLSX,
    };
  });

  registry.handle(PreviewRateImport, async ({ db, payload, user }) => {
    const rows = await readRatesWorkbook(db, user!, payload.FileID);
    return planRateImport(rows, await plantRates(db, payload.PlantID)).preview;
  });

  registry.handle(ApplyRateImport, async ({ db, payload, user, publish }) => {
    const rows = await readRatesWorkbook(db, user!, payload.FileID);
    // Read again inside the transaction: what the preview showed may have changed since.
    const { preview, writes } = planRateImport(rows, await plantRates(db, payload.PlantID));
    if (preview.Errors > 0) {
      const first = preview.Rows.find((r) => r.Action === 'error')!;
      throw invalid(
        `FileID: ${preview.Errors} row(s) have errors, so nothing was written; row ${first.Row}: ${first.Errors[0]!.Field} ${first.Errors[0]!.Message}`,
      );
    }
    if (writes.length === 0) throw sorry('Nothing to import: every row matches the current rates.');
    const touched = new Set<string>();
    for (const write of writes) {
      let rateId: number;
      if (write.kind === 'add') {
        rateId = (await repo.insertRate(db, write.resourceId, write.values.Description)).MachineRateID;
      } else rateId = write.rateId;
      for (const [field, value] of Object.entries(write.values)) {
        if (write.kind === 'add' && field === 'Description') continue;
        await repo.updateRateField(db, rateId, field as keyof typeof repo.rateColumns, value);
      }
      if (write.values.Official === true) await repo.clearOtherOfficial(db, write.resourceId, rateId);
      touched.add(write.resourceId);
    }
    for (const resourceId of touched) publish(machineChange((await repo.findMachine(db, resourceId))!));
    return preview;
  });
}
