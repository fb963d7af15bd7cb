import type { Language } from '../../domain/platform/session';
import { useLanguageWith, useTranslateWith, useTranslatorFrom } from './react';
import {
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

/**
 * Start-up: connects the app's translator to the services (call once, after createServices and before
 * the first render, as src/main.tsx does).
 */
export function startAppI18n(app: I18nServices): () => Promise<void> {
  services = app;
  follows = translationFollows(app.live, app.db.translations);
  return startI18n(app, translator, follows);
}

/**
 * Follows `translations:{language}` live into the `translations` collection until the answered function
 * is called; shares the replication with the app's own (the /translations screen uses it). Does nothing
 * before start-up.
 */
export function followTranslations(language: Language): () => void {
  return follows ? follows.acquire(language) : () => undefined;
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
