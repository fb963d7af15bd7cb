import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, spawnServer } from './support/process';
import { dbAvailable, dbKind, freshDatabase } from './support/server';
import { wire } from './support/wire';

const until = async (what: string, ok: () => Promise<boolean> | boolean, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

/**
 * Issue 14 §5, graceful shutdown, on the real server process (server/main.ts) and PostgreSQL: another
 * connection holds the row a write needs, so the write is provably in flight when SIGTERM arrives.
 * (PostgreSQL only: an embedded PGlite cannot be locked from outside its process.)
 */
describe.skipIf(!dbAvailable || dbKind !== 'postgres')('graceful shutdown on SIGTERM (postgres)', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let node: ServerProcess;

  beforeAll(async () => {
    database = await freshDatabase();
    node = await spawnServer({ DATABASE_URL: database.url!, SHUTDOWN_TIMEOUT_MS: '20000' });
  }, 60_000);
  afterAll(async () => {
    await node?.kill('SIGKILL');
    await database?.drop();
  });

  it('a write in flight at SIGTERM commits and answers; readiness and new calls are refused; hub clients are told to reconnect; exit 0', async () => {
    const api = wire(`${node.url}api/`);
    const admin = await api.login('admin');
    const who = { token: admin.token, employeeId: admin.employeeId };

    const hub = new HubConnectionBuilder()
      .withUrl(`${node.url}hub?interface=test`, {
        transport: HttpTransportType.WebSockets,
        accessTokenFactory: () => admin.token,
      })
      .withAutomaticReconnect([60_000])
      .configureLogging(LogLevel.None)
      .build();
    let reconnecting = false;
    let closedForGood = false;
    hub.onreconnecting(() => {
      reconnecting = true;
    });
    hub.onclose(() => {
      closedForGood = true;
    });
    await hub.start();

    // Hold employee 1002's row: the write below waits on it inside its transaction.
    const holder = new pg.Client({ connectionString: database.url! });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('SELECT 1 FROM employees WHERE employee_id = 1002 FOR UPDATE');
    const write = api.post(
      'web/UpdateEmployee',
      { EmployeeID: 1002, FieldName: 'Title', Value: 'Finished during shutdown' },
      who,
    );
    await until('the write to wait on the row lock', async () => {
      const rows = await holder.query(
        "SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
      );
      return rows.rowCount! > 0;
    });

    const exited = new Promise<number | null>((resolve) => node.child.once('exit', (code) => resolve(code)));
    node.child.kill('SIGTERM');
    // Readiness goes first, then new calls are refused before any work.
    await until('readyz 503', async () => (await fetch(`${node.url}readyz`)).status === 503);
    const refused = await api.get('web/GetPlants', {}, who);
    expect(refused.status).toBe(503);
    expect(refused.envelope.Message).toBe('The server is restarting. Try again in a moment.');
    expect(reconnecting).toBe(false); // hub connections stay until the calls in flight are done

    await holder.query('COMMIT');
    await holder.end();
    const answered = await write;
    expect(answered.status).toBe(200);
    expect(answered.envelope.Error).toBe(false);
    expect(await exited).toBe(0);
    const [row] = await database.db.query<{ title: string }>(
      'SELECT title FROM employees WHERE employee_id = 1002',
    );
    expect(row!.title).toBe('Finished during shutdown');
    // Close with allowReconnect: the client starts reconnecting (to another node) instead of giving up.
    await until('the hub client to start reconnecting', () => reconnecting || closedForGood);
    expect(reconnecting).toBe(true);
    expect(node.output()).toContain('SIGTERM: shutting down gracefully.');
    await hub.stop();
  }, 60_000);
});
