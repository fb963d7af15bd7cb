import { createContext, Fragment, type ReactNode, useContext, useMemo, useSyncExternalStore } from 'react';
import type { Language } from '../../domain/platform/session';
import type { TFunction, Translator } from './translator';

export const TranslatorContext = createContext<Translator | null>(null);

/** Provides a translator to the components below (the app's own is the default; tests give theirs). */
export function I18nProvider({ translator, children }: { translator: Translator; children: ReactNode }) {
  return <TranslatorContext.Provider value={translator}>{children}</TranslatorContext.Provider>;
}

export function useTranslatorFrom(fallback: Translator): Translator {
  return useContext(TranslatorContext) ?? fallback;
}

/** A `t` that re-renders the component when the language or the texts change. */
export function useTranslateWith(translator: Translator): TFunction {
  const version = useSyncExternalStore(translator.subscribe, translator.version, translator.version);
  // A new function per version, so memoised children that take `t` re-render too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: version is what makes the function new.
  return useMemo<TFunction>(() => (english, values) => translator.t(english, values), [translator, version]);
}

export function useLanguageWith(translator: Translator): Language {
  useSyncExternalStore(translator.subscribe, translator.version, translator.version);
  return translator.language();
}

const SLOT = '\u0001';

/**
 * A translated sentence with elements in it: `{{name}}` placeholders whose values are React nodes.
 * `<Trans t={t} text="The screen at {{path}} is not built." values={{ path: <code>{p}</code> }} />`.
 * The translator sees the sentence with its placeholders, so the word order may change.
 */
export function Trans({
  t,
  text,
  values,
}: {
  t: TFunction;
  text: string;
  values: Record<string, ReactNode>;
}) {
  const marked = t(text, Object.fromEntries(Object.keys(values).map((k) => [k, `${SLOT}${k}${SLOT}`])));
  const parts = marked.split(SLOT);
  return (
    <>
      {parts.map((part, i) => (
        // Odd parts are placeholder names.
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one sentence never reorder.
        <Fragment key={i}>{i % 2 === 1 && Object.hasOwn(values, part) ? values[part] : part}</Fragment>
      ))}
    </>
  );
}
