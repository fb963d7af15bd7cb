import { type SelectHTMLAttributes, useEffect, useRef } from 'react';
import {
  initialSelection,
  loadRemembered,
  rememberStorageKey,
  resolveSelection,
  type SelectOption,
  type SelectStorage,
  saveRemembered,
} from './select-rules';
import './widgets.css';

export interface SelectProps<V>
  extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange' | 'defaultValue' | 'multiple'> {
  options: readonly SelectOption<V>[];
  value: V | null;
  onChange: (value: V | null) => void;
  /** Remember the person's choice for this route under this id (spec 000 §5). */
  rememberKey?: string;
  /** The route the memory belongs to; default the current location's path (no router needed). */
  routePath?: string;
  /** Default localStorage; null turns memory off (and tests pass a stand-in). */
  storage?: SelectStorage | null;
}

function defaultStorage(): SelectStorage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Some privacy modes throw on the mere access.
    return null;
  }
}

/**
 * A select following spec 000 §5: a value missing from the list (or empty) becomes the first item, or
 * null for an empty list, and the owner hears about it through onChange. With `rememberKey` the
 * person's choice is kept per route and restored on the next visit when it is still in the list.
 * Values may be any type: the <option>s carry their index, not the value.
 */
export function Select<V>(props: SelectProps<V>) {
  const { options, value, onChange, rememberKey, routePath, storage, className, ...selectProps } = props;
  const store = storage === undefined ? defaultStorage() : storage;
  const key = rememberKey
    ? rememberStorageKey(
        routePath ?? (typeof window === 'undefined' ? '/' : window.location.pathname),
        rememberKey,
      )
    : null;
  const restored = useRef(false);

  // After every render, not on chosen dependencies: the owner often builds `options` anew each
  // render, and the check is cheap. onChange only runs when the shown value must change.
  useEffect(() => {
    let next: V | null;
    if (!restored.current) {
      restored.current = true;
      next = initialSelection(options, value, key ? loadRemembered<V>(store, key) : undefined);
    } else {
      next = resolveSelection(options, value);
    }
    if (!Object.is(next, value)) onChange(next);
  });

  const index = options.findIndex((o) => Object.is(o.value, value));
  return (
    <select
      {...selectProps}
      className={`sw-select${className ? ` ${className}` : ''}`}
      disabled={selectProps.disabled || options.length === 0}
      value={index < 0 ? '' : String(index)}
      onChange={(e) => {
        const option = options[Number(e.target.value)];
        const next = option ? option.value : null;
        if (key) saveRemembered(store, key, next);
        onChange(next);
      }}
    >
      {index < 0 && <option value="" disabled hidden />}
      {options.map((o, i) => (
        // Index keys are right here: an option is its position in the list the owner passed.
        // biome-ignore lint/suspicious/noArrayIndexKey: values may be objects or repeat; the index is the identity.
        <option key={i} value={String(i)}>
          {o.text}
        </option>
      ))}
    </select>
  );
}
