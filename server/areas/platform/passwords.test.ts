import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

describe('passwords (scrypt)', () => {
  it('verifies the right password only, with a fresh salt each time', async () => {
    const a = await hashPassword('correct horse', 10);
    const b = await hashPassword('correct horse', 10);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$10\$8\$1\$/);
    expect(await verifyPassword('correct horse', a)).toBe(true);
    expect(await verifyPassword('correct horsE', a)).toBe(false);
    expect(await verifyPassword('correct horse', 'md5$abc')).toBe(false);
  });
  it('checks an old hash with the parameters stored in it', async () => {
    const cheap = await hashPassword('pw', 11);
    expect(await verifyPassword('pw', cheap)).toBe(true);
  });
});
