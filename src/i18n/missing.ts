import { REPORT_MISSING_MAX } from '../../domain/platform/translations';

/** Quiet time after the last missing text before the batch goes out (spec 001 §9: 1000 ms). */
export const MISSING_DEBOUNCE_MS = 1000;

export interface MissingBatcherOptions {
  /** Sends one batch of one language; a rejection makes those texts reportable again. */
  send(language: string, texts: string[]): Promise<void>;
  /** Default {@link MISSING_DEBOUNCE_MS}. */
  delayMs?: number;
  /**
   * Called when the timer fires, before sending: drops the texts that need no report any more (a
   * translation arrived meanwhile) and may wait (the language's defaults still loading).
   */
  filter?(language: string, texts: string[]): string[] | Promise<string[]>;
  log?: (...args: unknown[]) => void;
}

export interface MissingBatcher {
  /** Notes a text `language` has no translation for; restarts the quiet timer when it is new. */
  add(language: string, text: string): void;
  /** Sends what is pending now (tests, page hide). */
  flush(): Promise<void>;
  /** Texts waiting for the timer, by language. */
  pending(): Record<string, string[]>;
  dispose(): void;
}

/**
 * Collects missing texts and reports them in one batch per language once no new one came for
 * `delayMs` (a debounce: every new text restarts the timer). A text is reported once per language per
 * page; a failed report forgets it, so the next time a screen asks for it, it is reported again.
 */
export function createMissingBatcher(options: MissingBatcherOptions): MissingBatcher {
  const delay = options.delayMs ?? MISSING_DEBOUNCE_MS;
  const log = options.log ?? ((...args: unknown[]) => console.warn(...args));
  const waiting = new Map<string, Set<string>>();
  /** Texts pending or reported, per language: never twice. */
  const known = new Map<string, Set<string>>();
  let timer: ReturnType<typeof setTimeout> | null = null;

  function setOf(map: Map<string, Set<string>>, language: string): Set<string> {
    const existing = map.get(language);
    if (existing) return existing;
    const created = new Set<string>();
    map.set(language, created);
    return created;
  }
  const knownOf = (language: string) => setOf(known, language);

  async function sendOne(language: string, texts: string[]): Promise<void> {
    let toSend = texts;
    try {
      toSend = options.filter ? await options.filter(language, texts) : texts;
      // One call per batch; a batch larger than the call takes goes in as few calls as it can.
      for (let i = 0; i < toSend.length; i += REPORT_MISSING_MAX) {
        await options.send(language, toSend.slice(i, i + REPORT_MISSING_MAX));
      }
    } catch (error) {
      // Not reported: let the next request of these texts try again.
      for (const t of texts) knownOf(language).delete(t);
      log('[i18n] reporting missing texts failed', language, error);
    }
  }

  async function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const batches: Array<[string, string[]]> = [...waiting].map(([language, texts]) => [
      language,
      [...texts],
    ]);
    waiting.clear();
    await Promise.all(batches.map(([language, texts]) => sendOne(language, texts)));
  }

  return {
    add(language, text) {
      const seen = knownOf(language);
      if (seen.has(text)) return;
      seen.add(text);
      setOf(waiting, language).add(text);
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void flush(), delay);
    },
    flush,
    pending: () => Object.fromEntries([...waiting].map(([l, texts]) => [l, [...texts]])),
    dispose() {
      if (timer) clearTimeout(timer);
      timer = null;
      waiting.clear();
    },
  };
}
