import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { z } from 'zod';
import { WireConstants } from '../../domain/contract/wire';

/**
 * Hand-built pieces of the wire contract (spec 000 §7.1) the integration tests need beyond
 * tests/support/wire.ts: the transport fields of a body, the compressed array of a queued-post batch,
 * and the field names a call's payload schema takes. Built from the spec, never from src/api.
 */

/** The transport fields every POST body carries (TransmissionInfoJSON, Token, Interface). */
export function transport(token: string | null, employeeId: number | null = null): Record<string, string> {
  return {
    TransmissionInfoJSON: JSON.stringify({
      DeviceOS: 'test',
      DeviceType: 'web',
      PlantID: 1,
      EmployeeID: employeeId,
    }),
    Token: token ?? '',
    Interface: 'pm',
  };
}

export interface BatchItem {
  Path: string;
  Body: Record<string, unknown>;
}

/**
 * The CompressedPosts field of web/PostQueueBatch exactly as the contract gives it: the JSON text of
 * `[{Path, Body}]`, gzipped, base64-encoded, split into chunks of at most 32768 characters.
 */
export function compressPosts(items: BatchItem[]): string[] {
  const base64 = gzipSync(Buffer.from(JSON.stringify(items), 'utf8')).toString('base64');
  const chunks: string[] = [];
  for (let i = 0; i < base64.length; i += WireConstants.gzipChunkSize) {
    chunks.push(base64.slice(i, i + WireConstants.gzipChunkSize));
  }
  return chunks;
}

/** Random hex text: gzip cannot shrink it much below half, so it makes a body large on the wire too. */
export const randomHex = (chars: number) =>
  randomBytes(Math.ceil(chars / 2))
    .toString('hex')
    .slice(0, chars);

/** A fresh id for a queued post (the client uses a UUID too). */
export const newPostId = () => `post-${randomBytes(8).toString('hex')}`;

type Def = { type: string; shape?: Record<string, z.ZodType>; innerType?: z.ZodType; in?: z.ZodType };
const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/**
 * The field names a payload schema takes (through optional/nullable/default wrappers, refinements and
 * transforms), so a test can tell which calls have payload fields at all.
 */
export function payloadFields(schema: z.ZodType): string[] {
  let s = schema;
  for (let i = 0; i < 20; i++) {
    const def = defOf(s);
    if (def.type === 'object') return Object.keys(def.shape ?? {});
    if (def.type === 'pipe' && def.in) s = def.in;
    else if (def.innerType) s = def.innerType;
    else return [];
  }
  return [];
}
