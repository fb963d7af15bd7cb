import type { PickKind, PickOption } from '../../domain/kit/pick';

/** How long typing must pause before a picker asks the server (keystrokes in between ask nothing). */
export const PICK_DEBOUNCE_MS = 200;

/**
 * The option a key moves to in an open picker list (the ARIA combobox pattern): arrows step and wrap,
 * Home and End jump; -1 is "none" (the list just opened). Null for a key the list does not take.
 */
export function movePick(active: number, count: number, key: string): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowDown':
      return active < 0 || active >= count - 1 ? 0 : active + 1;
    case 'ArrowUp':
      return active <= 0 ? count - 1 : active - 1;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** "Dana Whitfield" -> first and last name, for an avatar's initials. */
export function splitName(label: string): { FirstName: string; LastName: string } {
  const words = label.trim().split(/\s+/);
  return { FirstName: words[0] ?? '', LastName: words.length > 1 ? words[words.length - 1]! : '' };
}

type Ask = (kind: PickKind, id: string) => Promise<PickOption | null>;

/**
 * The labels of chosen values, asked once per kind and id for the whole page (a list of 100 employees
 * naming 4 supervisors asks 4 times). A failed answer is forgotten so the next screen asks again.
 */
export class PickLabels {
  private readonly known = new Map<string, Promise<PickOption | null>>();
  constructor(private readonly ask: Ask) {}

  get(kind: PickKind, id: string | number): Promise<PickOption | null> {
    const key = `${kind}:${id}`;
    let found = this.known.get(key);
    if (!found) {
      found = this.ask(kind, String(id));
      found.catch(() => this.known.delete(key));
      this.known.set(key, found);
    }
    return found;
  }

  /** An option the person just chose: its label is known without asking. */
  remember(kind: PickKind, option: PickOption): void {
    this.known.set(`${kind}:${option.ID}`, Promise.resolve(option));
  }
}
