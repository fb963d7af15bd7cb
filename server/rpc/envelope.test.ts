import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { failureEnvelope, finishEnvelope, successEnvelope } from './envelope';

describe('envelope', () => {
  it('success carries the JSON text of the result', () => {
    expect(successEnvelope({ a: 1 })).toEqual({
      Sorry: false,
      Error: false,
      Silent: false,
      Message: '',
      ResultJSON: '{"a":1}',
      ResultCompressed: false,
      ReturnOrder: null,
    });
  });
  it('each failure kind sets exactly its own flag', () => {
    expect(failureEnvelope('error', 'x')).toMatchObject({
      Error: true,
      Sorry: false,
      Silent: false,
      Message: 'x',
    });
    expect(failureEnvelope('sorry', 'x')).toMatchObject({ Error: false, Sorry: true, Silent: false });
    expect(failureEnvelope('silent', 'x')).toMatchObject({ Error: false, Sorry: false, Silent: true });
  });
  it('compresses only when asked and when the result is large enough, and echoes ReturnOrder', () => {
    const big = successEnvelope('x'.repeat(5000));
    const out = finishEnvelope(big, { compress: true, returnOrder: 7 });
    expect(out.ResultCompressed).toBe(true);
    expect(out.ReturnOrder).toBe(7);
    expect(gunzipSync(Buffer.from(out.ResultJSON, 'base64')).toString()).toBe(big.ResultJSON);
    expect(finishEnvelope(big, { compress: false, returnOrder: null }).ResultCompressed).toBe(false);
    expect(
      finishEnvelope(successEnvelope('small'), { compress: true, returnOrder: null }).ResultCompressed,
    ).toBe(false);
  });
});
