import type { MangoQuerySelector, RxChangeEvent, RxCollection } from 'rxdb';
import type { Observable, Subscription } from 'rxjs';
import type { Actor } from 'xstate';
import type { CallDef, PayloadOf, ResultOf } from '../../domain/contract/call';
import { topicOf } from '../../domain/live/topics';
import { UpdateEmployee } from '../../domain/platform/employees';
import { GetDefaultTranslations } from '../../domain/platform/reference';
import { type Language, languages } from '../../domain/platform/session';
import { ReportMissingTranslations } from '../../domain/platform/translations';
import type { sessionMachine } from '../../machines/session.machine';
import type {
  TranslationProjection,
  TranslationsCollection,
} from '../../projections/translations.collection';
import type { Translator } from './translator';

/** The last language used on this browser: the login page speaks it too. */
const LANGUAGE_KEY = 'sw.language';

export function rememberedLanguage(): Language | null {
  try {
    const value = globalThis.localStorage?.getItem(LANGUAGE_KEY);
    return (languages as readonly string[]).includes(value ?? '') ? (value as Language) : null;
  } catch {
    return null;
  }
}

function rememberLanguage(language: Language): void {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_KEY, language);
  } catch {
    // Storage refused (private window, full disk): the next login page starts in English.
  }
}

/** The part of the app's services the translation wiring uses (src/app/services.ts provides it). */
export interface I18nServices {
  /** Quiet request layer: loading translations and reporting missing texts show no alert. */
  backgroundApi: {
    get<C extends CallDef>(call: C, payload: PayloadOf<C>): Promise<ResultOf<C>>;
    post<C extends CallDef>(call: C, payload: PayloadOf<C>): Promise<ResultOf<C>>;
  };
  session: Actor<typeof sessionMachine>;
  /** The post queue's enqueue; absent until the store is attached. */
  enqueue?<C extends CallDef>(call: C, payload: PayloadOf<C>): void;
  /** The store (RxDB and the live feed); absent until the store is attached (src/app/store.ts). */
  db?: { translations: TranslationsCollection };
  live?: {
    follow<T>(
      topic: string,
      collection: RxCollection<T>,
      scope?: MangoQuerySelector<T>,
    ): { stop(): Promise<void> };
  };
}

/**
 * Applies the live translation documents of `collection` to the translator: a saved translation is
 * added to the bundle of its language, a cleared one (Text null) or a deleted document removed.
 */
export function applyTranslationChanges(
  translator: Translator,
  changes$: Observable<RxChangeEvent<TranslationProjection>>,
): Subscription {
  return changes$.subscribe((event) => {
    const doc = (event.operation === 'DELETE' ? event.previousDocumentData : event.documentData) as
      | Partial<TranslationProjection>
      | undefined;
    if (!doc?.English || !doc.Language || !(languages as readonly string[]).includes(doc.Language)) return;
    const deleted =
      event.operation === 'DELETE' || Boolean((event.documentData as { _deleted?: boolean })?._deleted);
    if (deleted || doc.Text == null) translator.remove(doc.Language, doc.English);
    else translator.add(doc.Language, { [doc.English]: doc.Text });
  });
}

/**
 * Shared follows of `translations:{language}`: one replication per language however many holders
 * (the app's own language, a /translations screen showing another or the same one). Two replications
 * of one topic into one collection would share a checkpoint and fight over it.
 */
export function translationFollows(
  live: NonNullable<I18nServices['live']>,
  collection: TranslationsCollection,
) {
  const held = new Map<Language, { count: number; handle: { stop(): Promise<void> } }>();
  return {
    /** Follows the language's topic until the answered function is called (English has none). */
    acquire(language: Language): () => void {
      if (language === 'en') return () => undefined;
      const entry = held.get(language) ?? {
        count: 0,
        handle: live.follow<TranslationProjection>(topicOf.translations(language), collection, {
          Language: language,
        }),
      };
      held.set(language, entry);
      entry.count++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const current = held.get(language);
        if (!current || --current.count > 0) return;
        held.delete(language);
        void current.handle.stop();
      };
    },
    held: () => [...held.keys()],
    async stopAll() {
      const handles = [...held.values()].map((e) => e.handle);
      held.clear();
      await Promise.all(handles.map((h) => h.stop()));
    },
  };
}
export type TranslationFollows = ReturnType<typeof translationFollows>;

