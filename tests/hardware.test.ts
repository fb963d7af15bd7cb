import { once } from 'node:events';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BayBoard, KpiBoard } from '../domain/boards/entities';
import { defaultKpiLevels, kpiMonitorStates, kpiState, paceOf } from '../domain/boards/thresholds';
import { createEmployee } from '../server/db/seed';
import { type Caller, testCalls } from './support/calls';
import { tablesFingerprint } from './support/refusals';
import { dbAvailable, dbKind, startServer, type TestServer } from './support/server';
import { type Wire, wire } from './support/wire';

/**
 * Issue 16's hardware screens on both databases: /printers (one default per plant and purpose, a real
 * ZPL test label over TCP to a listener standing in for the printer, a clear Error naming a printer that
 * cannot be reached), /plcs (the machine rule, a connection test against a listener and against a
 * closed port, recorded on the record), /thresholds (their rules, and a threshold changing the state the
 * KPI monitor and the scoreboard show), /barcodes (content per symbology, the SVG, a label printed),
 * permissions and plant scope with two plants.
 */

/** A TCP listener acting as a label printer: every connection's bytes, once the sender closed. */
async function fakePrinter(): Promise<{
  server: Server;
  port: number;
  jobs: string[];
  next(): Promise<string>;
}> {
  const jobs: string[] = [];
  const waiting: Array<(job: string) => void> = [];
  const server = createServer((socket: Socket) => {
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('end', () => {
      const job = Buffer.concat(chunks).toString('utf8');
      jobs.push(job);
      waiting.shift()?.(job);
      socket.end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as { port: number }).port;
  return {
    server,
    port,
    jobs,
    next: () => new Promise((resolve) => waiting.push(resolve)),
  };
}

/** A port nothing listens on: opened, read, closed. */
async function closedPort(): Promise<number> {
  const s = createServer();
  s.listen(0, '127.0.0.1');
  await once(s, 'listening');
  const port = (s.address() as { port: number }).port;
  s.close();
  await once(s, 'close');
  return port;
}

interface Printer {
  LabelPrinterID: number;
  Name: string;
  PlantID: number;
  Port: number;
  DefaultFor: string | null;
  Language: string;
}

describe.skipIf(!dbAvailable)(`hardware: printers, PLCs, thresholds, barcodes (${dbKind})`, () => {
  let server: TestServer;
  let api: Wire;
  let admin: Caller;
  let it6: Caller;
  let floor6: Caller;
  let nobody: Caller;
  let printer: Awaited<ReturnType<typeof fakePrinter>>;
  const fingerprint = () =>
    tablesFingerprint(server.db, [
      'label_printers',
      'plcs',
      'kpi_thresholds',
      'document_history',
      'change_log',
    ]);
  const { get, post, refused } = testCalls({ api: () => api, fingerprint, caller: () => admin });

  beforeAll(async () => {
    server = await startServer();
    api = wire(server.url);
    printer = await fakePrinter();
    await createEmployee(server.db, {
      employeeId: 9501,
      userName: 'it6hw',
      password: 'it6hw',
      firstName: 'Ines',
      lastName: 'Tech',
      title: 'IT',
      plantId: 6,
      flags: ['informationTechnology'],
    });
    await createEmployee(server.db, {
      employeeId: 9502,
      userName: 'floor6hw',
      password: 'floor6hw',
      firstName: 'Flor',
      lastName: 'Shop',
      title: 'Operator',
      plantId: 6,
      flags: ['accessManufacturing'],
    });
    await createEmployee(server.db, {
      employeeId: 9503,
      userName: 'nohw',
      password: 'nohw',
      firstName: 'No',
      lastName: 'Flags',
      title: 'Test',
      plantId: 1,
      flags: [],
    });
    admin = await api.login('admin');
    it6 = await api.login('it6hw');
    floor6 = await api.login('floor6hw');
    nobody = await api.login('nohw');
  }, 120_000);
  afterAll(async () => {
    printer?.server.close();
    await server?.close();
  });

  const addPrinter = (values: Record<string, unknown>, who: Caller = admin) =>
    post<{ Record: Printer }>('web/AddLabelPrinter', values, who).then((r) => r.Record);

  it('a printer gets port 9100 and ZPL by default; one default per plant and purpose', async () => {
    const p = await addPrinter({
      Name: 'Test dock printer',
      PlantID: 1,
      Host: '127.0.0.1',
      Port: printer.port,
    });
    expect(p).toMatchObject({ Language: 'ZPL', DefaultFor: null });
    const plain = await addPrinter({ Name: 'Plain', PlantID: 3, Host: 'printer-3.plant.local' });
    expect(plain.Port).toBe(9100);
    // The demo seed made "LV dock ZT411" the shipping default of plant 1.
    await refused(
      'web/UpdateLabelPrinter',
      { LabelPrinterID: p.LabelPrinterID, FieldName: 'DefaultFor', Value: 'shipping' },
      admin,
      /DefaultFor: "LV dock ZT411" is already the default printer for shipping labels in .*; clear it there first/,
    );
    await refused(
      'web/AddLabelPrinter',
      { Name: 'x', PlantID: 1, Host: '10.0.0.9', DefaultFor: 'receiving' },
      admin,
      /already the default printer for receiving labels/,
    );
    // Another plant's shipping default is no conflict; the same printer may keep its own purpose.
    const other = await post<{ Record: Printer }>('web/UpdateLabelPrinter', {
      LabelPrinterID: plain.LabelPrinterID,
      FieldName: 'DefaultFor',
      Value: 'shipping',
    });
    expect(other.Record.DefaultFor).toBe('shipping');
    await refused(
      'web/UpdateLabelPrinter',
      { LabelPrinterID: p.LabelPrinterID, FieldName: 'Host', Value: '10.0.0.1; rm -rf' },
      admin,
      /host name or an IP address/,
    );
    await refused(
      'web/UpdateLabelPrinter',
      { LabelPrinterID: p.LabelPrinterID, FieldName: 'Port', Value: 70000 },
      admin,
      /Port/,
    );
  });

  it('prints a ZPL test label to the printer over TCP', async () => {
    const [p] = (await get<{ Rows: Printer[] }>('web/GetLabelPrinters', { Search: 'Test dock printer' }))
      .Rows;
    const received = printer.next();
    const answer = await post<{ Ok: boolean; Message: string }>('web/PrintTestLabel', {
      LabelPrinterID: p!.LabelPrinterID,
    });
    expect(answer).toMatchObject({ Ok: true, Message: expect.stringContaining('Test dock printer') });
    const zpl = await received;
    expect(zpl.startsWith('^XA')).toBe(true);
    expect(zpl.trimEnd().endsWith('^XZ')).toBe(true);
    expect(zpl).toContain('^FDTest dock printer^FS');
    expect(zpl).toContain(`127.0.0.1:${printer.port}`);
    expect(zpl).toContain('^PW812'); // 4 in at 203 dpi
  });

  it('a printer that cannot be reached, or is out of service, is an Error naming it', async () => {
    const port = await closedPort();
    const p = await addPrinter({ Name: 'Unplugged ZT230', PlantID: 1, Host: '127.0.0.1', Port: port });
    await refused(
      'web/PrintTestLabel',
      { LabelPrinterID: p.LabelPrinterID },
      admin,
      new RegExp(
        `Printer "Unplugged ZT230" \\(127\\.0\\.0\\.1:${port}\\) cannot be reached: the connection was refused`,
      ),
    );
    await post('web/UpdateLabelPrinter', {
      LabelPrinterID: p.LabelPrinterID,
      FieldName: 'InService',
      Value: false,
    });
    await refused(
      'web/PrintTestLabel',
      { LabelPrinterID: p.LabelPrinterID },
      admin,
      /"Unplugged ZT230" is out of service/,
    );
    await refused(
      'web/PrintTestLabel',
      { LabelPrinterID: 999999 },
      admin,
      /there is no label printer 999999/,
    );
  });

  it('needs an IT or administrator flag; a plant-bound user stays in their plant', async () => {
    expect((await api.get('web/GetLabelPrinters', {}, nobody)).status).toBe(403);
    expect((await api.get('web/GetPlcs', {}, floor6)).status).toBe(403);
    expect((await api.get('web/GetKpiThresholds', {}, it6)).status).toBe(403);
    const own = await get<{ Rows: Printer[] }>('web/GetLabelPrinters', {}, it6);
    expect(own.Rows.length).toBeGreaterThan(0);
    expect(own.Rows.every((r) => r.PlantID === 6)).toBe(true);
    const [lv] = (await get<{ Rows: Printer[] }>('web/GetLabelPrinters', { Search: 'Test dock printer' }))
      .Rows;
    await refused('web/PrintTestLabel', { LabelPrinterID: lv!.LabelPrinterID }, it6, /plant 1/, 403);
    await refused(
      'web/AddPlc',
      { Name: 'x', PlantID: 1, Address: '10.0.0.1', Protocol: 'opcUa' },
      it6,
      /plant 1/,
      403,
    );
  });

  it('a PLC names a machine of its plant; the connection test records last seen or the error', async () => {
    await refused(
      'web/AddPlc',
      { Name: 'Wrong', PlantID: 1, ResourceID: 'IDF-RF01', Address: '127.0.0.1', Protocol: 'modbusTcp' },
      admin,
      /ResourceID: machine IDF-RF01 is in plant 2, not in plant 1/,
    );
    await refused(
      'web/AddPlc',
      { Name: 'Ghost', PlantID: 1, ResourceID: 'NOPE-1', Address: '127.0.0.1', Protocol: 'modbusTcp' },
      admin,
      /there is no machine NOPE-1/,
    );
    const { Record: plc } = await post<{
      Record: { PlcID: number; LastSeen: string | null; PollSeconds: number };
    }>('web/AddPlc', {
      Name: 'Saw PLC',
      PlantID: 1,
      ResourceID: 'LV-CUT01',
      Address: '127.0.0.1',
      Port: printer.port,
      Protocol: 'modbusTcp',
    });
    expect(plc).toMatchObject({ LastSeen: null, PollSeconds: 5 });
    const ok = await post<{ Ok: boolean; Message: string }>('web/TestPlcConnection', { PlcID: plc.PlcID });
    expect(ok).toMatchObject({ Ok: true, Message: expect.stringMatching(/"Saw PLC" .* answered/) });
    const seen = await get<{ Record: { LastSeen: string; LastError: string | null } }>('web/GetPlc', {
      PlcID: plc.PlcID,
    });
    expect(Date.now() - Date.parse(seen.Record.LastSeen)).toBeLessThan(60_000);
    expect(seen.Record.LastError).toBeNull();

    const port = await closedPort();
    await post('web/UpdatePlc', { PlcID: plc.PlcID, FieldName: 'Port', Value: port });
    const down = await post<{ Ok: boolean; Message: string }>('web/TestPlcConnection', { PlcID: plc.PlcID });
    expect(down.Ok).toBe(false);
    expect(down.Message).toMatch(
      /"Saw PLC" \(127\.0\.0\.1:\d+\) cannot be reached: the connection was refused/,
    );
    const after = await get<{ Record: { LastSeen: string; LastError: string } }>('web/GetPlc', {
      PlcID: plc.PlcID,
    });
    expect(after.Record.LastError).toMatch(/connection was refused/);
    expect(after.Record.LastSeen).toBe(seen.Record.LastSeen);
    // The outcome is published live on the plant's topic.
    const topic = await get<{ documents: Array<{ id: string; doc: { LastError: string | null } | null }> }>(
      'sync/Pull',
      { Topic: 'docs:plc:1', Since: 0, Limit: 1000 },
    );
    const last = topic.documents.filter((d) => d.id === `plc:${plc.PlcID}`).at(-1);
    expect(last?.doc?.LastError).toMatch(/refused/);
  });

  it('threshold rules: levels in order for the direction, machines only for machine figures, one per plant', async () => {
    await refused(
      'web/AddKpiThreshold',
      { PlantID: 1, Metric: 'scrapPercent', Direction: 'above', WarningLevel: 5, AlarmLevel: 2 },
      admin,
      /alarm level \(2\) cannot be below the warning level \(5\)/,
    );
    await refused(
      'web/AddKpiThreshold',
      { PlantID: 1, Metric: 'scrapPercent', Direction: 'above' },
      admin,
      /set a warning level, an alarm level or both/,
    );
    await refused(
      'web/AddKpiThreshold',
      { PlantID: 1, Metric: 'idlePeople', ResourceID: 'LV-CUT01', Direction: 'above', AlarmLevel: 2 },
      admin,
      /Idle people is a plant figure/,
    );
    // The demo seed set plant 1's downtime levels.
    await refused(
      'web/AddKpiThreshold',
      { PlantID: 1, Metric: 'downtimeMinutes', Direction: 'above', AlarmLevel: 10 },
      admin,
      /already has a threshold for Downtime \(minutes\)/,
    );
  });

  it('a threshold changes the state the KPI monitor and the scoreboard show', async () => {
    const before = await get<KpiBoard>('boards/GetKpiBoard', { PlantID: 1 });
    const v = before.ScrapPercent;
    const was = kpiMonitorStates(before, before.TargetPieces).scrapPercent;
    expect(was).toBe(kpiState(v, defaultKpiLevels.scrapPercent));
    // A plant that calls anything above (v - 1) % an alarm: the monitor now shows its scrap as an alarm.
    const { Record } = await post<{ Record: { ThresholdID: number } }>('web/AddKpiThreshold', {
      PlantID: 1,
      Metric: 'scrapPercent',
      Direction: 'above',
      WarningLevel: v - 2,
      AlarmLevel: v - 1,
    });
    const after = await get<KpiBoard>('boards/GetKpiBoard', { PlantID: 1 });
    expect(after.Thresholds?.scrapPercent).toEqual({ Warning: v - 2, Alarm: v - 1, Direction: 'above' });
    expect(kpiMonitorStates(after, after.TargetPieces).scrapPercent).toBe('alarm');
    if (v <= 3) expect(was).toBe('good');
    // Plant 2's monitor keeps the defaults.
    const plant2 = await get<KpiBoard>('boards/GetKpiBoard', { PlantID: 2 });
    expect(plant2.Thresholds?.scrapPercent).toEqual(defaultKpiLevels.scrapPercent);
    await post('web/DeleteKpiThreshold', { ThresholdID: Record.ThresholdID });
    const gone = await get<KpiBoard>('boards/GetKpiBoard', { PlantID: 1 });
    expect(gone.Thresholds?.scrapPercent).toEqual(defaultKpiLevels.scrapPercent);

    // A machine's attainment level: 95 of 100 pieces is amber by default, green when 90 % is enough.
    await post('web/AddKpiThreshold', {
      PlantID: 1,
      Metric: 'attainment',
      ResourceID: 'LV-RF01',
      Direction: 'below',
      WarningLevel: 90,
      AlarmLevel: 80,
    });
    const bay = await get<BayBoard>('boards/GetBayBoard', { BayNumber: 1 });
    const rf01 = bay.Rows.find((r) => r.ResourceID === 'LV-RF01')!;
    const rf02 = bay.Rows.find((r) => r.ResourceID === 'LV-RF02')!;
    expect(paceOf(95, 100, rf01.Thresholds!.attainment)).toBe('ahead');
    expect(paceOf(95, 100, rf02.Thresholds!.attainment)).toBe('close');
    // The change reached the bay's live topic in its own transaction.
    const topic = await get<{ documents: unknown[] }>('sync/Pull', {
      Topic: 'bay:1',
      Since: 0,
      Limit: 1000,
    });
    expect(JSON.stringify(topic.documents.at(-1))).toContain(
      '"attainment":{"Alarm":80,"Warning":90,"Direction":"below"}',
    );
  });

  it('barcodes: content checked per symbology, drawn as SVG, printed as ZPL on a plant printer', async () => {
    const svg = await get<{ Format: string; Data: string }>(
      'web/RenderBarcode',
      { Symbology: 'code128', Text: 'TAG-000123' },
      floor6,
    );
    expect(svg.Format).toBe('svg');
    expect(svg.Data).toMatch(/^<svg /);
    const png = await get<{ Data: string }>(
      'web/RenderBarcode',
      { Symbology: 'qrcode', Text: 'https://x', Format: 'png' },
      floor6,
    );
    expect(Buffer.from(png.Data, 'base64').subarray(1, 4).toString()).toBe('PNG');
    const bad = await api.get('web/RenderBarcode', { Symbology: 'code39', Text: 'lower case' }, floor6);
    expect(bad.envelope.Error).toBe(true);
    expect(bad.envelope.Message).toMatch(/Code 39 cannot encode 'l'/);
    const bad128 = await api.get('web/RenderBarcode', { Symbology: 'code128', Text: 'Año' }, floor6);
    expect(bad128.envelope.Message).toMatch(/Code 128 cannot encode 'ñ'/);

    // Plant 6's printer stands in for the listener; the operator of plant 6 prints on it.
    const p6 = await addPrinter(
      { Name: 'DY test printer', PlantID: 6, Host: '127.0.0.1', Port: printer.port },
      it6,
    );
    const list = await get<Array<{ LabelPrinterID: number; Name: string }>>(
      'web/GetBarcodePrinters',
      {},
      floor6,
    );
    expect(list.map((p) => p.Name)).toContain('DY test printer');
    expect(list.map((p) => p.Name)).not.toContain('Test dock printer');
    const received = printer.next();
    const printed = await post<{ Message: string }>(
      'web/PrintBarcode',
      { LabelPrinterID: p6.LabelPrinterID, Symbology: 'code39', Text: 'PO-7781', Copies: 2 },
      floor6,
    );
    expect(printed.Message).toBe('2 labels sent to DY test printer.');
    const zpl = await received;
    expect(zpl).toContain('^B3N');
    expect(zpl).toContain('^FDPO-7781^FS');
    expect(zpl).toContain('^PQ2');
    // Another plant's printer is refused to the plant-6 operator.
    const [lv] = (await get<{ Rows: Printer[] }>('web/GetLabelPrinters', { Search: 'Test dock printer' }))
      .Rows;
    await refused(
      'web/PrintBarcode',
      { LabelPrinterID: lv!.LabelPrinterID, Symbology: 'code128', Text: 'X' },
      floor6,
      /plant 1/,
      403,
    );
    // A caret in the content cannot end the ZPL field or start a command.
    const caret = printer.next();
    await post(
      'web/PrintBarcode',
      { LabelPrinterID: p6.LabelPrinterID, Symbology: 'qrcode', Text: 'A^XZ~B' },
      floor6,
    );
    expect(await caret).toContain('QA,A\\5EXZ\\7EB^FS');
  });
});
