import type { Language } from '../../domain/platform/session';
import { useLanguageWith, useTranslateWith, useTranslatorFrom } from './react';
import {
  applyTranslationChanges,
  type I18nServices,
  rememberedLanguage,
  saveLanguage,
  startI18n,
  type TranslationFollows,
  translationFollows,
} from './start';
import { createTranslator, type TFunction, type TranslateValues, type Translator } from './translator';

/**
 * The app's translator: one per page. English until start-up connects it (or the language this browser
 * last used, for the login page). See src/i18n/README.md.
 */
export const translator: Translator = createTranslator({ language: rememberedLanguage() ?? 'en' });

/** Translates an English text (outside React, or in code that runs on every render anyway). */
export const t: TFunction = (english: string, values?: TranslateValues) => translator.t(english, values);

/** `const t = useT();` then `t('Log in')`, `t('Welcome, {{name}}', { name })`: re-renders on a language or text change. */
export function useT(): TFunction {
  return useTranslateWith(useTranslatorFrom(translator));
}

/** The language the page speaks. */
export function useLanguage(): Language {
  return useLanguageWith(useTranslatorFrom(translator));
}

let services: I18nServices | null = null;
let follows: TranslationFollows | null = null;
/** Follows asked for before the store was attached: acquired for real when it is. */
const pending = new Map<number, { language: Language; release: (() => void) | null }>();
let nextPending = 0;

/**
 * Follows that wait for the store: Login runs without RxDB (its JavaScript budget), so the live topic
 * of the page's language is followed from the moment the shell attaches the store.
 */
const deferredFollows: TranslationFollows = {
  acquire(language) {
    if (follows) return follows.acquire(language);
    const id = nextPending++;
    pending.set(id, { language, release: null });
    return () => {
      const entry = pending.get(id);
      pending.delete(id);
      entry?.release?.();
    };
  },
  held: () => follows?.held() ?? [],
  stopAll: async () => {
    await follows?.stopAll();
  },
};

/**
 * Start-up: connects the app's translator to the core services (call once, before the first render,
 * as src/main.tsx does): defaults, missing texts, the user's language. The live part comes with
 * {@link attachI18nStore}.
 */
export function startAppI18n(app: I18nServices): () => Promise<void> {
  services = app;
  return startI18n(app, translator, deferredFollows);
}

/** The store is attached: follow `translations:{language}` live and apply its changes to the bundles. */
export function attachI18nStore(store: Required<Pick<I18nServices, 'db' | 'live' | 'enqueue'>>): void {
  if (follows) return;
  follows = translationFollows(store.live, store.db.translations);
  if (services) services = { ...services, ...store };
  applyTranslationChanges(translator, store.db.translations.$);
  for (const entry of pending.values()) entry.release = follows.acquire(entry.language);
}

/**
 * Follows `translations:{language}` live into the `translations` collection until the answered function
 * is called; shares the replication with the app's own (the /translations screen uses it). Does nothing
 * before start-up.
 */
export function followTranslations(language: Language): () => void {
  return deferredFollows.acquire(language);
}

/**
 * The user picked a language: saved on their employee record (web/UpdateEmployee through the post
 * queue), so this tab switches at once and their other tabs switch live. Before login: this browser only.
 */
export function changeLanguage(language: Language): void {
  if (!services) {
    void translator.setLanguage(language);
    return;
  }
  saveLanguage(services, translator, language);
}

export { createMissingBatcher, MISSING_DEBOUNCE_MS, type MissingBatcher } from './missing';
export { I18nProvider, Trans } from './react';
export {
  applyTranslationChanges,
  type I18nServices,
  languageOf,
  saveLanguage,
  startI18n,
  type TranslationFollows,
  translationFollows,
} from './start';
export {
  createTranslator,
  type TFunction,
  type TranslateValues,
  type TranslationTransport,
  type Translator,
} from './translator';
