// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Select } from './Select';
import type { SelectOption, SelectStorage } from './select-rules';

afterEach(() => cleanup());

const plants: SelectOption<number>[] = [
  { text: 'Long Valley', value: 1 },
  { text: 'Idaho Falls', value: 2 },
  { text: 'Milton', value: 3 },
];

function memoryStorage(): SelectStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v) };
}

function Field(props: {
  options: SelectOption<number>[];
  initial: number | null;
  storage?: SelectStorage;
  rememberKey?: string;
}) {
  const [value, setValue] = useState<number | null>(props.initial);
  return (
    <>
      <Select
        aria-label="Plant"
        options={props.options}
        value={value}
        onChange={setValue}
        rememberKey={props.rememberKey}
        routePath="/mes/tags"
        storage={props.storage ?? null}
      />
      <output>{String(value)}</output>
    </>
  );
}

const stored = () => screen.getByRole('status').textContent;
const select = () => screen.getByLabelText('Plant') as HTMLSelectElement;

describe('Select (spec 000 §5)', () => {
  it('defaults an empty value to the first item', () => {
    render(<Field options={plants} initial={null} />);
    expect(stored()).toBe('1');
    expect(select().selectedOptions[0]?.textContent).toBe('Long Valley');
  });

  it('chooses the first item when the list changes and the value is missing, null when empty', () => {
    const { rerender } = render(<Field options={plants} initial={3} />);
    expect(stored()).toBe('3');
    rerender(<Field options={plants.slice(0, 2)} initial={3} />);
    expect(stored()).toBe('1');
    rerender(<Field options={[]} initial={3} />);
    expect(stored()).toBe('null');
    expect(select().disabled).toBe(true);
  });

  it('keeps a value that is still in the changed list', () => {
    const { rerender } = render(<Field options={plants} initial={2} />);
    rerender(<Field options={[...plants].reverse()} initial={2} />);
    expect(stored()).toBe('2');
  });

  it('reports a pick with its typed value', () => {
    const onChange = vi.fn();
    render(<Select aria-label="Plant" options={plants} value={1} onChange={onChange} storage={null} />);
    fireEvent.change(select(), { target: { value: '2' } });
    expect(onChange).toHaveBeenCalledWith(3);
  });

  it('remembers the choice per route and restores it on the next mount', () => {
    const storage = memoryStorage();
    const { unmount } = render(
      <Field options={plants} initial={null} storage={storage} rememberKey="plant" />,
    );
    fireEvent.change(select(), { target: { value: '1' } });
    expect(storage.map.get('steelworks.select:/mes/tags:plant')).toBe('2');
    unmount();
    render(<Field options={plants} initial={null} storage={storage} rememberKey="plant" />);
    expect(stored()).toBe('2');
  });

  it('ignores a remembered choice that left the list', () => {
    const storage = memoryStorage();
    storage.map.set('steelworks.select:/mes/tags:plant', '9');
    render(<Field options={plants} initial={3} storage={storage} rememberKey="plant" />);
    expect(stored()).toBe('3');
  });
});
