/**
 * The JSON hub protocol's framing and messages (dotnet/aspnetcore src/SignalR/docs/specs/HubProtocol.md):
 * UTF-8 JSON records, each terminated by the record separator 0x1E.
 */

export const RS = '\u001e';
const RS_BYTE = 0x1e;

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
  Ack: 8,
  Sequence: 9,
} as const;

/** A record the client sent that breaks the protocol: the connection is closed with this message. */
export class ProtocolError extends Error {
  override name = 'ProtocolError';
}

/**
 * Splits a byte stream into records. A transport frame may carry several records and a record may span
 * frames, so the unterminated tail is kept for the next chunk. 0x1E never occurs inside a multi-byte
 * UTF-8 sequence, so splitting bytes is safe. A record (or a tail) over `maxBytes` is a ProtocolError.
 */
export class RecordReader {
  private tail: Buffer[] = [];
  private tailBytes = 0;

  constructor(private readonly maxBytes: number) {}

  push(chunk: Buffer): string[] {
    const records: string[] = [];
    let start = 0;
    for (let end = chunk.indexOf(RS_BYTE); end !== -1; end = chunk.indexOf(RS_BYTE, start)) {
      const piece = chunk.subarray(start, end);
      const record = this.tailBytes ? Buffer.concat([...this.tail, piece]) : piece;
      this.tail = [];
      this.tailBytes = 0;
      if (record.length > this.maxBytes) throw this.tooLarge();
      records.push(record.toString('utf8'));
      start = end + 1;
    }
    if (start < chunk.length) {
      this.tailBytes += chunk.length - start;
      if (this.tailBytes > this.maxBytes) throw this.tooLarge();
      // A copy: the transport may reuse the chunk's memory.
      this.tail.push(Buffer.from(chunk.subarray(start)));
    }
    return records;
  }

  private tooLarge(): ProtocolError {
    return new ProtocolError(`The message is larger than the ${this.maxBytes}-byte limit.`);
  }
}

/** One record: the JSON text of `message` and the separator. */
export const record = (message: unknown): string => JSON.stringify(message) + RS;

export const PING_RECORD = record({ type: MessageType.Ping });
export const HANDSHAKE_OK_RECORD = record({});

export const handshakeErrorRecord = (error: string) => record({ error });

/** Close: `allowReconnect` is written only when true (the client checks `=== true`). */
export const closeRecord = (error: string | undefined, allowReconnect: boolean) =>
  record({
    type: MessageType.Close,
    ...(error ? { error } : {}),
    ...(allowReconnect ? { allowReconnect } : {}),
  });

/** Completion with a result: 0, false, "" and null are results and are written. */
export const resultRecord = (invocationId: string, result: unknown) =>
  record(
    result === undefined
      ? { type: MessageType.Completion, invocationId }
      : { type: MessageType.Completion, invocationId, result },
  );

export const errorRecord = (invocationId: string, error: string) =>
  record({ type: MessageType.Completion, invocationId, error });

/** An invocation the client does not answer (no invocationId), with pre-serialised arguments. */
export const invocationRecordRaw = (target: string, argumentsJson: string) =>
  `{"type":${MessageType.Invocation},"target":${JSON.stringify(target)},"arguments":${argumentsJson}}${RS}`;

/** The handshake request: which protocol and version the client speaks. */
export function parseHandshake(text: string): { protocol: string; version: number } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ProtocolError('The handshake request is not valid JSON.');
  }
  if (
    typeof value !== 'object' ||
    value === null ||
    typeof (value as { protocol?: unknown }).protocol !== 'string' ||
    typeof (value as { version?: unknown }).version !== 'number'
  ) {
    throw new ProtocolError('The handshake request must name a protocol and a version.');
  }
  const { protocol, version } = value as { protocol: string; version: number };
  return { protocol, version };
}

export interface InvocationMessage {
  type: 1 | 4;
  invocationId?: string;
  target: string;
  arguments: unknown[];
  streamIds?: unknown[];
}

export type ClientMessage =
  | InvocationMessage
  | { type: 5; invocationId: string }
  | { type: 6 }
  | { type: 7; error?: string }
  /** Types this server reads and ignores: StreamItem, Completion (client results), Ack, Sequence, future types. */
  | { type: 'ignored' };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** Parses and checks one record after the handshake. */
export function parseMessage(text: string): ClientMessage {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ProtocolError('A message is not valid JSON.');
  }
  if (!isObject(value) || typeof value.type !== 'number') {
    throw new ProtocolError('A message has no type.');
  }
  switch (value.type) {
    case MessageType.Invocation:
    case MessageType.StreamInvocation: {
      const { invocationId, target, arguments: args, streamIds } = value;
      if (invocationId !== undefined && (typeof invocationId !== 'string' || invocationId === '')) {
        throw new ProtocolError('An invocation has an invalid invocationId.');
      }
      if (value.type === MessageType.StreamInvocation && invocationId === undefined) {
        throw new ProtocolError('A stream invocation has no invocationId.');
      }
      if (typeof target !== 'string' || target === '')
        throw new ProtocolError('An invocation has no target.');
      if (!Array.isArray(args)) throw new ProtocolError('An invocation has no arguments array.');
      if (streamIds !== undefined && !Array.isArray(streamIds)) {
        throw new ProtocolError('An invocation has invalid streamIds.');
      }
      return {
        type: value.type,
        target,
        arguments: args,
        ...(invocationId !== undefined ? { invocationId } : {}),
        ...(streamIds !== undefined ? { streamIds } : {}),
      };
    }
    case MessageType.CancelInvocation:
      if (typeof value.invocationId !== 'string') throw new ProtocolError('A cancel has no invocationId.');
      return { type: 5, invocationId: value.invocationId };
    case MessageType.Ping:
      return { type: 6 };
    case MessageType.Close:
      return { type: 7, ...(typeof value.error === 'string' ? { error: value.error } : {}) };
    default:
      return { type: 'ignored' };
  }
}
