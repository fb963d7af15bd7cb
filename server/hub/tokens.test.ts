import { describe, expect, it } from 'vitest';
import { newConnectionId, signToken, verifyToken } from './tokens';

const secret = Buffer.from('k'.repeat(32));
const payload = {
  connectionId: newConnectionId(),
  employeeId: 1002,
  sessionId: '6f1c6f1e-0000-4000-8000-000000000000',
  iface: 'pm',
  expiresAt: 1_900_000_000_000,
};

describe('connection tokens', () => {
  it('round-trip, URL-safe, and the connection id is not the token', () => {
    const token = signToken(secret, payload);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(verifyToken(secret, token)).toEqual(payload);
    expect(token).not.toContain(payload.connectionId);
  });

  it('refuse another secret, a changed payload, a changed signature and garbage', () => {
    const token = signToken(secret, payload);
    const [body, mac] = token.split('.') as [string, string];
    expect(verifyToken(Buffer.from('x'.repeat(32)), token)).toBeNull();
    const changed = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), e: 1001 }),
    );
    expect(verifyToken(secret, `${changed.toString('base64url')}.${mac}`)).toBeNull();
    expect(verifyToken(secret, `${body}.${mac.slice(0, -2)}AA`)).toBeNull();
    expect(verifyToken(secret, `${body}.`)).toBeNull();
    expect(verifyToken(secret, 'nonsense')).toBeNull();
    expect(verifyToken(secret, '')).toBeNull();
  });

  it('connection ids are 128 random bits', () => {
    const ids = new Set(Array.from({ length: 100 }, newConnectionId));
    expect(ids.size).toBe(100);
    expect(Buffer.from([...ids][0]!, 'base64url')).toHaveLength(16);
  });
});
