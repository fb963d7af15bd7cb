import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee, portraitBmp } from '../server/db/seed';
import { type Caller, testCalls } from './support/calls';
import { tablesFingerprint } from './support/refusals';
import { dbAvailable, dbKind, startServer, type TestServer } from './support/server';
import { type Wire, wire } from './support/wire';

/**
 * /employees, /supervisors, /offices and the pickers (issue 16): who may grant which flag (refused by
 * name, nothing written), the history of flag changes, plant scope with two plants, reporting lines
 * without loops, the photo, and pickers answering only what the user may see.
 */
interface EmployeeRecord {
  EmployeeID: number;
  PlantID: number;
  SupervisorID: number | null;
  PhotoFileID: string | null;
  [field: string]: unknown;
}
type History = {
  Rows: Array<{ Field: string; Old: unknown; New: unknown; Name: string; Call: string }>;
  Total: number;
};
type Option = { ID: number | string; Label: string; Detail?: string | null; PhotoExists?: boolean };

describe.skipIf(!dbAvailable)(`employees document and pickers (${dbKind})`, () => {
  let server: TestServer;
  let api: Wire;
  let admin: Caller;
  let hr1: Caller;
  let hr6: Caller;
  let lead1: Caller;
  let plain1: Caller;
  const fingerprint = () =>
    tablesFingerprint(server.db, ['employees', 'document_history', 'change_log', 'stored_files']);
  const { get, post, refused } = testCalls({ api: () => api, fingerprint, caller: () => admin });
  const person = (employeeId: number, userName: string, plantId: number, flags: string[]) =>
    createEmployee(server.db, {
      employeeId,
      userName,
      password: userName,
      firstName: userName.charAt(0).toUpperCase() + userName.slice(1),
      lastName: 'Tester',
      title: 'Test',
      plantId,
      flags: flags as never,
    });

  beforeAll(async () => {
    server = await startServer();
    api = wire(server.url);
    await person(9501, 'hrone', 1, ['employeeAdministrator']);
    await person(9502, 'hrsix', 6, ['employeeAdministrator']);
    await person(9503, 'workerone', 1, []);
    await person(9504, 'workersix', 6, []);
    await person(9505, 'leadone', 1, ['editSupervisors', 'supervisor']);
    await person(9506, 'plainone', 1, []);
    admin = await api.login('admin');
    hr1 = await api.login('hrone');
    hr6 = await api.login('hrsix');
    lead1 = await api.login('leadone');
    plain1 = await api.login('plainone');
  }, 120_000);
  afterAll(() => server?.close());

  const record = (id: number, who: Caller = admin) =>
    get<{ Record: EmployeeRecord }>('web/GetEmployee', { EmployeeID: id }, who).then((r) => r.Record);
  const history = (id: number, who: Caller = admin) =>
    get<History>('web/GetEmployeeHistory', { EmployeeID: id }, who);
  const update = (id: number, field: string, value: unknown, who: Caller = admin) =>
    post<{ Record: EmployeeRecord }>(
      'web/UpdateEmployeeRecord',
      { EmployeeID: id, FieldName: field, Value: value },
      who,
    );
  const pick = (values: Record<string, unknown>, who: Caller) => get<Option[]>('web/Pick', values, who);

  it('lists a plant-bound employee administrator their own plant only; a crosser every plant', async () => {
    const mine = await get<{ Rows: EmployeeRecord[]; Total: number }>('web/GetEmployees', { Take: 500 }, hr1);
    expect(mine.Total).toBeGreaterThan(0);
    expect(new Set(mine.Rows.map((r) => r.PlantID))).toEqual(new Set([1]));
    expect(mine.Rows.some((r) => r.EmployeeID === 9503)).toBe(true);
    const all = await get<{ Rows: EmployeeRecord[] }>('web/GetEmployees', { Take: 500 }, admin);
    expect(all.Rows.some((r) => r.EmployeeID === 9504)).toBe(true);
    // Another plant's list, record or change is refused to the plant-bound one.
    const other = await api.get('web/GetEmployees', { PlantID: 6 }, hr1);
    expect(other.envelope.Error || other.status >= 400).toBe(true);
    const theirs = await api.get('web/GetEmployee', { EmployeeID: 9504 }, hr1);
    expect(theirs.envelope.Error || theirs.status >= 400).toBe(true);
    await refused(
      'web/UpdateEmployeeRecord',
      { EmployeeID: 9504, FieldName: 'ViewPayroll', Value: true },
      hr1,
      /plant/i,
      403,
    );
    // And one who may not see employees at all.
    const none = await api.get('web/GetEmployees', {}, plain1);
    expect(none.status).toBe(403);
  });

  it('an employee administrator grants ordinary flags; the history says who granted what to whom', async () => {
    await update(9503, 'ViewPayroll', true, hr1);
    expect((await record(9503)).ViewPayroll).toBe(true);
    const h = await history(9503);
    expect(h.Rows[0]).toMatchObject({
      Field: 'ViewPayroll',
      Old: false,
      New: true,
      Name: 'Hrone Tester',
      Call: 'web/UpdateEmployeeRecord',
    });
    // The flag reaches the employee's session at once: their next call sees it.
    const worker = await api.login('workerone');
    expect(worker.user.ViewPayroll).toBe(true);
  });

  it('only a super administrator grants or removes the administrator flags, refused by name, nothing written', async () => {
    for (const flag of [
      'SuperAdministrator',
      'EmployeeAdministrator',
      'MesAdministrator',
      'CanChangePlant',
    ]) {
      await refused(
        'web/UpdateEmployeeRecord',
        { EmployeeID: 9503, FieldName: flag, Value: true },
        hr1,
        /only a super administrator may grant or remove/,
      );
    }
    // The legacy call follows the same rule (it was a way round it).
    await refused(
      'web/UpdateEmployee',
      { EmployeeID: 9503, FieldName: 'SuperAdministrator', Value: true },
      hr1,
      /only a super administrator may grant or remove Super administrator/,
      403,
    );
    // Nobody but a super administrator changes their own flags.
    await refused(
      'web/UpdateEmployeeRecord',
      { EmployeeID: 9501, FieldName: 'ViewPayroll', Value: true },
      hr1,
      /your own permission flags/,
    );
    // A super administrator may, and it is in the history.
    await update(9503, 'EmployeeAdministrator', true, admin);
    expect((await history(9503)).Rows[0]).toMatchObject({
      Field: 'EmployeeAdministrator',
      New: true,
      Name: 'Alex Morgan',
    });
    await update(9503, 'EmployeeAdministrator', false, admin);
    // …but never removes their own super administrator flag.
    await refused(
      'web/UpdateEmployeeRecord',
      { EmployeeID: admin.employeeId, FieldName: 'SuperAdministrator', Value: false },
      admin,
      /cannot remove your own Super administrator/,
    );
  });

  it('keeps the history of changes made through the legacy web/UpdateEmployee too', async () => {
    await post('web/UpdateEmployee', { EmployeeID: 9503, FieldName: 'Title', Value: 'Welder' }, hr1);
    expect((await history(9503)).Rows[0]).toMatchObject({
      Field: 'Title',
      Old: 'Test',
      New: 'Welder',
      Call: 'web/UpdateEmployee',
    });
  });

  it('reporting lines: a supervisor by picker, no one reports to themselves nor in a loop', async () => {
    await update(9503, 'SupervisorID', 9505, hr1);
    expect((await record(9503)).SupervisorID).toBe(9505);
    await refused(
      'web/UpdateEmployeeRecord',
      { EmployeeID: 9505, FieldName: 'SupervisorID', Value: 9503 },
      hr1,
      /loop/,
    );
    await refused(
      'web/UpdateEmployeeRecord',
      { EmployeeID: 9503, FieldName: 'SupervisorID', Value: 9503 },
      hr1,
      /cannot report to themselves/,
    );
    await refused(
      'web/UpdateEmployeeRecord',
      { EmployeeID: 9503, FieldName: 'SupervisorID', Value: 999_999 },
      hr1,
      /there is no employee 999999/,
    );
    // /supervisors: one with editSupervisors reassigns; the employee's own history shows it.
    const people = await get<{ Rows: Array<{ EmployeeID: number }> }>(
      'web/GetReportingLines',
      { Filters: JSON.stringify({ SupervisorID: { AnyOf: ['9505'] } }) },
      lead1,
    );
    expect(people.Rows.map((r) => r.EmployeeID)).toEqual([9503]);
    await post(
      'web/UpdateReportingLine',
      { EmployeeID: 9503, FieldName: 'SupervisorID', Value: 9501 },
      lead1,
    );
    expect((await history(9503)).Rows[0]).toMatchObject({
      Field: 'SupervisorID',
      Old: 9505,
      New: 9501,
      Call: 'web/UpdateReportingLine',
    });
    const lines = await get<History>('web/GetReportingLineHistory', { EmployeeID: 9503 }, lead1);
    expect(lines.Rows.map((r) => [r.Old, r.New])).toEqual([
      [9505, 9501],
      [null, 9505],
    ]);
    // …but nothing else of the record.
    const other = await api.post(
      'web/UpdateReportingLine',
      { EmployeeID: 9503, FieldName: 'Title', Value: 'Boss' },
      lead1,
    );
    expect(other.envelope.Error).toBe(true);
    expect(other.envelope.Message).toMatch(/'Title' is not a field of reporting line/);
  });

  it('a photo is an image the administrator just uploaded; it becomes the employee’s photo', async () => {
    const upload = async (who: Caller, blob: Blob, name: string) => {
      const form = new FormData();
      form.append('Token', who.token);
      form.append('files', blob, name);
      const res = await fetch(`${server.url}files/Upload`, { method: 'POST', body: form });
      const envelope = (await res.json()) as { ResultJSON: string };
      return (JSON.parse(envelope.ResultJSON) as Array<{ FileID: string }>)[0]!.FileID;
    };
    const photo = await upload(
      hr1,
      new Blob([new Uint8Array(portraitBmp([30, 90, 160]))], { type: 'image/bmp' }),
      'w.bmp',
    );
    const text = await upload(hr1, new Blob(['hello'], { type: 'text/plain' }), 'notes.txt');
    const someoneElses = await upload(
      admin,
      new Blob([new Uint8Array(portraitBmp([90, 30, 60]))], { type: 'image/bmp' }),
      'a.bmp',
    );
    await refused(
      'web/UpdateEmployeeRecord',
      { EmployeeID: 9503, FieldName: 'PhotoFileID', Value: text },
      hr1,
      /must be an image/,
    );
    await refused(
      'web/UpdateEmployeeRecord',
      { EmployeeID: 9503, FieldName: 'PhotoFileID', Value: someoneElses },
      hr1,
      /a file you just uploaded/,
    );
    await update(9503, 'PhotoFileID', photo, hr1);
    expect((await record(9503)).PhotoFileID).toBe(photo);
    const [owner] = await server.db.query<{ owner_kind: string; owner_id: string }>(
      'SELECT owner_kind, owner_id FROM stored_files WHERE file_id = $1',
      [photo],
    );
    expect(owner).toEqual({ owner_kind: 'employee-photo', owner_id: '9503' });
    // Every logged-in user sees it as the avatar (mes/GetEmployeePhoto).
    const image = await api.raw('mes/GetEmployeePhoto?photo=9503.bmp', { who: { token: plain1.token } });
    expect(image.status).toBe(200);
  });

  it('pickers answer only what the user may see', async () => {
    const mine = await pick({ Kind: 'employee', Search: 'Tester' }, hr1);
    expect(mine.map((o) => o.ID)).toContain(9503);
    expect(mine.map((o) => o.ID)).not.toContain(9504);
    expect(mine.find((o) => o.ID === 9503)).toMatchObject({ Label: 'Workerone Tester', PhotoExists: true });
    const theirs = await pick({ Kind: 'employee', Search: 'Tester' }, hr6);
    expect(theirs.map((o) => o.ID)).toEqual(expect.arrayContaining([9502, 9504]));
    expect(theirs.map((o) => o.ID)).not.toContain(9503);
    // By id: another plant's employee is not answered to a plant-bound user.
    expect(await pick({ Kind: 'employee', ID: '9504' }, hr1)).toEqual([]);
    expect((await pick({ Kind: 'employee', ID: '9504' }, admin))[0]).toMatchObject({ ID: 9504 });
    const asked = await api.get('web/Pick', { Kind: 'employee', PlantID: 6 }, hr1);
    expect(asked.envelope.Error || asked.status >= 400).toBe(true);
    // Orders need an order reader's flag; a crosser sees them all.
    const orders = await api.get('web/Pick', { Kind: 'order' }, plain1);
    expect(orders.status).toBe(403);
    expect((await pick({ Kind: 'order' }, admin)).length).toBeGreaterThan(0);
    expect((await pick({ Kind: 'plant', Search: 'Dyers' }, plain1)).map((o) => o.Label)).toEqual([
      'Dyersburg',
    ]);
    expect((await pick({ Kind: 'office', Search: '' }, hr6)).every((o) => /DYB/.test(String(o.Detail)))).toBe(
      true,
    );
    // A kind whose area is not built says so instead of answering "nothing".
    const customer = await api.get('web/Pick', { Kind: 'customer', Search: 'a' }, admin);
    expect(customer.envelope.Error).toBe(true);
    expect(customer.envelope.Message).toMatch(/nothing can be picked as customer yet/);
  });

  it('offices: a kit document of each plant', async () => {
    const added = await post<{ Record: { OfficeID: number; Name: string } }>(
      'web/AddOffice',
      { Name: 'Dyersburg annex', PlantID: 6, City: 'Dyersburg, TN' },
      hr6,
    );
    expect(added.Record.Name).toBe('Dyersburg annex');
    await refused('web/AddOffice', { Name: 'Far away', PlantID: 1 }, hr6, /plant/i, 403);
    const six = await get<{ Rows: Array<{ PlantID: number }> }>('web/GetOffices', {}, hr6);
    expect(six.Rows.length).toBeGreaterThan(1);
    expect(six.Rows.every((r) => r.PlantID === 6)).toBe(true);
    await update(9504, 'OfficeID', added.Record.OfficeID, hr6);
    await refused(
      'web/UpdateEmployeeRecord',
      { EmployeeID: 9504, FieldName: 'OfficeID', Value: 999_999 },
      hr6,
      /there is no office 999999/,
    );
  });
});
