import { type Envelope, WireConstants } from '../../domain/contract/wire';

/**
 * pako is loaded the first time something is compressed or a compressed result arrives, not with the
 * first page: Login needs neither, and its JavaScript has a budget (issue 4: 200 KB gzipped).
 */
let pako: Promise<typeof import('pako')> | null = null;
const loadPako = () => {
  pako ??= import('pako');
  return pako;
};

/** Bytes per `String.fromCharCode` call when turning bytes into a binary string (keeps the argument list small). */
const BINARY_STRING_STEP = 32768;

/** Base64 of bytes: a binary string built 32768 bytes at a time, then `btoa`. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += BINARY_STRING_STEP) {
    binary += String.fromCharCode(...bytes.subarray(i, i + BINARY_STRING_STEP));
  }
  return btoa(binary);
}

/** Bytes of base64 text (`atob`, one byte per character). */
export function base64ToBytes(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Gzip of the UTF-8 bytes of `text`, base64-encoded. */
export async function gzipBase64(text: string): Promise<string> {
  const { gzip } = await loadPako();
  return bytesToBase64(gzip(new TextEncoder().encode(text)));
}

/** The text of base64 of gzip (the inverse of {@link gzipBase64}). */
export async function gunzipBase64(base64: string): Promise<string> {
  const { ungzip } = await loadPako();
  return new TextDecoder().decode(ungzip(base64ToBytes(base64)));
}

/**
 * Gzip `text`, base64-encode it and split the base64 text into chunks of at most
 * `WireConstants.gzipChunkSize` (32768) characters: the `CompressedPosts` of `web/PostQueueBatch`.
 * Joining the chunks gives the whole base64 text back.
 */
export async function gzipBase64Chunks(
  text: string,
  chunkSize: number = WireConstants.gzipChunkSize,
): Promise<string[]> {
  const base64 = await gzipBase64(text);
  const chunks: string[] = [];
  for (let i = 0; i < base64.length; i += chunkSize) chunks.push(base64.slice(i, i + chunkSize));
  return chunks;
}

/**
 * The parsed result of an envelope: `ResultJSON` is JSON text, or, when `ResultCompressed`, base64 of the
 * gzip of the JSON text. An empty ResultJSON is `null`. Throws when the text is not valid JSON or not
 * valid base64/gzip.
 */
export async function decodeResultJSON(
  envelope: Pick<Envelope, 'ResultJSON' | 'ResultCompressed'>,
): Promise<unknown> {
  const raw = envelope.ResultJSON;
  if (raw === '' || raw === null || raw === undefined) return null;
  const json = envelope.ResultCompressed ? await gunzipBase64(raw) : raw;
  return JSON.parse(json);
}

/**
 * The file name of a `Content-Disposition` header: `filename*=UTF-8''…` (percent-decoded) wins over
 * `filename=…` (quoted or not). Null when the header names none.
 */
export function fileNameFromContentDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    const value = extended[1].trim().replace(/^"(.*)"$/, '$1');
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  return name ? name : null;
}
