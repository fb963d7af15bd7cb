import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbAvailable, dbKind, startServer, type TestServer } from './support/server';
import { type Wire, wire } from './support/wire';

const METRICS_TOKEN = 'ops-test-metrics-token-0123456789';

/** The value of one sample line of a Prometheus text exposition (undefined when absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = (m[2] ?? '').split(/,(?=\w+=")/).filter(Boolean);
    if (want.every((w) => have.includes(w)) && have.length === want.length) return Number(m[3]);
  }
  return undefined;
}

/** Issue 14 §5: /readyz, /metrics (who may read it, what it counts). */
describe.skipIf(!dbAvailable)(`operations endpoints (${dbKind})`, () => {
  let server: TestServer;
  let api: Wire;
  let base: string;
  const saved = process.env.METRICS_TOKEN;

  beforeAll(async () => {
    process.env.METRICS_TOKEN = METRICS_TOKEN;
    server = await startServer();
    api = wire(server.url);
    base = server.url.replace(/api\/$/, '');
  });
  afterAll(async () => {
    if (saved === undefined) delete process.env.METRICS_TOKEN;
    else process.env.METRICS_TOKEN = saved;
    await server?.close();
  });

  it('/readyz answers 200 with the database and the (in-process) backplane; /healthz stays liveness', async () => {
    const res = await fetch(`${base}readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      ready: true,
      database: 'ok',
      backplane: 'in-process',
      shuttingDown: false,
    });
    expect((await fetch(`${base}healthz`)).status).toBe(200);
  });

  it('/metrics counts calls by call path and status, with latency histograms, pool, hub and post queue', async () => {
    const admin = await api.login('admin');
    const wrong = await api.post('web/Login', { UserName: 'admin', Password: 'wrong password' });
    expect(wrong.envelope.Error).toBe(true);
    await api.get('web/NoSuchCall', {});
    await api.get('web/NoSuchOtherCall', {});
    // One queued-post batch of two posts.
    const posts = [1, 2].map((n) => ({
      Path: 'web/UpdateEmployee',
      Body: { EmployeeID: 1002, FieldName: 'Title', Value: `Title ${n}`, PostID: `ops-metrics-${n}` },
    }));
    const batch = await api.post(
      'web/PostQueueBatch',
      { CompressedPosts: [gzipSync(JSON.stringify(posts)).toString('base64')] },
      admin,
    );
    expect(batch.envelope.Error).toBe(false);

    const res = await fetch(`${base}metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toContain('# TYPE http_requests_total counter');
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    const login = { method: 'POST', path: 'web/Login' };
    // Two logins answered 200 (the wrong password is an Error envelope in a 200).
    expect(sample(text, 'http_requests_total', { ...login, status: '200' })).toBe(2);
    expect(sample(text, 'http_request_duration_seconds_count', login)).toBe(2);
    expect(sample(text, 'http_request_duration_seconds_bucket', { ...login, le: '+Inf' })).toBe(2);
    expect(sample(text, 'http_request_duration_seconds_sum', login)).toBeGreaterThan(0);
    // Invented URLs share one label: a client cannot grow the series.
    expect(
      sample(text, 'http_requests_total', { method: 'GET', path: '(unknown call)', status: '404' }),
    ).toBe(2);
    expect(text).not.toContain('NoSuchCall');
    expect(sample(text, 'steelworks_hub_connections', { transport: 'WebSockets' })).toBe(0);
    expect(sample(text, 'steelworks_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    // Per process (a test process builds several apps): at least this test's batch.
    expect(sample(text, 'steelworks_post_queue_batches_total')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'steelworks_post_queue_posts_total')).toBeGreaterThanOrEqual(2);
    expect(text).toContain('# TYPE steelworks_changelog_delivery_lag_seconds histogram');
  });

  it('/metrics is refused to other addresses (a forged X-Forwarded-For does not help) unless they send METRICS_TOKEN', async () => {
    const fastify = server.app.fastify;
    const remote = await fastify.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(remote.statusCode).toBe(403);
    expect(remote.body).not.toContain('http_requests_total');
    const wrong = await fastify.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { authorization: 'Bearer nope' },
    });
    expect(wrong.statusCode).toBe(403);
    const right = await fastify.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('http_requests_total');
  });

  it('once shutdown begins /readyz answers 503 and says why', async () => {
    server.app.ops.notReady();
    const res = await fetch(`${base}readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ ready: false, database: 'ok', shuttingDown: true });
  });
});

describe.skipIf(!dbAvailable)(`readiness with an unreachable Redis (${dbKind})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    // Nothing listens on port 1: the backplane's subscriber never connects.
    server = await startServer({
      REDIS_URL: 'redis://127.0.0.1:1',
      REDIS_CHANNEL: `ops-test-${process.pid}`,
    });
  });
  afterAll(() => server?.close());

  it('/readyz answers 503 naming the backplane while /healthz stays 200', async () => {
    const base = server.url.replace(/api\/$/, '');
    const res = await fetch(`${base}readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      ready: false,
      database: 'ok',
      backplane: 'Redis subscriber not connected',
      shuttingDown: false,
    });
    expect((await fetch(`${base}healthz`)).status).toBe(200);
  });
});
