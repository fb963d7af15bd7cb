// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NumericInput } from './NumericInput';
import type { NumericOptions } from './numeric';

afterEach(() => cleanup());

function Field({
  initial,
  spy,
  ...opts
}: NumericOptions & { initial: number | null; spy?: (v: number | null) => void }) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <>
      <NumericInput
        aria-label="n"
        value={value}
        onChange={(v) => {
          spy?.(v);
          setValue(v);
        }}
        {...opts}
      />
      <output>{String(value)}</output>
    </>
  );
}

const input = () => screen.getByLabelText('n') as HTMLInputElement;
const stored = () => screen.getByRole('status').textContent;
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });

describe('NumericInput (spec 000 §5)', () => {
  it('shows the $ prefix and 2 decimals when not focused, the plain number when focused', () => {
    render(<Field initial={1234.5} usd />);
    expect(input().value).toBe('$1,234.50');
    fireEvent.focus(input());
    expect(input().value).toBe('1234.5');
    fireEvent.blur(input());
    expect(input().value).toBe('$1,234.50');
  });

  it('shows the lb and in suffixes when not focused', () => {
    render(
      <>
        <NumericInput aria-label="w" value={1200} onChange={() => {}} pounds />
        <NumericInput aria-label="l" value={36} onChange={() => {}} inches />
      </>,
    );
    expect((screen.getByLabelText('w') as HTMLInputElement).value).toBe('1,200 lb');
    expect((screen.getByLabelText('l') as HTMLInputElement).value).toBe('36 in');
  });

  it('keeps the previous text when a keystroke is not allowed', () => {
    const spy = vi.fn();
    render(<Field initial={12} spy={spy} />);
    fireEvent.focus(input());
    type('12a');
    expect(input().value).toBe('12');
    type('-12');
    expect(input().value).toBe('12');
    type('12.5');
    expect(input().value).toBe('12');
    expect(spy).not.toHaveBeenCalled();
  });

  it('reports each accepted value, with commas removed and decimals truncated', () => {
    render(<Field initial={null} decimals={2} />);
    fireEvent.focus(input());
    type('1,234.567');
    expect(input().value).toBe('1234.56');
    expect(stored()).toBe('1234.56');
  });

  it('stores a percent ÷ 100 and shows it × 100', () => {
    render(<Field initial={0.075} percent />);
    expect(input().value).toBe('7.5');
    fireEvent.focus(input());
    type('12');
    expect(stored()).toBe('0.12');
    fireEvent.blur(input());
    expect(input().value).toBe('12');
  });

  it('reports values snapped to min/max as typed, and shows the snapped text on leaving', () => {
    render(<Field initial={50} min={10} max={100} />);
    fireEvent.focus(input());
    type('150');
    expect(stored()).toBe('100');
    fireEvent.blur(input());
    expect(input().value).toBe('100');
    fireEvent.focus(input());
    type('5');
    expect(stored()).toBe('10');
    expect(input().value).toBe('5');
    fireEvent.blur(input());
    expect(input().value).toBe('10');
  });

  it('turns empty text into null when nullable, else the default', () => {
    const { unmount } = render(<Field initial={5} nullable />);
    fireEvent.focus(input());
    type('');
    expect(stored()).toBe('null');
    unmount();
    render(<Field initial={5} defaultValue={1} />);
    fireEvent.focus(input());
    type('');
    expect(stored()).toBe('1');
  });

  it('accepts one leading minus with allowNegative, reporting nothing for a lone minus', () => {
    const spy = vi.fn();
    render(<Field initial={3} allowNegative spy={spy} />);
    fireEvent.focus(input());
    type('');
    spy.mockClear();
    type('-');
    expect(spy).not.toHaveBeenCalled();
    type('--');
    expect(input().value).toBe('-');
    type('-4');
    expect(stored()).toBe('-4');
  });

  it('settles the text on Enter without leaving the field', () => {
    render(<Field initial={2000} min={1000} />);
    fireEvent.focus(input());
    type('3');
    fireEvent.keyDown(input(), { key: 'Enter' });
    // Snapped to min but still the editing text ('1000', not the display form '1,000').
    expect(input().value).toBe('1000');
    expect(stored()).toBe('1000');
  });
});
