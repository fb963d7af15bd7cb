// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastHost } from './ToastHost';
import { createToastStore } from './toasts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('ToastHost (spec 000 §2.4, §9)', () => {
  it('shows a toast and dismisses it after 3000 ms', () => {
    const store = createToastStore();
    render(<ToastHost store={store} />);
    act(() => void store.show('File "a.pdf" downloaded successfully!'));
    expect(screen.getByRole('status').textContent).toContain('a.pdf');
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.queryByRole('status')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('is not dismissed while hovered, and is after the pointer leaves', () => {
    const store = createToastStore();
    render(<ToastHost store={store} />);
    act(() => void store.show('Saved'));
    act(() => vi.advanceTimersByTime(1000));
    fireEvent.mouseEnter(screen.getByRole('status'));
    act(() => vi.advanceTimersByTime(10000));
    expect(screen.getByRole('status').getAttribute('data-paused')).toBe('true');
    fireEvent.mouseLeave(screen.getByRole('status'));
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('closes with its close button', () => {
    const store = createToastStore();
    render(<ToastHost store={store} />);
    act(() => void store.show('Oops', { kind: 'error', timeoutMs: 0 }));
    expect(screen.getByRole('alert').className).toContain('sw-toast-error');
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sits in a container at most 350 px wide', () => {
    const store = createToastStore();
    const { container } = render(<ToastHost store={store} />);
    expect((container.firstElementChild as HTMLElement).style.maxWidth).toBe('350px');
  });
});
