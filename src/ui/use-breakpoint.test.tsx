// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useBreakpoint } from './use-breakpoint';

function Probe() {
  return <p>{useBreakpoint()}</p>;
}

function resizeTo(width: number) {
  window.innerWidth = width;
  window.dispatchEvent(new Event('resize'));
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useBreakpoint (spec 000 §9)', () => {
  it('follows the window width, 250 ms after the last resize', () => {
    window.innerWidth = 1280;
    render(<Probe />);
    expect(screen.getByRole('paragraph').textContent).toBe('desktop');
    act(() => {
      resizeTo(800);
      vi.advanceTimersByTime(200);
      resizeTo(500);
      vi.advanceTimersByTime(249);
    });
    expect(screen.getByRole('paragraph').textContent).toBe('desktop');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('paragraph').textContent).toBe('phone');
    act(() => {
      resizeTo(1024);
      vi.advanceTimersByTime(250);
    });
    expect(screen.getByRole('paragraph').textContent).toBe('tablet');
  });
});
