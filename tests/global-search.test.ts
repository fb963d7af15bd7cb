import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchGroup } from '../domain/platform/search';
import { createEmployee } from '../server/db/seed';
import { catchUpSearchIndex } from '../server/kit/search';
import { type Caller, testCalls } from './support/calls';
import { dbAvailable, dbKind, startServer, type TestServer } from './support/server';
import { type Wire, wire } from './support/wire';

/**
 * Global search (issue 16 item 9) over the real server: ranking (the whole title, its start, a word,
 * anywhere, then close spellings), flags and plant scope enforced on the server, the index kept in
 * step with changes in their transaction, the start-up catch-up, and bad input refused naming the field.
 */
interface Answer {
  Query: string;
  Groups: SearchGroup[];
}

describe.skipIf(!dbAvailable)(`global search (${dbKind})`, () => {
  let server: TestServer;
  let api: Wire;
  let admin: Caller;
  let itPlant6: Caller;
  let planner1: Caller;
  let nobody: Caller;
  const { get, post } = testCalls({ api: () => api, caller: () => admin });

  const search = (values: Record<string, unknown>, who: Caller = admin) =>
    get<Answer>('web/GlobalSearch', values, who);
  const group = (answer: Answer, kind: string) => answer.Groups.find((g) => g.Kind === kind);
  const titles = (answer: Answer, kind: string) => group(answer, kind)?.Results.map((r) => r.Title) ?? [];
  const addDevice = (values: Record<string, unknown>, who: Caller = admin) =>
    post<{ Record: { DeviceID: number } }>('web/AddDevice', { Kind: 'tablet', ...values }, who).then(
      (r) => r.Record.DeviceID,
    );

  beforeAll(async () => {
    server = await startServer();
    api = wire(server.url);
    const people = [
      { id: 9501, user: 'it6s', plant: 6, flags: ['informationTechnology'] as const },
      { id: 9502, user: 'plan1s', plant: 1, flags: ['viewProductionPlans'] as const },
      { id: 9503, user: 'nobodys', plant: 1, flags: [] as const },
    ];
    for (const p of people) {
      await createEmployee(server.db, {
        employeeId: p.id,
        userName: p.user,
        password: p.user,
        firstName: 'Test',
        lastName: p.user,
        title: 'Tester',
        plantId: p.plant,
        flags: [...p.flags],
      });
    }
    admin = await api.login('admin');
    itPlant6 = await api.login('it6s');
    planner1 = await api.login('plan1s');
    nobody = await api.login('nobodys');
  }, 120_000);
  afterAll(() => server?.close());

  it('finds the seeded records of every kind, caught up at start', async () => {
    // Employees by name, jobs by number, orders by customer: written by the seed, before the server started.
    expect(titles(await search({ Query: 'morgan' }), 'employee')).toContain('Alex Morgan');
    const job = group(await search({ Query: 'J219001' }), 'job');
    expect(job?.Results[0]).toMatchObject({
      Title: 'J219001',
      Match: 'exact',
      Link: '/productionplan/J219001',
      PlantID: 19,
    });
    const [order] = await server.db.query<{ order_num: number; customer_name: string }>(
      'SELECT order_num, customer_name FROM orders ORDER BY order_num LIMIT 1',
    );
    const orders = group(await search({ Query: String(order!.order_num) }), 'order');
    expect(orders?.Results[0]).toMatchObject({
      Key: String(order!.order_num),
      Link: `/pm/order/${order!.order_num}`,
    });
  });

  it('ranks the whole title, then its start, then a word, then anywhere, then a close spelling', async () => {
    // Made through the kit's calls: indexed in their transactions.
    for (const name of ['Dock Zephyrine', 'Azephyrx', 'Zephir', 'Zephyr Dock', 'Zephyr']) {
      await addDevice({ Name: name, PlantID: 1 });
    }
    const devices = group(await search({ Query: 'zephyr', Take: 10 }), 'device')!;
    expect(devices.Results.map((r) => [r.Title, r.Match])).toEqual([
      ['Zephyr', 'exact'],
      ['Zephyr Dock', 'prefix'],
      ['Dock Zephyrine', 'word'],
      ['Azephyrx', 'contains'],
      ['Zephir', 'fuzzy'],
    ]);
    expect(devices.Results[0]!.Link).toMatch(/^\/devices\?record=\d+$/);
    // Accents and case do not matter; every word must be there (closer spellings come after, marked).
    const both = group(await search({ Query: 'ZÉPHYR dock' }), 'device')!.Results;
    expect(both.filter((r) => r.Match !== 'fuzzy').map((r) => r.Title)).toEqual([
      'Zephyr Dock',
      'Dock Zephyrine',
    ]);
    expect(both.slice(0, 2).map((r) => r.Title)).toEqual(['Zephyr Dock', 'Dock Zephyrine']);
    // One or two letters: the start of a title or of a word (no substring tier).
    expect(titles(await search({ Query: 'ze', Take: 10 }), 'device').slice(0, 3)).toEqual([
      'Zephir',
      'Zephyr',
      'Zephyr Dock',
    ]);
    expect(titles(await search({ Query: 'z', Take: 10 }), 'device')).toContain('Dock Zephyrine');
    // Take limits the results, not the total.
    const two = group(await search({ Query: 'zephyr', Take: 2 }), 'device')!;
    expect(two.Results).toHaveLength(2);
    expect(two.Total).toBeGreaterThanOrEqual(4);
  });

  it('finds a renamed record by its new name at once, and a deleted one no more', async () => {
    const id = await addDevice({ Name: 'Quokka kiosk', PlantID: 1 });
    expect(titles(await search({ Query: 'quokka' }), 'device')).toEqual(['Quokka kiosk']);
    await post('web/UpdateDevice', { DeviceID: id, FieldName: 'Name', Value: 'Wombat kiosk' });
    expect(titles(await search({ Query: 'quokka' }), 'device')).toEqual([]);
    expect(titles(await search({ Query: 'wombat' }), 'device')).toEqual(['Wombat kiosk']);
    // Another searchable field (serial number) is found too, shown in the detail.
    await post('web/UpdateDevice', { DeviceID: id, FieldName: 'SerialNumber', Value: 'SN-77Q1' });
    expect(group(await search({ Query: 'sn-77q1' }), 'device')?.Results[0]?.Detail).toContain('SN-77Q1');
    await post('web/DeleteDevice', { DeviceID: id });
    expect(titles(await search({ Query: 'wombat' }), 'device')).toEqual([]);

    // An employee renamed through web/UpdateEmployee.
    await post('web/UpdateEmployee', { EmployeeID: 9503, FieldName: 'LastName', Value: 'Xylophonist' });
    expect(titles(await search({ Query: 'xylophon' }), 'employee')).toEqual(['Test Xylophonist']);
    expect(titles(await search({ Query: 'nobodys' }), 'employee')).toEqual(['Test Xylophonist']); // user name
  });

  it("keeps a plant-bound user to their own plant's records, and refuses another plant", async () => {
    await addDevice({ Name: 'Narwhal scanner one', PlantID: 1 });
    await addDevice({ Name: 'Narwhal scanner six', PlantID: 6 });
    expect(titles(await search({ Query: 'narwhal' }), 'device').sort()).toEqual([
      'Narwhal scanner one',
      'Narwhal scanner six',
    ]);
    expect(titles(await search({ Query: 'narwhal', PlantID: 1 }), 'device')).toEqual(['Narwhal scanner one']);
    const six = await search({ Query: 'narwhal' }, itPlant6);
    expect(titles(six, 'device')).toEqual(['Narwhal scanner six']);
    expect(group(six, 'device')?.Total).toBe(1);
    const other = await api.get('web/GlobalSearch', { Query: 'narwhal', PlantID: 1 }, itPlant6);
    expect(other.status).toBe(403);
    expect(other.envelope.Message).toMatch(/plant 1 \(Long Valley\)/);
    // Jobs are plant data too: a plant 1 planner finds plant 1's jobs, not plant 19's.
    expect(titles(await search({ Query: 'J219001' }, planner1), 'job')).toEqual([]);
    const [job1] = await server.db.query<{ job_number: string }>(
      "SELECT job_number FROM jobs WHERE plant_id = 1 AND job_number <> 'J299300' ORDER BY job_number LIMIT 1",
    );
    const jobs = group(await search({ Query: job1!.job_number, Take: 50 }, planner1), 'job')!.Results;
    expect(jobs[0]).toMatchObject({ Title: job1!.job_number, Match: 'exact' });
    expect(new Set(jobs.map((r) => r.PlantID))).toEqual(new Set([1]));
  });

  it('never shows a kind the user has no flag for', async () => {
    // The planner may open plans, not employees nor devices.
    const planner = await search({ Query: 'narwhal' }, planner1);
    expect(planner.Groups).toEqual([]);
    expect(group(await search({ Query: 'morgan' }, planner1), 'employee')).toBeUndefined();
    // IT may see devices, not jobs nor employees.
    expect(group(await search({ Query: 'J219001' }, itPlant6), 'job')).toBeUndefined();
    expect(group(await search({ Query: 'morgan' }, itPlant6), 'employee')).toBeUndefined();
    // No flags at all: nothing, even when asking for one kind.
    expect((await search({ Query: 'morgan' }, nobody)).Groups).toEqual([]);
    expect((await search({ Query: 'narwhal', Kind: 'device' }, nobody)).Groups).toEqual([]);
    // Without a login: refused.
    const anonymous = await api.get('web/GlobalSearch', { Query: 'morgan' }, {});
    expect(anonymous.envelope.Error || anonymous.envelope.Sorry).toBe(true);
  });

  it('refuses bad input, naming the field', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{}, /Query/],
      [{ Query: '' }, /Query/],
      [{ Query: '%%% ***' }, /Query must contain at least one letter or digit/],
      [{ Query: 'x'.repeat(101) }, /Query/],
      [{ Query: 'dock', Take: 0 }, /Take/],
      [{ Query: 'dock', Take: 51 }, /Take/],
      [{ Query: 'dock', Kind: 'spaceship' }, /Kind/],
      [{ Query: 'dock', PlantID: -1 }, /PlantID/],
    ];
    for (const [payload, message] of cases) {
      const reply = await api.get('web/GlobalSearch', payload, admin);
      expect(reply.envelope.Error, JSON.stringify(payload)).toBe(true);
      expect(reply.envelope.Message, JSON.stringify(payload)).toMatch(message);
    }
    // Text-search and LIKE characters are taken as text, not as operators.
    expect((await search({ Query: "zephyr:* & !'" })).Groups.length).toBeGreaterThan(0);
    expect(titles(await search({ Query: 'ephy' }), 'device')).toContain('Azephyrx');
    expect(titles(await search({ Query: 'e%hy' }), 'device')).not.toContain('Azephyrx');
  });

  it('catches up what was written outside calls, and removes what is gone', async () => {
    await server.db.query("DELETE FROM search_index WHERE kind = 'order'");
    await server.db.query(
      `INSERT INTO search_index (kind, record_key, title, link, title_folded, search_text)
       VALUES ('order', '-5', 'ghost', '/pm/order/-5', 'ghost', 'ghost order')`,
    );
    expect(titles(await search({ Query: 'ghost' }), 'order')).toEqual(['ghost']);
    const seen = await catchUpSearchIndex(server.db);
    const [orders] = await server.db.query<{ n: number }>('SELECT count(*) AS n FROM orders');
    expect(seen.order).toBe(Number(orders!.n));
    const [indexed] = await server.db.query<{ n: number }>(
      "SELECT count(*) AS n FROM search_index WHERE kind = 'order'",
    );
    expect(Number(indexed!.n)).toBe(Number(orders!.n));
    expect(titles(await search({ Query: 'ghost' }), 'order')).toEqual([]);
  });
});
