import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions, RequestLogController, redactUrl } from './log';

describe('redactUrl', () => {
  it('hides the session token, the hub access token and the connection token', () => {
    expect(redactUrl('/api/web/GetPlants?TransmissionInfoJSON=%7B%7D&Token=abc123&Interface=pm')).toBe(
      '/api/web/GetPlants?TransmissionInfoJSON=%7B%7D&Token=[redacted]&Interface=pm',
    );
    expect(redactUrl('/hub?id=secret-conn&access_token=tok')).toBe(
      '/hub?id=[redacted]&access_token=[redacted]',
    );
    expect(redactUrl('/api/files/Download?FileID=1')).toBe('/api/files/Download?FileID=1');
  });
});

describe('redactUrl after percent-decoding the names (issue 14 §3)', () => {
  it.each([
    ['/api/web/GetPlants?%54oken=abc123&Interface=pm', '/api/web/GetPlants?%54oken=[redacted]&Interface=pm'],
    ['/hub?access%5Ftoken=tok&x=1', '/hub?access%5Ftoken=[redacted]&x=1'],
    ['/hub?%61ccess_token=tok', '/hub?%61ccess_token=[redacted]'],
    ['/api/x?TOKEN=abc', '/api/x?TOKEN=[redacted]'],
    ['/api/x?Token[]=abc&Token%5B%5D=def', '/api/x?Token[]=[redacted]&Token%5B%5D=[redacted]'],
    ['/api/x?%69%64=conn#frag', '/api/x?%69%64=[redacted]#frag'],
    ['/api/x?%E0%A4%A=1&Token=abc', '/api/x?%E0%A4%A=1&Token=[redacted]'],
  ])('%s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
    expect(redactUrl(url)).not.toMatch(/abc|def|tok(?!en)|conn/i);
  });

  it('leaves names that only contain a secret name alone', () => {
    expect(redactUrl('/api/x?FileID=1&TokenCount=2')).toBe('/api/x?FileID=1&TokenCount=2');
  });
});

describe('RequestLogController (issue 15: every request at debug, not info)', () => {
  async function linesAt(level: string, status: number): Promise<Array<{ level: number; msg: string }>> {
    const out: string[] = [];
    const app = Fastify({
      logger: { ...loggerOptions(level), stream: { write: (line: string) => out.push(line) } },
      logController: new RequestLogController(),
    });
    app.get('/x', async (_req, reply) => {
      if (status >= 500) throw new Error('boom');
      return reply.code(status).send({ ok: true });
    });
    await app.inject({ method: 'GET', url: '/x?Token=secret' });
    await app.inject({ method: 'GET', url: '/nowhere' });
    await app.close();
    return out.map((l) => JSON.parse(l));
  }

  it('writes no per-request line at info', async () => {
    expect(await linesAt('info', 200)).toEqual([]);
    expect(await linesAt('info', 400)).toEqual([]);
  });

  it('writes them at debug, with the token redacted', async () => {
    const lines = await linesAt('debug', 200);
    const messages = lines.map((l) => l.msg);
    expect(messages).toContain('incoming request');
    expect(messages).toContain('request completed');
    expect(messages.some((m) => m.includes('/nowhere not found'))).toBe(true);
    expect(JSON.stringify(lines)).not.toContain('secret');
  });

  it('keeps a failure at error level', async () => {
    const lines = await linesAt('info', 500);
    expect(lines.some((l) => l.level === 50 && l.msg === 'boom')).toBe(true);
  });
});
