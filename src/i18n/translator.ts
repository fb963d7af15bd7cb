import { createInstance, type i18n as I18n } from 'i18next';
import { type Language, languages } from '../../domain/platform/session';
import { createMissingBatcher, type MissingBatcher } from './missing';

/** How the translator talks to the server (src/i18n/start.ts wires it to the request layer). */
export interface TranslationTransport {
  /** translation/GetDefaultTranslations: every translation of the language, English text → text. */
  loadDefaults(language: Language): Promise<Record<string, string>>;
  /** translation/ReportMissing: reports a batch; answers the translations the server has for any of them. */
  reportMissing(language: Language, texts: string[]): Promise<Record<string, string>>;
}

export interface TranslatorOptions {
  /** The language to start in; default `en`. */
  language?: Language;
  transport?: TranslationTransport;
  /** Quiet time before missing texts are reported; default 1000 ms (spec 001 §9). */
  debounceMs?: number;
  log?: (...args: unknown[]) => void;
}

/** Values of `{{name}}` placeholders in a text. Do not call one `count` (i18next would look for plural keys). */
export type TranslateValues = Record<string, unknown>;
export type TFunction = (english: string, values?: TranslateValues) => string;

export interface Translator {
  /** The i18next instance (English keys: the English text itself; no key or namespace separators). */
  readonly i18n: I18n;
  /** Translates an English text into the current language; the English text when there is no translation. */
  t: TFunction;
  language(): Language;
  /** Switches the language on this page: its defaults are loaded first (English needs none). */
  setLanguage(language: Language): Promise<void>;
  /** Gives the translator its server; loads the current language's defaults. */
  connect(transport: TranslationTransport): Promise<void>;
  /** Adds or replaces translations (a live change, or a batch's answer). */
  add(language: Language, translations: Record<string, string>): void;
  /** Forgets the translation of one text: screens show the English again. */
  remove(language: Language, english: string): void;
  /** Whether `english` has a translation in `language`. */
  has(language: Language, english: string): boolean;
  /** Settles when the language's defaults are loaded (or failed to load). */
  ready(language: Language): Promise<void>;
  /** Called after every change that can change what `t` answers (language, texts). */
  subscribe(listener: () => void): () => void;
  /** Grows with every such change: a useSyncExternalStore snapshot. */
  version(): number;
  readonly missing: MissingBatcher;
  dispose(): void;
}

const NS = 'translation';

/**
 * A translator for one page: an i18next instance whose keys are the English text itself, loaded with
 * a language's defaults from the server, and which reports the texts it has no translation for in
 * debounced batches (never for English, whose texts are the keys).
 */
export function createTranslator(options: TranslatorOptions = {}): Translator {
  const log = options.log ?? ((...args: unknown[]) => console.warn(...args));
  let transport = options.transport ?? null;
  let current: Language = options.language ?? 'en';
  let wanted: Language = current;
  let version = 0;
  const listeners = new Set<() => void>();
  const loads = new Map<Language, Promise<void>>();

  const notify = () => {
    version++;
    for (const l of [...listeners]) l();
  };

  const missing = createMissingBatcher({
    delayMs: options.debounceMs,
    log,
    // Wait for the language's defaults, then report only what is still untranslated.
    filter: async (language, texts) => {
      await loads.get(language as Language);
      return texts.filter((t) => !translator.has(language as Language, t));
    },
    send: async (language, texts) => {
      if (!transport) throw new Error('not connected');
      const known = await transport.reportMissing(language as Language, texts);
      if (Object.keys(known).length) translator.add(language as Language, known);
    },
  });

  const i18n = createInstance();
  void i18n.init({
    lng: current,
    fallbackLng: false,
    supportedLngs: [...languages],
    resources: {},
    ns: [NS],
    defaultNS: NS,
    keySeparator: false,
    nsSeparator: false,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    saveMissing: true,
    saveMissingTo: 'current',
    saveMissingPlurals: false,
    missingKeyHandler: (lngs, _ns, key) => {
      for (const l of lngs) {
        if (l !== 'en' && transport && (languages as readonly string[]).includes(l)) missing.add(l, key);
      }
    },
  });
  i18n.on('languageChanged', notify);
  i18n.store.on('added', notify);

  function load(language: Language): Promise<void> {
    if (language === 'en' || !transport) return Promise.resolve();
    const existing = loads.get(language);
    if (existing) return existing;
    const source = transport;
    const promise = source.loadDefaults(language).then(
      (map) => translator.add(language, map),
      (error: unknown) => {
        // Not loaded: the next switch to this language (or reconnect) tries again.
        loads.delete(language);
        log('[i18n] loading the translations failed', language, error);
      },
    );
    loads.set(language, promise);
    return promise;
  }

  const translator: Translator = {
    i18n,
    t: (english, values) => String(i18n.t(english, values as never)),
    language: () => current,
    async setLanguage(language) {
      wanted = language;
      await load(language);
      if (wanted !== language || current === language) return;
      current = language;
      await i18n.changeLanguage(language);
    },
    async connect(next) {
      transport = next;
      loads.clear();
      await load(current);
    },
    add(language, translations) {
      const entries = Object.entries(translations).filter(([k, v]) => typeof v === 'string' && k);
      if (!entries.length) return;
      i18n.addResources(language, NS, Object.fromEntries(entries));
    },
    remove(language, english) {
      const bundle = i18n.getResourceBundle(language, NS) as Record<string, string> | undefined;
      if (!bundle || !Object.hasOwn(bundle, english)) return;
      const { [english]: _gone, ...rest } = bundle;
      i18n.removeResourceBundle(language, NS);
      i18n.addResourceBundle(language, NS, rest, false, true, { silent: true });
      notify();
    },
    has: (language, english) =>
      Object.hasOwn((i18n.getResourceBundle(language, NS) as object | undefined) ?? {}, english),
    ready: (language) => loads.get(language) ?? Promise.resolve(),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    version: () => version,
    missing,
    dispose() {
      missing.dispose();
      listeners.clear();
    },
  };
  if (transport) void load(current);
  return translator;
}
