// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AlertHost } from './AlertHost';
import { createAlertStore } from './alerts';

afterEach(() => cleanup());

describe('AlertHost (spec 000 §2.4, §9)', () => {
  it('shows one alert at a time, 350–450 px wide and at most 300 px high; OK closes it', () => {
    const store = createAlertStore();
    const onClose = vi.fn();
    render(<AlertHost store={store} />);
    act(() => {
      store.show('error', 'First', { onClose });
      store.show('warning', 'Second');
    });
    const box = screen.getByRole('alertdialog', { name: 'Error' });
    expect(box.textContent).toContain('First');
    expect(box.style.minWidth).toBe('350px');
    expect(box.style.maxWidth).toBe('450px');
    expect(box.style.maxHeight).toBe('300px');
    expect(box.style.overflow).toBe('auto');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.getByRole('alertdialog', { name: 'Warning' }).textContent).toContain('Second');
  });

  it('suppresses an alert with the same key as the open one', () => {
    const store = createAlertStore();
    render(<AlertHost store={store} />);
    act(() => {
      store.show('error', 'Session expired', { key: '401' });
      store.show('error', 'Session expired again', { key: '401' });
    });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks a question with Yes and No and resolves the answer', async () => {
    const store = createAlertStore();
    render(<AlertHost store={store} />);
    let answer!: Promise<boolean>;
    act(() => {
      answer = store.question('Delete this tag?');
    });
    expect(screen.getByRole('alertdialog', { name: 'Please confirm' }).textContent).toContain(
      'Delete this tag?',
    );
    expect(screen.queryByRole('button', { name: 'OK' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await expect(answer).resolves.toBe(true);

    act(() => {
      answer = store.question('Delete this tag?');
    });
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    await expect(answer).resolves.toBe(false);
  });
});
