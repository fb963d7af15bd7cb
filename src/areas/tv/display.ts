import type { DisplayCommand } from '../../../domain/tv/display';

/**
 * This TV's display code and the remote commands it applied (domain/tv/display.ts). Kept in
 * localStorage: the code must survive reloads and power cuts, or the remote would lose the TV.
 */
const ID_KEY = 'sw.tv.displayId';
const APPLIED_KEY = 'sw.tv.displayApplied';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
function write(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // No storage: the TV still works, with a new code after a reload.
  }
}

/** Six digits, made once. `crypto.getRandomValues` works on plain-http LAN pages (no secure context). */
export function displayId(): string {
  const known = read(ID_KEY);
  if (known && /^\d{6}$/.test(known)) return known;
  const [n = 0] = crypto.getRandomValues(new Uint32Array(1));
  const id = String(100_000 + (n % 900_000));
  write(ID_KEY, id);
  return id;
}

/** When this TV last took a board: from the remote (the command's SentAt) or chosen on /tv/start (now). */
export const appliedAt = () => read(APPLIED_KEY);
export const markApplied = (at: string) => write(APPLIED_KEY, at);

/**
 * Whether the TV goes where `command` says: a command newer than the last board this TV took, for a
 * place it is not at already. An older command (the TV was set by hand since) stays ignored.
 */
export function shouldApply(command: DisplayCommand, applied: string | null, here: string): boolean {
  if (applied !== null && Date.parse(command.SentAt) <= Date.parse(applied)) return false;
  return command.Path !== here;
}
