import { gzip, ungzip } from 'pako';
import { describe, expect, it } from 'vitest';
import {
  base64ToBytes,
  bytesToBase64,
  decodeResultJSON,
  fileNameFromContentDisposition,
  gunzipBase64,
  gzipBase64Chunks,
} from './codec';

describe('bytesToBase64 / base64ToBytes', () => {
  it('matches Node base64 for more bytes than one 32768-byte step', async () => {
    const bytes = new Uint8Array(100_001).map((_, i) => (i * 7919) % 256);
    const base64 = bytesToBase64(bytes);
    expect(base64).toBe(Buffer.from(bytes).toString('base64'));
    expect([...base64ToBytes(base64)]).toEqual([...bytes]);
  });
});

describe('gzipBase64Chunks', () => {
  it('gives one chunk for a short text that decodes back (UTF-8 included)', async () => {
    const text = JSON.stringify([{ Path: 'web/X', Body: { Name: 'Peña — 東京' } }]);
    const chunks = await gzipBase64Chunks(text);
    expect(chunks).toHaveLength(1);
    expect(new TextDecoder().decode(ungzip(Buffer.from(chunks[0] ?? '', 'base64')))).toBe(text);
    expect(await gunzipBase64(chunks.join(''))).toBe(text);
  });

  it('splits into chunks of at most the chunk size whose join is the whole base64 text', async () => {
    const text = Array.from({ length: 4000 }, (_, i) => `${(i * 2654435761) % 4294967296}`).join(',');
    const chunks = await gzipBase64Chunks(text, 1000);
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks.slice(0, -1).every((c) => c.length === 1000)).toBe(true);
    expect((chunks.at(-1) ?? '').length).toBeLessThanOrEqual(1000);
    expect(await gunzipBase64(chunks.join(''))).toBe(text);
  });
});

describe('decodeResultJSON', () => {
  it('parses plain JSON text', async () => {
    expect(await decodeResultJSON({ ResultJSON: '{"a":[1,2]}', ResultCompressed: false })).toEqual({
      a: [1, 2],
    });
  });

  it('gunzips base64 when ResultCompressed', async () => {
    const ResultJSON = Buffer.from(gzip('{"name":"Cataforesis","plant":19}')).toString('base64');
    expect(await decodeResultJSON({ ResultJSON, ResultCompressed: true })).toEqual({
      name: 'Cataforesis',
      plant: 19,
    });
  });

  it('is null for an empty ResultJSON and throws for broken JSON', async () => {
    expect(await decodeResultJSON({ ResultJSON: '', ResultCompressed: false })).toBeNull();
    await expect(decodeResultJSON({ ResultJSON: '{', ResultCompressed: false })).rejects.toThrow();
  });
});

describe('fileNameFromContentDisposition', () => {
  it.each([
    ["attachment; filename*=UTF-8''N%C3%BAmero%201.pdf", 'Número 1.pdf'],
    ['attachment; filename="fallback.pdf"; filename*=UTF-8\'\'real%20name.pdf', 'real name.pdf'],
    ['attachment; filename="quoted; name.pdf"', 'quoted; name.pdf'],
    ['attachment; filename=plain.txt', 'plain.txt'],
    ['attachment', null],
    [null, null],
  ])('%s -> %s', (header, expected) => {
    expect(fileNameFromContentDisposition(header)).toBe(expected);
  });
});
