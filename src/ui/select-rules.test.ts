import { describe, expect, it } from 'vitest';
import {
  initialSelection,
  loadRemembered,
  rememberStorageKey,
  resolveSelection,
  type SelectStorage,
  saveRemembered,
} from './select-rules';

const options = [
  { text: 'Long Valley', value: 1 },
  { text: 'Idaho Falls', value: 2 },
];

function memoryStorage(): SelectStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v) };
}

describe('resolveSelection (spec 000 §5)', () => {
  it('keeps a value that is in the list', () => {
    expect(resolveSelection(options, 2)).toBe(2);
  });
  it('chooses the first item when the value is missing from the list', () => {
    expect(resolveSelection(options, 7)).toBe(1);
  });
  it('chooses null when the list is empty', () => {
    expect(resolveSelection([], 2)).toBeNull();
    expect(resolveSelection([], null)).toBeNull();
  });
  it('defaults empty values to the first item', () => {
    expect(resolveSelection(options, null)).toBe(1);
    expect(resolveSelection(options, undefined)).toBe(1);
    expect(resolveSelection([{ text: 'A', value: 'a' }], '')).toBe('a');
  });
  it('compares values strictly (2 is not "2")', () => {
    expect(resolveSelection(options, '2' as unknown as number)).toBe(1);
  });
});

describe('initialSelection', () => {
  it('prefers the remembered choice when it is still in the list', () => {
    expect(initialSelection(options, 1, 2)).toBe(2);
  });
  it('ignores a remembered choice no longer in the list', () => {
    expect(initialSelection(options, 2, 9)).toBe(2);
    expect(initialSelection(options, null, undefined)).toBe(1);
  });
});

describe('per-route memory', () => {
  it('builds one key per route path and select id', () => {
    expect(rememberStorageKey('/mes/parts', 'plant')).toBe('steelworks.select:/mes/parts:plant');
    expect(rememberStorageKey('/mes/parts/', 'plant')).toBe(rememberStorageKey('/mes/parts', 'plant'));
    expect(rememberStorageKey('/mes/parts', 'plant')).not.toBe(rememberStorageKey('/mes/tags', 'plant'));
    expect(rememberStorageKey('/', 'x')).toBe('steelworks.select:/:x');
  });
  it('saves and loads a value as JSON, keeping its type', () => {
    const storage = memoryStorage();
    saveRemembered(storage, 'k', 2);
    expect(storage.map.get('k')).toBe('2');
    expect(loadRemembered<number>(storage, 'k')).toBe(2);
    expect(loadRemembered(storage, 'other')).toBeUndefined();
  });
  it('treats corrupt or unavailable storage as nothing remembered', () => {
    const storage = memoryStorage();
    storage.map.set('k', '{oops');
    expect(loadRemembered(storage, 'k')).toBeUndefined();
    expect(loadRemembered(null, 'k')).toBeUndefined();
    const throwing: SelectStorage = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(loadRemembered(throwing, 'k')).toBeUndefined();
    expect(() => saveRemembered(throwing, 'k', 1)).not.toThrow();
  });
});