/** The language a page speaks: the user's (spec 000 §1), else the last one this browser used, else English. */
export function languageOf(user: { Language: Language } | null): Language {
  return user?.Language ?? rememberedLanguage() ?? 'en';
}

/**
 * Connects `translator` to the app (call once at start-up, before the first render):
 * - its transport: defaults from translation/GetDefaultTranslations, missing texts to
 *   translation/ReportMissing (logged in only), both through the quiet request layer;
 * - the session: the page speaks the user's Language, and switches whenever the user record's
 *   Language changes (this tab, or another tab or device through the `employee:{id}` topic, which
 *   src/app/live.ts merges into the session);
 * - the live topic `translations:{language}` of the current language, replicated into the
 *   `translations` collection, whose changes go straight into the bundle.
 * Answers a stop function (tests; a page simply goes away).
 */
export function startI18n(
  services: I18nServices,
  translator: Translator,
  follows: TranslationFollows | null = services.live && services.db
    ? translationFollows(services.live, services.db.translations)
    : null,
): () => Promise<void> {
  const { session, backgroundApi, db } = services;
  const loggedIn = () => session.getSnapshot().matches('loggedIn');

  void translator.connect({
    loadDefaults: (language) => backgroundApi.get(GetDefaultTranslations, { language }),
    async reportMissing(language, texts) {
      if (language === 'en') return {};
      // ReportMissing needs a login; the batcher forgets texts it could not report, so a screen asking
      // for them after login reports them then.
      if (!loggedIn()) throw new Error('not logged in');
      const answer = await backgroundApi.post(ReportMissingTranslations, {
        Language: language,
        Texts: texts,
      });
      return answer.Translations;
    },
  });

  let followed: { language: Language; release: () => void } | null = null;
  function follow(language: Language) {
    if (!follows || followed?.language === language) return;
    followed?.release();
    followed = { language, release: follows.acquire(language) };
  }

  function onSession() {
    const snapshot = session.getSnapshot();
    const user = snapshot.matches('loggedIn') ? snapshot.context.user : null;
    // Logged out: the language this browser last used (the login page after a logout stays Spanish).
    const language = user ? user.Language : (rememberedLanguage() ?? translator.language());
    if (user) rememberLanguage(user.Language);
    follow(language);
    if (language !== translator.language()) void translator.setLanguage(language);
  }

  const changes = db ? applyTranslationChanges(translator, db.translations.$) : null;
  const sessionSub = session.subscribe(onSession);
  onSession();

  return async () => {
    sessionSub.unsubscribe();
    changes?.unsubscribe();
    followed?.release();
    followed = null;
  };
}

/**
 * Saves a language choice: on the employee record through the post queue (web/UpdateEmployee
 * {EmployeeID, FieldName: 'Language', Value}, spec 001 §7), shown at once in this tab; the server
 * publishes the record on `employee:{id}`, so the user's other tabs switch too. Not logged in: this
 * page and browser only.
 */
export function saveLanguage(
  services: Pick<I18nServices, 'session' | 'enqueue'>,
  translator: Translator,
  language: Language,
): void {
  const user = services.session.getSnapshot().context.user;
  if (!user || !services.session.getSnapshot().matches('loggedIn') || !services.enqueue) {
    rememberLanguage(language);
    void translator.setLanguage(language);
    return;
  }
  if (user.Language === language) return;
  services.enqueue(UpdateEmployee, { EmployeeID: user.EmployeeID, FieldName: 'Language', Value: language });
  services.session.send({ type: 'session.userUpdated', user: { ...user, Language: language } });
}
