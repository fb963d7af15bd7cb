import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Machine } from '../domain/production-plan/entities';
import type { RateImportPreview } from '../domain/production-plan/rate-import';
import { dbAvailable, dbKind, startServer, type TestServer } from './support/server';
import { fingerprint, type Wire, wire } from './support/wire';

/** /rateimport: machine rates from an .xlsx workbook, previewed row by row, applied whole or not at all. */

type Who = { token: string; employeeId: number };
type Envelope = { Error: boolean; Message: string; ResultJSON: string };

async function workbookOf(rows: (string | number | null)[][]): Promise<Blob> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Rates');
  for (const row of rows) sheet.addRow(row);
  return new Blob([await wb.xlsx.writeBuffer()]);
}

const HEADER = [
  'Machine',
  'Rate ID',
  'Description',
  'Minutes per piece',
  'Minutes per bundle',
  'Feet per minute',
  'Setup minutes',
  'Scheduling minutes per piece',
  'Official',
];

describe.skipIf(!dbAvailable)(`rate import (${dbKind})`, () => {
  let server: TestServer;
  let api: Wire;
  let admin: Who;
  let scheduler: Who;
  let pm: Who;
  let plant2: Machine[];
  let plant1: Machine[];

  /** files/Upload, as the screen does first; answers the stored file's id. */
  const upload = async (who: Who, file: Blob, name = 'rates.xlsx') => {
    const form = new FormData();
    form.append('Token', who.token);
    form.append('files', file, name);
    const res = await fetch(`${server.url}files/Upload`, { method: 'POST', body: form });
    const envelope = (await res.json()) as Envelope;
    return (JSON.parse(envelope.ResultJSON) as [{ FileID: string }])[0].FileID;
  };
  const call = async (path: string, who: Who, plantId: number, fileId: string) => {
    const reply = await api.post(path, { PlantID: plantId, FileID: fileId }, who);
    const envelope = reply.envelope as Envelope & { Sorry?: boolean };
    return {
      envelope,
      preview:
        envelope.Error || envelope.Sorry ? null : (JSON.parse(envelope.ResultJSON) as RateImportPreview),
    };
  };
  const send = async (path: string, who: Who, plantId: number, file: Blob, name = 'rates.xlsx') =>
    call(path, who, plantId, await upload(who, file, name));
  const machines = async (plantId: number) =>
    (await api.get<Machine[]>('web/GetMachines', { PlantID: plantId }, admin)).result;

  beforeAll(async () => {
    server = await startServer();
    api = wire(server.url);
    admin = await api.login('admin');
    scheduler = await api.login('scheduler');
    pm = await api.login('pm');
    plant2 = await machines(2);
    plant1 = await machines(1);
  });
  afterAll(() => server?.close());

  it('the template is the plant’s rates in the columns the import reads', async () => {
    const res = await api.raw(`web/GetRateImportTemplate?PlantID=2&Token=${scheduler.token}`, {
      who: scheduler,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    const sheet = wb.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(HEADER);
    const rates = plant2.flatMap((m) => m.MachineRates);
    expect(sheet.rowCount - 1).toBe(rates.length);
    const first = rates[0]!;
    const row = sheet.getRow(2).values as unknown[];
    expect(row[1]).toBe(first.ResourceID);
    expect(row[2]).toBe(first.MachineRateID);
  });

  it('previews adds, changes and errors per row, and writes nothing', async () => {
    const machine = plant2.find((m) => m.MachineRates.length > 0)!;
    const rate = machine.MachineRates[0]!;
    const file = await workbookOf([
      HEADER,
      [
        machine.ResourceID,
        rate.MachineRateID,
        rate.Description,
        rate.ProductionMinutesPerPiece + 1,
        null,
        null,
        null,
        null,
        null,
      ],
      [machine.ResourceID, null, 'Imported fast rate', 0.5, 2, 0, 10, 0.6, 'No'],
      [machine.ResourceID, null, '', 'fast', -1, 0, 0, 0, 'maybe'],
      [plant1[0]!.ResourceID, null, 'Other plant', 1, 1, 1, 1, 1, 'No'],
      ['NOPE-01', null, 'Nothing', 1, 1, 1, 1, 1, 'No'],
    ]);
    const fileId = await upload(scheduler, file);
    const before = await fingerprint(server.db);
    const { preview } = await call('web/PreviewRateImport', scheduler, 2, fileId);
    expect(preview).toMatchObject({ PlantID: 2, Added: 1, Changed: 1, Unchanged: 0, Errors: 3 });
    expect(preview!.Rows[0]).toMatchObject({
      Row: 2,
      Action: 'change',
      Changes: [
        {
          Field: 'Minutes per piece',
          Old: rate.ProductionMinutesPerPiece,
          New: rate.ProductionMinutesPerPiece + 1,
        },
      ],
    });
    expect(preview!.Rows[2]!.Errors.map((e) => e.Field)).toEqual([
      'Description',
      'Minutes per piece',
      'Minutes per bundle',
      'Official',
    ]);
    expect(preview!.Rows[3]!.Errors[0]!.Message).toContain('not in plant 2');
    expect(preview!.Rows[4]!.Errors[0]!.Message).toBe('there is no machine NOPE-01.');
    expect(await fingerprint(server.db)).toBe(before);
  });

  it('refuses the whole workbook while a row has an error, naming the row, and writes nothing', async () => {
    const machine = plant2[0]!;
    const file = await workbookOf([
      HEADER,
      [machine.ResourceID, null, 'Good row', 1, 1, 1, 1, 1, 'No'],
      [machine.ResourceID, null, 'Bad row', 'x', 1, 1, 1, 1, 'No'],
    ]);
    const fileId = await upload(scheduler, file);
    const before = await fingerprint(server.db);
    const { envelope } = await call('web/ApplyRateImport', scheduler, 2, fileId);
    expect(envelope.Error).toBe(true);
    expect(envelope.Message).toContain('row 3: Minutes per piece');
    expect(await fingerprint(server.db)).toBe(before);
  });

  it('applies adds and changes in one go, makes one rate official, and tells the machines topic', async () => {
    const machine = plant2.find((m) => m.MachineRates.length > 0)!;
    const rate = machine.MachineRates[0]!;
    const machineChanges = async () =>
      (
        await server.db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM change_log WHERE topic = 'machines:2' AND doc_id = $1",
          [machine.ResourceID],
        )
      )[0]!.n;
    const changesBefore = await machineChanges();
    const file = await workbookOf([
      HEADER,
      [machine.ResourceID, rate.MachineRateID, 'Renamed by import', 3.25, null, null, null, null, 'No'],
      [machine.ResourceID, null, 'Imported official', 0.75, 4, 0, 12, 0.8, 'Yes'],
    ]);
    const { preview, envelope } = await send('web/ApplyRateImport', scheduler, 2, file);
    expect(envelope.Message).toBe('');
    expect(preview).toMatchObject({ Added: 1, Changed: 1, Errors: 0 });
    const after = (await machines(2)).find((m) => m.ResourceID === machine.ResourceID)!;
    expect(after.MachineRates.find((r) => r.MachineRateID === rate.MachineRateID)).toMatchObject({
      Description: 'Renamed by import',
      ProductionMinutesPerPiece: 3.25,
      Official: false,
    });
    const added = after.MachineRates.find((r) => r.Description === 'Imported official')!;
    expect(added).toMatchObject({ ProductionMinutesPerPiece: 0.75, SetupMinutes: 12, Official: true });
    expect(after.MachineRates.filter((r) => r.Official)).toHaveLength(1);
    // One change of the machine (with its rates) on its plant's topic: the rates screen updates live.
    expect(await machineChanges()).toBe(changesBefore + 1);
  });

  it('the same workbook again changes nothing and says so', async () => {
    const machine = plant2[0]!;
    const rate = (await machines(2)).find((m) => m.ResourceID === machine.ResourceID)!.MachineRates[0]!;
    const file = await workbookOf([
      HEADER,
      [machine.ResourceID, rate.MachineRateID, rate.Description, null, null, null, null, null, null],
    ]);
    const { preview } = await send('web/PreviewRateImport', scheduler, 2, file);
    expect(preview).toMatchObject({ Unchanged: 1, Added: 0, Changed: 0 });
    const { envelope } = await send('web/ApplyRateImport', scheduler, 2, file);
    expect(envelope).toMatchObject({
      Sorry: true,
      Message: 'Nothing to import: every row matches the current rates.',
    });
  });

  it('refuses what is not a workbook of these columns, naming the file', async () => {
    const notXlsx = await send('web/PreviewRateImport', scheduler, 2, new Blob(['a,b,c']), 'rates.csv');
    expect(notXlsx.envelope.Message).toBe(
      'FileID: rates.csv is not an .xlsx workbook (save it from Excel as .xlsx).',
    );
    const wrongColumns = await send(
      'web/PreviewRateImport',
      scheduler,
      2,
      await workbookOf([['Machine', 'Speed']]),
    );
    expect(wrongColumns.envelope.Message).toMatch(
      /^FileID: the first row of rates\.xlsx must name the columns; missing: Rate ID, Description/,
    );
  });

  it('keeps to the flag and the plant: no flag, or another plant, is refused before the file is read', async () => {
    const file = await workbookOf([HEADER]);
    const noFlag = await send('web/PreviewRateImport', pm, 1, file);
    expect(noFlag.envelope.Error).toBe(true);
    expect(noFlag.envelope.Message).toContain('edit machine rates');
    const otherPlant = await send('web/PreviewRateImport', scheduler, 1, file);
    expect(otherPlant.envelope.Error).toBe(true);
    expect(otherPlant.envelope.Message).toMatch(/plant/i);
    const template = await api.raw(`web/GetRateImportTemplate?PlantID=1&Token=${scheduler.token}`, {
      who: scheduler,
    });
    expect(template.headers.get('content-type')).toContain('json');
    expect(((await template.json()) as Envelope).Message).toMatch(/plant/i);
  });
});
