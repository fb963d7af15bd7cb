import { gzipSync } from 'node:zlib';
import { type Envelope, WireConstants } from '../../domain/contract/wire';

export function successEnvelope(result: unknown, message = ''): Envelope {
  return {
    Sorry: false,
    Error: false,
    Silent: false,
    Message: message,
    ResultJSON: JSON.stringify(result ?? null),
    ResultCompressed: false,
    ReturnOrder: null,
  };
}

export function failureEnvelope(kind: 'error' | 'sorry' | 'silent', message: string): Envelope {
  return {
    Sorry: kind === 'sorry',
    Error: kind === 'error',
    Silent: kind === 'silent',
    Message: message,
    ResultJSON: 'null',
    ResultCompressed: false,
    ReturnOrder: null,
  };
}

/**
 * Finishes an envelope for one request: echoes its ReturnOrder and, when the client sent the
 * compression flag and the result is large enough to be worth it, gzips and base64-encodes ResultJSON.
 */
export function finishEnvelope(
  envelope: Envelope,
  opts: { compress: boolean; returnOrder: number | null },
): Envelope {
  const out = { ...envelope, ReturnOrder: opts.returnOrder };
  if (
    opts.compress &&
    !envelope.ResultCompressed &&
    envelope.ResultJSON.length >= WireConstants.compressResultMinLength
  ) {
    out.ResultJSON = gzipSync(Buffer.from(envelope.ResultJSON, 'utf8')).toString('base64');
    out.ResultCompressed = true;
  }
  return out;
}
