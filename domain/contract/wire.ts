/**
 * The wire contract of spec 000 §3.3, §7.1 and §8: the envelope every call answers with, the header
 * names, and the constants the request layer and the server share. Names and shapes are the legacy
 * system's, so that this client could also talk to the legacy server.
 */

/** Response envelope (spec 000 §3.3). `ResultJSON` is JSON text, gzipped and base64-encoded when `ResultCompressed`. */
export interface Envelope {
  Sorry: boolean;
  Error: boolean;
  Silent: boolean;
  Message: string;
  ResultJSON: string;
  ResultCompressed: boolean;
  ReturnOrder: number | null;
}

/**
 * Header names. The spec names EmployeeID, Authorization and BigPost; the others it only describes
 * ("compression flag", "real-time connection id", "return-order counter"), so we chose these names and
 * document them in the README.
 */
export const Headers = {
  compression: 'Compression',
  employeeId: 'EmployeeID',
  authorization: 'Authorization',
  connectionId: 'ConnectionID',
  returnOrder: 'ReturnOrder',
  bigPost: 'BigPost',
} as const;

/** TransmissionInfoJSON (spec 000 §7.1): carried by every GET query and POST body. */
export interface TransmissionInfo {
  DeviceOS: string;
  DeviceType: 'web';
  PlantID: number | null;
  EmployeeID: number | null;
}

/** Interfaces a user works in (spec 000 §1, §3.1). `web` covers every office interface. */
export const interfaces = [
  'pm',
  'manufacturing',
  'purchasing',
  'finance',
  'sales',
  'estimating',
  'configurator',
  'fis',
  'cs',
  'manufacturingApp',
  'tv',
  'vendorPortal',
  'installerPortal',
  'web',
] as const;
export type InterfaceName = (typeof interfaces)[number];

/** Constants of spec 000 §9 that both sides use. */
export const WireConstants = {
  /** Post queue background loop tick. */
  postQueueTickMs: 50,
  /** Chunk size of the compressed array field of a batched queued post (characters of base64 per chunk). */
  gzipChunkSize: 32768,
  /** Responses longer than this are logged by the client. */
  largeResponseLogThreshold: 2000,
  /** The server compresses a result only when the client asked and ResultJSON is at least this long. */
  compressResultMinLength: 1024,
  saveWaitPollMs: 250,
  saveWaitMaxMs: 30000,
  chunkLoadTimeoutMs: 120000,
} as const;

/** Status text of a 401 for a token that belongs to another employee than the EmployeeID header (spec 000 §4). */
export const OTHER_USER_401_TEXT = 'This session belongs to another user';
/** Status text of a 401 for a missing, unknown or expired token. */
export const EXPIRED_401_TEXT = 'Your session has expired. Please log in again';

/** Fields the request layer adds to every GET query and POST body; never part of a call's own payload. */
export const transportFields = [
  'TransmissionInfoJSON',
  'Token',
  'Interface',
  'PostQueueEmpty',
  'PostID',
] as const;
