import { describe, expect, it, vi } from 'vitest';
import { createAlertStore } from './alerts';

describe('alert store', () => {
  it('suppresses an alert with the same key as an open one (spec 000 §2.4)', () => {
    const store = createAlertStore();
    store.show('error', 'A', { key: 'k' });
    store.show('error', 'B', { key: 'k' });
    expect(store.getSnapshot().map((a) => a.message)).toEqual(['A']);
    store.close(store.getSnapshot()[0]!.id);
    store.show('error', 'B', { key: 'k' });
    expect(store.getSnapshot().map((a) => a.message)).toEqual(['B']);
  });
  it('runs onClose when the alert is closed and notifies subscribers', () => {
    const store = createAlertStore();
    const onClose = vi.fn();
    const listener = vi.fn();
    store.subscribe(listener);
    store.show('info', 'x', { onClose });
    store.close(store.getSnapshot()[0]!.id);
    expect(onClose).toHaveBeenCalledOnce();
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

/** Lets pending promise callbacks run. */
const flush = () => new Promise<void>((r) => setTimeout(r, 0));

describe('questions (spec 000 §2.4, §4)', () => {
  it('resolves true for yes and false for no', async () => {
    const store = createAlertStore();
    const yes = store.question('Delete the tag?');
    const [first] = store.getSnapshot();
    expect(first).toMatchObject({ message: 'Delete the tag?', question: true });
    store.answer(first!.id, true);
    await expect(yes).resolves.toBe(true);

    const no = store.question('Delete the tag?');
    store.answer(store.getSnapshot()[0]!.id, false);
    await expect(no).resolves.toBe(false);
    expect(store.getSnapshot()).toEqual([]);
  });
  it('resolves false when closed without an answer', async () => {
    const store = createAlertStore();
    const answer = store.question('Leave?');
    store.close(store.getSnapshot()[0]!.id);
    await expect(answer).resolves.toBe(false);
  });
  it('a same-key question shares the open one instead of opening another', async () => {
    const store = createAlertStore();
    const a = store.question('Leave?');
    const b = store.question('Leave?');
    expect(store.getSnapshot()).toHaveLength(1);
    store.answer(store.getSnapshot()[0]!.id, true);
    await expect(Promise.all([a, b])).resolves.toEqual([true, true]);
  });
});

describe('translation of alert messages (spec 000 §2.4, §7.2)', () => {
  it('does not call translate when the locale is English', () => {
    const translate = vi.fn(async (text: string) => `T:${text}`);
    const store = createAlertStore({ translate, getLanguage: () => 'en' });
    store.show('error', 'Saved badly');
    expect(translate).not.toHaveBeenCalled();
    expect(store.getSnapshot()[0]?.message).toBe('Saved badly');
  });
  it('translates when the locale is not English, then shows the translation', async () => {
    const translate = vi.fn(async (text: string, language: string) => `${language}:${text}`);
    const store = createAlertStore({ translate, getLanguage: () => 'es' });
    store.show('warning', 'Stock is low');
    expect(store.getSnapshot()).toEqual([]);
    await flush();
    expect(translate).toHaveBeenCalledWith('Stock is low', 'es');
    expect(store.getSnapshot()[0]?.message).toBe('es:Stock is low');
  });
  it('suppresses a same-key alert while the first is still being translated', async () => {
    const translate = vi.fn(async (text: string) => `¡${text}!`);
    const store = createAlertStore({ translate, getLanguage: () => 'es' });
    store.show('error', 'A', { key: 'k' });
    store.show('error', 'B', { key: 'k' });
    await flush();
    expect(translate).toHaveBeenCalledOnce();
    expect(store.getSnapshot().map((a) => a.message)).toEqual(['¡A!']);
  });
  it('shows the English text when translation fails or answers nothing', async () => {
    const store = createAlertStore({
      translate: async (text) => {
        if (text === 'one') throw new Error('offline');
        return '';
      },
      getLanguage: () => 'es',
    });
    store.show('error', 'one');
    store.show('error', 'two');
    await flush();
    expect(store.getSnapshot().map((a) => a.message)).toEqual(['one', 'two']);
  });
  it('translates questions too, and the translation can be set after creation', async () => {
    const store = createAlertStore();
    let language = 'en';
    store.setTranslation({ translate: async (t) => `ES ${t}`, getLanguage: () => language });
    language = 'es';
    const answer = store.question('Continue?');
    await flush();
    const [q] = store.getSnapshot();
    expect(q?.message).toBe('ES Continue?');
    store.answer(q!.id, true);
    await expect(answer).resolves.toBe(true);
  });
  it('treats regional English as English', () => {
    const translate = vi.fn(async (t: string) => t);
    const store = createAlertStore({ translate, getLanguage: () => 'en-US' });
    store.show('info', 'x');
    expect(translate).not.toHaveBeenCalled();
  });
});
