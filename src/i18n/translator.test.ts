import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '../../domain/platform/session';
import { createTranslator, type TranslationTransport, type Translator } from './translator';

const spanish: Record<string, string> = {
  'Log in': 'Iniciar sesión',
  'Welcome, {{name}}': 'Bienvenido, {{name}}',
  'Plant: 1.5 of 2': 'Planta: 1.5 de 2',
};

function fakeTransport(defaults: Partial<Record<Language, Record<string, string>>> = { es: spanish }) {
  const reports: Array<{ language: Language; texts: string[] }> = [];
  const loads: Language[] = [];
  const known: Record<string, string> = {};
  const transport: TranslationTransport = {
    async loadDefaults(language) {
      loads.push(language);
      return { ...(defaults[language] ?? {}) };
    },
    async reportMissing(language, texts) {
      reports.push({ language, texts });
      return Object.fromEntries(texts.filter((t) => known[t]).map((t) => [t, known[t]!]));
    },
  };
  return { transport, reports, loads, known };
}

describe('createTranslator', () => {
  let translator: Translator | null = null;
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    translator?.dispose();
    translator = null;
    vi.useRealTimers();
  });

  it('English: the key is the text, nothing loaded, nothing reported', async () => {
    const fake = fakeTransport();
    translator = createTranslator({ transport: fake.transport });
    expect(translator.t('Log in')).toBe('Log in');
    expect(translator.t('Welcome, {{name}}', { name: 'Ann' })).toBe('Welcome, Ann');
    await vi.advanceTimersByTimeAsync(2000);
    expect(fake.loads).toEqual([]);
    expect(fake.reports).toEqual([]);
  });

  it('Spanish: the defaults translate, placeholders are filled, and dots and colons are not separators', async () => {
    const fake = fakeTransport();
    translator = createTranslator({ language: 'es', transport: fake.transport });
    await translator.ready('es');
    expect(fake.loads).toEqual(['es']);
    expect(translator.t('Log in')).toBe('Iniciar sesión');
    expect(translator.t('Welcome, {{name}}', { name: 'Luis <b>' })).toBe('Bienvenido, Luis <b>');
    expect(translator.t('Plant: 1.5 of 2')).toBe('Planta: 1.5 de 2');
  });

  it('reports the texts it has no Spanish for in one batch, and adds what the answer knows', async () => {
    const fake = fakeTransport();
    fake.known['Good morning'] = 'Buenos días';
    translator = createTranslator({ language: 'es', transport: fake.transport });
    await translator.ready('es');
    expect(translator.t('Good morning')).toBe('Good morning');
    expect(translator.t('Log in')).toBe('Iniciar sesión');
    expect(translator.t('Never seen')).toBe('Never seen');
    expect(translator.t('Good morning')).toBe('Good morning');
    await vi.advanceTimersByTimeAsync(999);
    expect(fake.reports).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(fake.reports).toEqual([{ language: 'es', texts: ['Good morning', 'Never seen'] }]);
    expect(translator.t('Good morning')).toBe('Buenos días');
  });

  it('a text asked for before the defaults arrived is not reported when the defaults have it', async () => {
    let release: (map: Record<string, string>) => void = () => {};
    const reports: string[][] = [];
    translator = createTranslator({
      language: 'es',
      transport: {
        loadDefaults: () => new Promise((resolve) => (release = resolve)),
        async reportMissing(_l, texts) {
          reports.push(texts);
          return {};
        },
      },
    });
    translator.t('Log in');
    translator.t('Not shipped');
    await vi.advanceTimersByTimeAsync(1500);
    expect(reports).toEqual([]); // waits for the defaults
    release(spanish);
    await vi.advanceTimersByTimeAsync(0);
    expect(reports).toEqual([['Not shipped']]);
  });

  it('switches language: the defaults load first, listeners hear it, and English needs no load', async () => {
    const fake = fakeTransport();
    translator = createTranslator({ transport: fake.transport });
    const heard = vi.fn();
    translator.subscribe(heard);
    const before = translator.version();
    await translator.setLanguage('es');
    expect(translator.language()).toBe('es');
    expect(translator.t('Log in')).toBe('Iniciar sesión');
    expect(heard).toHaveBeenCalled();
    expect(translator.version()).toBeGreaterThan(before);
    await translator.setLanguage('en');
    expect(translator.t('Log in')).toBe('Log in');
    await translator.setLanguage('es');
    expect(fake.loads).toEqual(['es']); // loaded once
  });

  it('a failed load leaves English on screen and is tried again at the next switch', async () => {
    let fail = true;
    translator = createTranslator({
      log: () => {},
      transport: {
        loadDefaults: async () => {
          if (fail) throw new Error('offline');
          return spanish;
        },
        reportMissing: async () => ({}),
      },
    });
    await translator.setLanguage('es');
    expect(translator.t('Log in')).toBe('Log in');
    fail = false;
    await translator.setLanguage('en');
    await translator.setLanguage('es');
    expect(translator.t('Log in')).toBe('Iniciar sesión');
  });

  it('live: add and remove change what t answers, and tell the listeners', async () => {
    const fake = fakeTransport();
    translator = createTranslator({ language: 'es', transport: fake.transport });
    await translator.ready('es');
    const heard = vi.fn();
    translator.subscribe(heard);
    translator.add('es', { 'Log in': 'Entrar' });
    expect(translator.t('Log in')).toBe('Entrar');
    translator.remove('es', 'Log in');
    expect(translator.t('Log in')).toBe('Log in');
    expect(translator.t('Welcome, {{name}}', { name: 'A' })).toBe('Bienvenido, A');
    expect(heard).toHaveBeenCalledTimes(2);
  });

  it('without a server (not connected yet) it answers English and reports nothing', async () => {
    translator = createTranslator({ language: 'es' });
    expect(translator.t('Log in')).toBe('Log in');
    await vi.advanceTimersByTimeAsync(2000);
    expect(translator.missing.pending()).toEqual({});
  });
});
