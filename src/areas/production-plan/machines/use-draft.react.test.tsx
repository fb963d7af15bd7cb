// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useDraft } from './machines';

afterEach(() => cleanup());

describe('useDraft', () => {
  it('shows what was typed until the value from the server changes, to it or to another', () => {
    const view = renderHook(({ value }) => useDraft(value), { initialProps: { value: 10 } });
    expect(view.result.current).toMatchObject({ shown: 10, dirty: false });
    act(() => view.result.current.set(17.5));
    expect(view.result.current).toMatchObject({ shown: 17.5, dirty: true });
    // Our save arrives live: the draft is done.
    view.rerender({ value: 17.5 });
    expect(view.result.current).toMatchObject({ shown: 17.5, dirty: false });
    // Someone else's later change shows, over an old draft.
    act(() => view.result.current.set(20));
    view.rerender({ value: 12 });
    expect(view.result.current).toMatchObject({ shown: 12, dirty: false });
  });

  it('keeps the draft while the value stays, and forgets it on drop', () => {
    const view = renderHook(({ value }) => useDraft(value), { initialProps: { value: 'Light section' } });
    act(() => view.result.current.set('Light'));
    view.rerender({ value: 'Light section' });
    expect(view.result.current.shown).toBe('Light');
    act(() => view.result.current.drop());
    expect(view.result.current).toMatchObject({ shown: 'Light section', dirty: false });
  });
});
