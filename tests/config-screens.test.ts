import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee } from '../server/db/seed';
import { type Caller, testCalls } from './support/calls';
import { tablesFingerprint } from './support/refusals';
import { dbAvailable, dbKind, startServer, type TestServer } from './support/server';
import { type Wire, wire } from './support/wire';

/**
 * The config group and the news editor (issue 16): the login page's public messages and their window,
 * TV alerts reaching a plant's boards on a public topic (and leaving when cleared or moved), news on
 * Intro for one's plant or all plants, pinned first; who may edit them; a window that ends before it
 * starts refused with nothing written.
 */
const hour = 3_600_000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString().replace(/\.\d{3}Z$/, 'Z');

describe.skipIf(!dbAvailable)(`config screens (${dbKind})`, () => {
  let server: TestServer;
  let api: Wire;
  let admin: Caller;
  let plant6: Caller;
  const fingerprint = () =>
    tablesFingerprint(server.db, [
      'login_messages',
      'tv_alerts',
      'news_items',
      'settings',
      'setting_history',
      'inventory_alerts',
      'document_history',
      'change_log',
      'topic_heads',
    ]);
  const { get, post, refused } = testCalls({ api: () => api, fingerprint, caller: () => admin });

  beforeAll(async () => {
    server = await startServer();
    api = wire(server.url);
    await createEmployee(server.db, {
      employeeId: 9501,
      userName: 'worker6',
      password: 'worker6',
      firstName: 'Wendy',
      lastName: 'Six',
      title: 'Welder',
      plantId: 6,
      flags: [],
    });
    admin = await api.login('admin');
    plant6 = await api.login('worker6');
  }, 120_000);
  afterAll(() => server?.close());

  it('the login page reads the messages showing now without a login, most severe first', async () => {
    const add = (values: Record<string, unknown>) =>
      post<{ Record: { LoginMessageID: number } }>('web/AddLoginMessage', values).then((r) => r.Record);
    const info = await add({ Message: 'Welcome back after the holidays', Severity: 'info' });
    const critical = await add({
      Message: 'The system stops at 22:00 for maintenance',
      Severity: 'critical',
      ShowsFrom: at(-hour),
      ShowsUntil: at(hour),
    });
    await add({ Message: 'Not yet', Severity: 'warning', ShowsFrom: at(hour) });
    await add({ Message: 'Over', Severity: 'warning', ShowsUntil: at(-hour) });
    const gone = await add({ Message: 'Deleted one', Severity: 'critical' });
    await post('web/DeleteLoginMessage', { LoginMessageID: gone.LoginMessageID });

    const shown = await get<Array<{ LoginMessageID: number; Message: string }>>(
      'web/GetLoginPageMessages',
      {},
      null,
    );
    expect(shown.map((m) => m.LoginMessageID)).toEqual([critical.LoginMessageID, info.LoginMessageID]);
    expect(Object.keys(shown[0]!).sort()).toEqual(['LoginMessageID', 'Message', 'Severity']);
  });

  it('a window that ends before it starts is refused on create and on change, nothing written', async () => {
    await refused(
      'web/AddLoginMessage',
      { Message: 'Backwards', Severity: 'info', ShowsFrom: at(hour), ShowsUntil: at(-hour) },
      admin,
      /ShowsUntil: must be after Shows from/,
    );
    const { Record } = await post<{ Record: { TvAlertID: number } }>('web/AddTvAlert', {
      Message: 'Forklift drill at 10',
      PlantID: 1,
      Severity: 'info',
      ShowsUntil: at(hour),
    });
    await refused(
      'web/UpdateTvAlert',
      { TvAlertID: Record.TvAlertID, FieldName: 'ShowsFrom', Value: at(2 * hour) },
      admin,
      /ShowsUntil: must be after Shows from/,
    );
    await post('web/DeleteTvAlert', { TvAlertID: Record.TvAlertID });
  });

  it('only those who may edit the configuration edit messages and alerts', async () => {
    await refused(
      'web/AddLoginMessage',
      { Message: 'Hello', Severity: 'info' },
      plant6,
      /permission|not allowed|flag/i,
      403,
    );
    await refused(
      'web/AddTvAlert',
      { Message: 'Hello', Severity: 'info', PlantID: 6 },
      plant6,
      /permission|not allowed|flag/i,
      403,
    );
    await refused(
      'web/AddNewsItem',
      { Title: 'Hi', Body: 'There' },
      plant6,
      /permission|not allowed|flag/i,
      403,
    );
  });

  it('a TV alert reaches its plant’s boards on a public topic, and leaves when moved or cleared', async () => {
    const pull = async (plant: number) => {
      const topic = await get<{
        documents: Array<{ id: string; doc: { Data: Record<string, unknown> } | null }>;
      }>('sync/Pull', { Topic: `tvalerts:${plant}`, Since: 0, Limit: 1000 }, null);
      const last = new Map(topic.documents.map((d) => [d.id, d.doc]));
      return [...last.values()].filter((d) => d !== null).map((d) => d!.Data);
    };
    const { Record } = await post<{ Record: { TvAlertID: number } }>('web/AddTvAlert', {
      Message: 'Crane 2 out of service',
      PlantID: 1,
      Severity: 'warning',
      ShowsUntil: at(hour),
    });
    const id = Record.TvAlertID;
    expect(await pull(1)).toContainEqual({
      TvAlertID: id,
      Message: 'Crane 2 out of service',
      Severity: 'warning',
      ShowsFrom: null,
      ShowsUntil: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
    });
    await post('web/UpdateTvAlert', { TvAlertID: id, FieldName: 'Message', Value: 'Crane 2 back at noon' });
    expect((await pull(1)).find((a) => a.TvAlertID === id)?.Message).toBe('Crane 2 back at noon');

    await post('web/UpdateTvAlert', { TvAlertID: id, FieldName: 'PlantID', Value: 6 });
    expect((await pull(1)).some((a) => a.TvAlertID === id)).toBe(false);
    expect((await pull(6)).some((a) => a.TvAlertID === id)).toBe(true);

    await post('web/DeleteTvAlert', { TvAlertID: id });
    expect((await pull(6)).some((a) => a.TvAlertID === id)).toBe(false);
  });

  it('Intro’s news: published now, for one’s plant or all plants, pinned first; the topic names the change', async () => {
    const add = (values: Record<string, unknown>) =>
      post<{ Record: { NewsItemID: number } }>('web/AddNewsItem', values).then((r) => r.Record.NewsItemID);
    const all = await add({
      Title: 'Safety week',
      Body: 'Every plant, all week.',
      PublishFrom: at(-2 * hour),
    });
    const lv = await add({
      Title: 'LV canteen',
      Body: 'Closed Friday.',
      ForPlantID: 1,
      PublishFrom: at(-hour),
    });
    const dyb = await add({
      Title: 'Dyersburg record',
      Body: 'Best month ever.',
      ForPlantID: 6,
      PublishFrom: at(-hour),
    });
    const pinned = await add({
      Title: 'Open enrollment',
      Body: 'Ends Monday.',
      Pinned: true,
      PublishFrom: at(-3 * hour),
    });
    await add({ Title: 'Tomorrow', Body: 'Not yet.', PublishFrom: at(hour) });
    await add({ Title: 'Expired', Body: 'Gone.', PublishUntil: at(-hour) });

    const mine = await get<Array<{ NewsItemID: number }>>('web/GetNews', {}, plant6);
    expect(mine.map((n) => n.NewsItemID)).toEqual([pinned, dyb, all]);
    const admins = await get<Array<{ NewsItemID: number }>>('web/GetNews', {}, admin);
    expect(admins.map((n) => n.NewsItemID)).toEqual([pinned, lv, all]);

    await post('web/UpdateNewsItem', { NewsItemID: lv, FieldName: 'Pinned', Value: true });
    const topic = await get<{ documents: Array<{ id: string; doc: unknown }> }>(
      'sync/Pull',
      { Topic: 'news', Since: 0, Limit: 1000 },
      plant6,
    );
    expect(topic.documents.map((d) => d.id)).toContain(`newsItem:${lv}`);
    expect(topic.documents.every((d) => d.doc === null)).toBe(true);
    expect((await get<Array<{ NewsItemID: number }>>('web/GetNews', {}, admin))[0]!.NewsItemID).toBe(lv);
  });

  it('settings: each value checked against its type and bounds, nothing written when refused', async () => {
    const before = await get<
      Array<{ Name: string; Value: number; Default: number; ChangedAt: string | null }>
    >('web/GetSettings', {});
    expect(before.find((r) => r.Name === 'ShortcutCount')).toMatchObject({
      Value: 8,
      Default: 8,
      ChangedAt: null,
    });
    await refused('web/SaveSetting', { Name: 'ShortcutCount', Value: 0 }, admin, /Shortcuts on Intro: .*1/);
    await refused('web/SaveSetting', { Name: 'ShortcutCount', Value: 'eight' }, admin, /Shortcuts on Intro/);
    await refused('web/SaveSetting', { Name: 'ShortcutDays', Value: 2.5 }, admin, /Shortcut history/);
    await refused('web/SaveSetting', { Name: 'NoSuchSetting', Value: 1 }, admin, /Name/);
    await refused(
      'web/SaveSetting',
      { Name: 'ShortcutCount', Value: 3 },
      plant6,
      /permission|not allowed|flag/i,
      403,
    );
  });

  it('a saved setting is used by the product (Intro’s shortcut count) and kept in its history', async () => {
    for (const Path of [
      '/payroll',
      '/payroll',
      '/payroll',
      '/analysis/clocks',
      '/analysis/clocks',
      '/devices',
    ])
      await post('web/RecordPageView', { RouteName: 'x', Path }, admin);
    const shortcuts = async () =>
      (await get<{ Shortcuts: Array<{ Path: string }> }>('web/GetMyWork', {}, admin)).Shortcuts.map(
        (s) => s.Path,
      );
    expect(await shortcuts()).toEqual(['/payroll', '/analysis/clocks', '/devices']);

    const saved = await post<{ Value: number; ChangedBy: string }>('web/SaveSetting', {
      Name: 'ShortcutCount',
      Value: 1,
    });
    expect(saved).toMatchObject({ Value: 1, ChangedBy: expect.any(String) });
    expect(await shortcuts()).toEqual(['/payroll']);
    await post('web/SaveSetting', { Name: 'ShortcutCount', Value: 2 });
    await post('web/SaveSetting', { Name: 'ShortcutCount', Value: 2 }); // the same again: no history row
    expect(await shortcuts()).toEqual(['/payroll', '/analysis/clocks']);

    const history = await get<{
      Rows: Array<{ Old: number; New: number; EmployeeID: number }>;
      Total: number;
    }>('web/GetSettingHistory', { Name: 'ShortcutCount' });
    expect(history.Total).toBe(2);
    expect(history.Rows.map((r) => [r.Old, r.New])).toEqual([
      [1, 2],
      [8, 1],
    ]);
    const topic = await get<{ documents: Array<{ id: string }> }>('sync/Pull', {
      Topic: 'settings',
      Since: 0,
    });
    expect(topic.documents.map((d) => d.id)).toContain('setting:ShortcutCount');
  });

  it('inventory alert rules: kept per plant, the addresses checked, editors only', async () => {
    const { Record } = await post<{ Record: { InventoryAlertID: number; Minimum: number } }>(
      'web/AddInventoryAlert',
      {
        Item: 'Plate 1/4 A36',
        PlantID: 1,
        Minimum: 100,
        Tell: 'buyer@example.com, lead@example.com',
      },
    );
    expect(Record.Minimum).toBe(100);
    await refused(
      'web/UpdateInventoryAlert',
      { InventoryAlertID: Record.InventoryAlertID, FieldName: 'Tell', Value: 'buyer at example' },
      admin,
      /Tell/,
    );
    await refused(
      'web/AddInventoryAlert',
      { Item: 'Wire', PlantID: 6, Minimum: 5, Tell: 'a@b.co' },
      plant6,
      /permission|not allowed|flag/i,
      403,
    );
  });
});
