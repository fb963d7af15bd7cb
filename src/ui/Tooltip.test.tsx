// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Tooltip } from './Tooltip';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Tooltip (spec 000 §2.4)', () => {
  it('shows after a 500 ms hover, 500 px wide, and hides on leave', () => {
    render(
      <Tooltip content="Bundle weight includes packaging">
        <button type="button">Weight</button>
      </Tooltip>,
    );
    const anchor = screen.getByRole('button').parentElement!;
    fireEvent.mouseEnter(anchor);
    act(() => vi.advanceTimersByTime(499));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    const tip = screen.getByRole('tooltip');
    expect(tip.style.maxWidth).toBe('500px');
    expect(anchor.getAttribute('aria-describedby')).toBe(tip.id);
    fireEvent.mouseLeave(anchor);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('does not show when the pointer leaves before the delay', () => {
    render(
      <Tooltip content="tip">
        <span>x</span>
      </Tooltip>,
    );
    const anchor = screen.getByText('x').parentElement!;
    fireEvent.mouseEnter(anchor);
    act(() => vi.advanceTimersByTime(300));
    fireEvent.mouseLeave(anchor);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows on keyboard focus too, and honours a custom delay and width', () => {
    render(
      <Tooltip content="tip" delayMs={100} width={200}>
        <button type="button">b</button>
      </Tooltip>,
    );
    fireEvent.focus(screen.getByRole('button'));
    act(() => vi.advanceTimersByTime(100));
    expect(screen.getByRole('tooltip').style.maxWidth).toBe('200px');
  });
});
