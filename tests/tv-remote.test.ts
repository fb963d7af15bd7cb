import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeItem } from '../domain/live/changes';
import { DisplayCommand } from '../domain/tv/display';
import { expectRefused, type RefusableReply, tablesFingerprint } from './support/refusals';
import { dbAvailable, dbKind, startServer, type TestServer } from './support/server';
import { type Wire, wire } from './support/wire';

/** tv/SendToDisplay (domain/tv/display.ts) with the demo supervisor and an operator (akhan). */
describe.skipIf(!dbAvailable)(`TV remote calls (${dbKind})`, () => {
  let server: TestServer;
  let api: Wire;
  let boss: { token: string; employeeId: number };
  let operator: { token: string; employeeId: number };
  const fingerprint = () => tablesFingerprint(server.db, ['change_log', 'topic_heads']);
  const refused = (send: () => Promise<RefusableReply>, message: string | RegExp, status = 200) =>
    expectRefused(fingerprint, send, message, status);
  const send = (DisplayID: string, Path: string, who = boss) =>
    api.post('tv/SendToDisplay', { DisplayID, Path }, who);

  beforeAll(async () => {
    server = await startServer();
    api = wire(server.url);
    boss = await api.login('supervisor');
    operator = await api.login('akhan');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a supervisor sends a TV to a board: the command is on the public topic, for anyone to pull', async () => {
    const reply = await send('482913', '/tv/faceboard?plant=1');
    expect(reply.envelope.Error, reply.envelope.Message).toBe(false);
    const command = DisplayCommand.parse(reply.result);
    expect(command).toMatchObject({ DisplayID: '482913', Path: '/tv/faceboard?plant=1' });
    expect(command.SentBy).toMatch(/\S/);
    // No login: what the TV does.
    const pull = await api.get<{ documents: ChangeItem[] }>('sync/Pull', {
      Topic: 'display:482913',
      Since: 0,
    });
    expect(pull.status).toBe(200);
    const item = pull.result.documents.at(-1)!;
    expect(item).toMatchObject({ collection: 'boardItems', id: 'display:482913' });
    expect(item.doc).toEqual({
      id: 'display:482913',
      Kind: 'display',
      Key: '482913',
      PlantID: null,
      Data: command,
    });
  });

  it('the next command replaces the last (one item per TV)', async () => {
    await send('100200', '/tv/productionmonitor/LV-CUT01');
    await send('100200', '/tv/kpimonitor/1');
    const pull = await api.get<{ documents: ChangeItem[] }>('sync/Pull', {
      Topic: 'display:100200',
      Since: 0,
    });
    const last = new Map(pull.result.documents.map((d) => [d.id, d.doc]));
    expect(last.size).toBe(1);
    expect((last.get('display:100200') as { Data: { Path: string } }).Data.Path).toBe('/tv/kpimonitor/1');
  });

  it('bad input is refused and nothing is published', async () => {
    await refused(() => send('12', '/tv/faceboard'), 'DisplayID must be the 6-digit code shown on the TV');
    await refused(() => send('482913', '/payroll'), 'Path: That is not a TV board address.');
    await refused(() => send('482913', '/tv/start'), 'Path: That is not a TV board address.');
    await refused(
      () => send('482913', '/tv/faceboard?plant=99'),
      'Path: The only thing a TV address may ask is ?plant= with a plant of the list.',
    );
  });

  it('an operator without supervisor or mesAdministrator is refused; no login is refused', async () => {
    await refused(
      () => send('482913', '/tv/faceboard?plant=1', operator),
      /needs one of: .*Supervisor/i,
      403,
    );
    await refused(
      () => api.post('tv/SendToDisplay', { DisplayID: '482913', Path: '/tv/faceboard' }),
      /./,
      401,
    );
  });
});
