import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256 } from './sha256';

const native = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

describe('sha256 (RxDB hashFunction without crypto.subtle)', () => {
  it('matches the known vectors', async () => {
    expect(await sha256('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(await sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('matches the native digest on every length around the block boundaries, and on UTF-8', async () => {
    for (let n = 0; n < 200; n++) {
      const text = 'x'.repeat(n);
      expect(await sha256(text)).toBe(native(text));
    }
    const text = 'Español — 日本語 — 🚀'.repeat(20);
    expect(await sha256(text)).toBe(native(text));
  });

  it('hashes ArrayBuffer and Blob input by their bytes', async () => {
    const bytes = new Uint8Array(Array.from({ length: 300 }, (_, i) => (i * 7) % 256));
    expect(await sha256(bytes.slice().buffer)).toBe(native(bytes));
    expect(await sha256(new Blob([bytes]))).toBe(native(bytes));
  });

  it('does not use crypto.subtle (a plain-http LAN page has none)', async () => {
    const subtle = Object.getOwnPropertyDescriptor(globalThis.crypto, 'subtle');
    Object.defineProperty(globalThis.crypto, 'subtle', { value: undefined, configurable: true });
    try {
      expect(await sha256('abc')).toBe(native('abc'));
    } finally {
      if (subtle) Object.defineProperty(globalThis.crypto, 'subtle', subtle);
    }
  });
});
