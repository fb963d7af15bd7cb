import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Passwords are hashed with scrypt, a memory-hard function built into Node (no native addon to
 * install). The parameters travel with each hash, so the cost can rise later without breaking old
 * hashes. Default N = 2^15, r = 8: 32 MiB and roughly 100 ms per check on this class of machine.
 */
const DEFAULT_LOG_N = Number(process.env.SCRYPT_LOG_N ?? 15);

function derive(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(
      password.normalize('NFKC'),
      salt,
      32,
      { N, r, p, maxmem: 256 * N * r + 1024 * 1024 },
      (err, key) => (err ? reject(err) : resolve(key)),
    ),
  );
}

export async function hashPassword(password: string, logN = DEFAULT_LOG_N): Promise<string> {
  const salt = randomBytes(16);
  const N = 2 ** logN;
  const key = await derive(password, salt, N, 8, 1);
  return `scrypt$${logN}$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !logN || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), 2 ** Number(logN), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

let dummy: Promise<string> | undefined;
/** A hash to check against when the user name is unknown, so that timing does not reveal which names exist. */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword('not a password');
  return dummy;
}

/**
 * Bounds the password hashing running at once. Each scrypt check takes 32 MiB and ~100 ms of a core;
 * unbounded, 40 concurrent failed logins filled libuv's thread pool and a good login queued behind
 * them for 2.7 s. The gate runs `slots` checks at a time and serves `urgent` callers (an address with
 * no attempt in flight and no recent failure for the name) before the others, so one address firing
 * many attempts waits behind everyone else. Past `maxQueued` waiting checks it refuses instead of
 * queueing without end.
 */
export class HashGate {
  private running = 0;
  private readonly urgent: Array<() => void> = [];
  private readonly other: Array<() => void> = [];

  constructor(
    private readonly slots = 2,
    private readonly maxQueued = 200,
  ) {}

  /** Runs `fn` when a slot is free; null (without running it) when too many are already waiting. */
  async run<T>(urgent: boolean, fn: () => Promise<T>): Promise<{ value: T } | null> {
    if (this.running < this.slots) this.running++;
    else {
      if (this.urgent.length + this.other.length >= this.maxQueued) return null;
      // The slot is handed over by the finishing caller: `running` stays as it is.
      await new Promise<void>((resolve) => (urgent ? this.urgent : this.other).push(resolve));
    }
    try {
      return { value: await fn() };
    } finally {
      const next = this.urgent.shift() ?? this.other.shift();
      if (next) next();
      else this.running--;
    }
  }

  get waiting(): number {
    return this.urgent.length + this.other.length;
  }
}
