/**
 * Select rules (spec 000 §5, §3.4): which option a select shows when its list or value changes, and
 * the optional per-route memory in browser storage. Framework-free; the Select component wires them.
 */

/** §3.4: a select option is a text and a value. */
export interface SelectOption<V> {
  text: string;
  value: V;
}

/** Empty values (null, undefined, '') default to the first item (§5). */
export function isEmptyValue(value: unknown): value is null | undefined | '' {
  return value === null || value === undefined || value === '';
}

function hasValue<V>(options: readonly SelectOption<V>[], value: V): boolean {
  return options.some((o) => Object.is(o.value, value));
}

/**
 * The value a select holds for `options`: the current value when it is in the list, otherwise the first
 * item, or null when the list is empty (§5: when the list changes and the value is missing, and for
 * empty values).
 */
export function resolveSelection<V>(
  options: readonly SelectOption<V>[],
  current: V | null | undefined,
): V | null {
  const first = options[0];
  if (!first) return null;
  if (!isEmptyValue(current) && hasValue(options, current as V)) return current as V;
  return first.value;
}

/**
 * The value when a select with memory mounts: the remembered choice when it is still in the list (that
 * is what remembering is for), else the usual rule.
 */
export function initialSelection<V>(
  options: readonly SelectOption<V>[],
  current: V | null | undefined,
  remembered: V | null | undefined,
): V | null {
  if (!isEmptyValue(remembered) && hasValue(options, remembered as V)) return remembered as V;
  return resolveSelection(options, current);
}

/** The storage key of a remembered choice: one per route path and select id. */
export function rememberStorageKey(routePath: string, selectId: string): string {
  // Trailing slashes are the same route to a person; without this /pm and /pm/ would remember apart.
  const path = routePath.length > 1 ? routePath.replace(/\/+$/, '') : routePath;
  return `steelworks.select:${path}:${selectId}`;
}

/** The part of Storage the memory uses (localStorage in the app; a Map-backed stand-in in tests). */
export type SelectStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The remembered value, or undefined when none is stored or it cannot be read. */
export function loadRemembered<V>(storage: SelectStorage | null, key: string): V | undefined {
  if (!storage) return undefined;
  try {
    const raw = storage.getItem(key);
    return raw === null ? undefined : (JSON.parse(raw) as V);
  } catch {
    // Corrupt JSON or storage blocked by the browser: behave as if nothing was remembered.
    return undefined;
  }
}

export function saveRemembered<V>(storage: SelectStorage | null, key: string, value: V | null): void {
  if (!storage) return;
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // Quota or privacy mode: memory is optional, the select keeps working.
  }
}
