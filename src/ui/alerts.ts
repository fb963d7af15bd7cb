/**
 * The alert store (spec 000 §2.4, §4): info, success, error and warning alerts, and yes/no questions.
 * An alert with the same key as an open one (or one still being translated) is suppressed. When the
 * locale is not English the message goes through the injected `translate` first (the translation call
 * of §7.2); a failed translation shows the English text rather than nothing. Shaped for
 * useSyncExternalStore; AlertHost draws it.
 */
export type AlertKind = 'info' | 'success' | 'error' | 'warning';

export interface Alert {
  id: number;
  kind: AlertKind;
  message: string;
  key: string;
  onClose?: () => void;
  /** A yes/no question: AlertHost shows Yes and No, and `answer` settles it. */
  question?: boolean;
}

/** Translates English text into `language` (the §7.2 call `translation/Translate`). */
export type TranslateFn = (text: string, language: string) => Promise<string>;

export interface AlertTranslation {
  translate?: TranslateFn;
  /** The user's locale now ('en' by default); read at each alert, so a language change applies at once. */
  getLanguage?: () => string;
}

export interface AlertStore {
  show(kind: AlertKind, message: string, opts?: { key?: string; onClose?: () => void }): void;
  /**
   * A yes/no question (§4: question dialogs resolve to yes or no). Resolves true for Yes; false for No
   * or when the question is closed another way. A question with the same key as an open one shares its
   * answer.
   */
  question(message: string, opts?: { key?: string; kind?: AlertKind }): Promise<boolean>;
  /** Settles a question (and closes it); for a plain alert it is the same as close. */
  answer(id: number, yes: boolean): void;
  close(id: number): void;
  /** Sets the translation after creation: the store exists before the API client that translates. */
  setTranslation(translation: AlertTranslation): void;
  getSnapshot(): readonly Alert[];
  subscribe(listener: () => void): () => void;
}

/** English needs no translation: 'en' and regional variants such as 'en-US'. */
export function isEnglish(language: string | null | undefined): boolean {
  if (!language) return true;
  const lower = language.toLowerCase();
  return lower === 'en' || lower.startsWith('en-') || lower.startsWith('en_');
}

export function createAlertStore(translation: AlertTranslation = {}): AlertStore {
  let alerts: readonly Alert[] = [];
  let next = 1;
  let { translate, getLanguage } = translation;
  const listeners = new Set<() => void>();
  /** Keys whose message is being translated: a same-key alert meanwhile is suppressed too. */
  const pending = new Map<string, ((yes: boolean) => void)[]>();
  /** Answer callbacks of open questions, by alert id. */
  const answers = new Map<number, ((yes: boolean) => void)[]>();
  const emit = () => {
    for (const l of listeners) l();
  };

  /** Runs `add` with the message in the user's language: at once for English, else after translating. */
  const localize = (key: string, message: string, add: (text: string) => void) => {
    const language = getLanguage?.() ?? 'en';
    if (!translate || isEnglish(language)) {
      add(message);
      return;
    }
    pending.set(key, pending.get(key) ?? []);
    translate(message, language)
      .then((text) => (typeof text === 'string' && text.trim() ? text : message))
      .catch(() => message)
      .then((text) => {
        add(text);
      });
  };

  const openAlert = (alert: Omit<Alert, 'id'>): number => {
    const id = next++;
    alerts = [...alerts, { ...alert, id }];
    emit();
    return id;
  };

  const isTaken = (key: string) => pending.has(key) || alerts.some((a) => a.key === key);

  const remove = (id: number): Alert | undefined => {
    const alert = alerts.find((a) => a.id === id);
    if (!alert) return undefined;
    alerts = alerts.filter((a) => a.id !== id);
    emit();
    return alert;
  };

  const store: AlertStore = {
    show(kind, message, opts = {}) {
      const key = opts.key ?? `${kind}:${message}`;
      if (isTaken(key)) return;
      localize(key, message, (text) => {
        pending.delete(key);
        openAlert({ kind, message: text, key, onClose: opts.onClose });
      });
    },
    question(message, opts = {}) {
      const key = opts.key ?? `question:${message}`;
      return new Promise<boolean>((resolve) => {
        const open = alerts.find((a) => a.key === key && a.question);
        if (open) {
          answers.get(open.id)?.push(resolve);
          return;
        }
        const waiting = pending.get(key);
        if (waiting) {
          waiting.push(resolve);
          return;
        }
        // Same key as an open plain alert: suppressed like any alert, and the answer is "no".
        if (isTaken(key)) {
          resolve(false);
          return;
        }
        localize(key, message, (text) => {
          const resolvers = [resolve, ...(pending.get(key) ?? [])];
          pending.delete(key);
          const id = openAlert({ kind: opts.kind ?? 'warning', message: text, key, question: true });
          answers.set(id, resolvers);
        });
      });
    },
    answer(id, yes) {
      const alert = remove(id);
      if (!alert) return;
      const resolvers = answers.get(id) ?? [];
      answers.delete(id);
      for (const r of resolvers) r(yes);
      alert.onClose?.();
    },
    close(id) {
      store.answer(id, false);
    },
    setTranslation(value) {
      translate = value.translate;
      getLanguage = value.getLanguage;
    },
    getSnapshot: () => alerts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return store;
}
