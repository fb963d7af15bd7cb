import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import type { TranslationDoc } from '../../../domain/live/docs';
import {
  DeleteTranslation,
  GetTranslations,
  SaveTranslation,
  type TranslatedLanguage,
  type TranslationRow,
  translatedLanguages,
} from '../../../domain/platform/translations';
import { useServices, useUser } from '../../app/context';
import { followTranslations, useT } from '../../i18n';

/** Rows per page. */
export const TRANSLATIONS_PAGE_SIZE = 25;
/** Quiet time after typing in the search box before the list reloads. */
const SEARCH_DEBOUNCE_MS = 300;

const languageNames: Record<TranslatedLanguage, string> = { es: 'Español' };

/** What the administrator typed for one text and has not saved yet, with the last save's outcome. */
interface Draft {
  text: string;
  saving: boolean;
  error: string | null;
}

const draftKey = (language: string, english: string) => `${language}\u0000${english}`;
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * /translations: an administrator (mesAdministrator or superAdministrator) fills in and corrects the
 * translations of a language. Missing texts (reported by screens that had no translation) come first.
 * Each row saves on its own; a failed save keeps what was typed, with the reason beside it, until it is
 * saved or reverted, whatever page, search or language is shown meanwhile. Saves by another
 * administrator show live (topic `translations:{language}`).
 */
export function TranslationsPage() {
  const { backgroundApi, db } = useServices();
  const user = useUser();
  const t = useT();
  const allowed = Boolean(user && (user.MesAdministrator || user.SuperAdministrator));

  const [language, setLanguage] = useState<TranslatedLanguage>(() =>
    user && user.Language !== 'en' ? user.Language : translatedLanguages[0]!,
  );
  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState('');
  const [missingOnly, setMissingOnly] = useState(false);
  const [skip, setSkip] = useState(0);
  const [page, setPage] = useState<{ rows: TranslationRow[]; total: number; missingTotal: number } | null>(
    null,
  );
  const [loadError, setLoadError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [reload, setReload] = useState(0);
  const [drafts, setDrafts] = useState<ReadonlyMap<string, Draft>>(new Map());
  const [saved, setSaved] = useState<ReadonlySet<string>>(new Set());
  const [confirmDelete, setConfirmDelete] = useState<string | null>(null);
  const request = useRef(0);

  // The search box reloads once typing pauses, from the first page.
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(searchInput.trim());
      setSkip(0);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchInput]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `reload` asks for the same page again.
  useEffect(() => {
    if (!allowed) return;
    const mine = ++request.current;
    setLoading(true);
    backgroundApi
      .get(GetTranslations, {
        Language: language,
        Search: search || undefined,
        MissingOnly: missingOnly,
        Skip: skip,
        Take: TRANSLATIONS_PAGE_SIZE,
      })
      .then(
        (answer) => {
          if (mine !== request.current) return; // A newer request is on its way.
          setPage({ rows: answer.Rows, total: answer.Total, missingTotal: answer.MissingTotal });
          setLoadError(null);
        },
        (error: unknown) => mine === request.current && setLoadError(messageOf(error)),
      )
      .finally(() => mine === request.current && setLoading(false));
  }, [allowed, backgroundApi, language, search, missingOnly, skip, reload]);

  // Live: another administrator's save (or delete) changes the rows shown.
  useEffect(() => {
    if (!allowed) return;
    const release = followTranslations(language);
    const sub = db.translations.$.subscribe((event) => {
      const doc = event.documentData as Partial<TranslationDoc> | undefined;
      if (!doc?.English || doc.Language !== language || event.operation === 'DELETE') return;
      setPage(
        (p) =>
          p && {
            ...p,
            rows: p.rows.map((r) =>
              r.English === doc.English ? { ...r, Text: doc.Text ?? null, Missing: doc.Text == null } : r,
            ),
          },
      );
    });
    return () => {
      sub.unsubscribe();
      release();
    };
  }, [allowed, db, language]);

  const setDraft = useCallback((key: string, draft: Draft | null) => {
    setDrafts((current) => {
      const next = new Map(current);
      if (draft) next.set(key, draft);
      else next.delete(key);
      return next;
    });
  }, []);

  async function save(row: TranslationRow) {
    const key = draftKey(row.Language, row.English);
    const draft = drafts.get(key);
    if (!draft || draft.saving) return;
    if (!draft.text.trim()) {
      setDraft(key, { ...draft, error: t('Type the translation before saving.') });
      return;
    }
    setDraft(key, { ...draft, saving: true, error: null });
    try {
      const answer = await backgroundApi.post(SaveTranslation, {
        Language: row.Language as TranslatedLanguage,
        English: row.English,
        Text: draft.text,
      });
      setPage((p) => p && { ...p, rows: p.rows.map((r) => (r.English === answer.English ? answer : r)) });
      // Typed again while saving: keep the newer text as a draft.
      setDrafts((current) => {
        const latest = current.get(key);
        const next = new Map(current);
        if (latest && latest.text !== draft.text) next.set(key, { ...latest, saving: false });
        else next.delete(key);
        return next;
      });
      setSaved((s) => new Set(s).add(key));
    } catch (error) {
      // Nothing typed is lost: the draft stays, with the reason.
      setDrafts((current) => {
        const latest = current.get(key) ?? draft;
        return new Map(current).set(key, { ...latest, saving: false, error: messageOf(error) });
      });
    }
  }

  async function remove(row: TranslationRow) {
    const key = draftKey(row.Language, row.English);
    setConfirmDelete(null);
    try {
      await backgroundApi.post(DeleteTranslation, {
        Language: row.Language as TranslatedLanguage,
        English: row.English,
      });
      setDraft(key, null);
      setReload((n) => n + 1);
    } catch (error) {
      setDraft(key, {
        text: drafts.get(key)?.text ?? row.Text ?? '',
        saving: false,
        error: messageOf(error),
      });
    }
  }

  function onKey(e: KeyboardEvent<HTMLInputElement>, row: TranslationRow) {
    if (e.key === 'Enter') {
      e.preventDefault();
      void save(row);
    } else if (e.key === 'Escape') {
      setDraft(draftKey(row.Language, row.English), null);
    }
  }

  if (!allowed) {
    return (
      <section className="page">
        <div className="card">
          <h1>{t('Translations')}</h1>
          <p>{t('You do not have permission to maintain translations.')}</p>
        </div>
      </section>
    );
  }

  const total = page?.total ?? 0;
  const unsaved = [...drafts.entries()].filter(([k]) => k.startsWith(`${language}\u0000`)).length;
  return (
    <section className="page">
      <div className="card">
        <div className="row spread">
          <h1>{t('Translations')}</h1>
          <span className="muted" data-testid="missing-total">
            {page ? t('{{n}} missing', { n: page.missingTotal }) : ''}
            {unsaved ? ` · ${t('{{n}} not saved', { n: unsaved })}` : ''}
          </span>
        </div>
        <div className="row">
          <label className="row">
            {t('Language')}
            <select
              name="language"
              value={language}
              onChange={(e) => {
                setLanguage(e.target.value as TranslatedLanguage);
                setSkip(0);
              }}
            >
              {translatedLanguages.map((l) => (
                <option key={l} value={l}>
                  {languageNames[l]}
                </option>
              ))}
            </select>
          </label>
          <label className="row">
            {t('Search')}
            <input
              name="search"
              type="search"
              value={searchInput}
              onChange={(e) => setSearchInput(e.target.value)}
            />
          </label>
          <label className="row">
            <input
              type="checkbox"
              name="missingOnly"
              checked={missingOnly}
              onChange={(e) => {
                setMissingOnly(e.target.checked);
                setSkip(0);
              }}
            />
            {t('Missing only')}
          </label>
        </div>
        {loadError ? (
          <p className="form-error" role="alert">
            {t(loadError)}{' '}
            <button type="button" onClick={() => setReload((n) => n + 1)}>
              {t('Retry')}
            </button>
          </p>
        ) : null}
        <table className="grid" aria-label={t('Translations')} aria-busy={loading}>
          <thead>
            <tr>
              <th>{t('English')}</th>
              <th>{t('Translation')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {page?.rows.map((row) => {
              const key = draftKey(row.Language, row.English);
              const draft = drafts.get(key);
              const value = draft?.text ?? row.Text ?? '';
              return (
                <tr key={row.TranslationID} data-translation={row.TranslationID} data-missing={row.Missing}>
                  <td>
                    {row.English}
                    {row.Missing ? <span className="muted"> · {t('Missing')}</span> : null}
                  </td>
                  <td>
                    <input
                      aria-label={t('Translation of {{english}}', { english: row.English })}
                      value={value}
                      onChange={(e) =>
                        setDraft(key, { text: e.target.value, saving: draft?.saving ?? false, error: null })
                      }
                      onKeyDown={(e) => onKey(e, row)}
                    />
                    {draft?.error ? (
                      <p className="form-error" role="alert">
                        {t(draft.error)}
                      </p>
                    ) : null}
                  </td>
                  <td>
                    <button
                      type="button"
                      className="primary"
                      disabled={!draft || draft.saving}
                      onClick={() => void save(row)}
                    >
                      {draft?.saving ? t('Saving…') : t('Save')}
                    </button>
                    {draft && !draft.saving ? (
                      <button type="button" onClick={() => setDraft(key, null)}>
                        {t('Undo')}
                      </button>
                    ) : null}
                    {confirmDelete === key ? (
                      <>
                        <button type="button" className="warning" onClick={() => void remove(row)}>
                          {t('Delete')}
                        </button>
                        <button type="button" onClick={() => setConfirmDelete(null)}>
                          {t('Keep')}
                        </button>
                      </>
                    ) : (
                      <button type="button" onClick={() => setConfirmDelete(key)}>
                        {t('Delete…')}
                      </button>
                    )}
                    {!draft && saved.has(key) ? <span className="muted"> {t('Saved')}</span> : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {page && !page.rows.length ? <p className="muted">{t('No translations match.')}</p> : null}
        <div className="row spread">
          <span className="muted" data-testid="page-range">
            {total
              ? t('{{from}}–{{to}} of {{total}}', {
                  from: skip + 1,
                  to: Math.min(skip + TRANSLATIONS_PAGE_SIZE, total),
                  total,
                })
              : ''}
          </span>
          <span>
            <button
              type="button"
              disabled={skip === 0}
              onClick={() => setSkip((s) => Math.max(0, s - TRANSLATIONS_PAGE_SIZE))}
            >
              {t('Previous')}
            </button>
            <button
              type="button"
              disabled={skip + TRANSLATIONS_PAGE_SIZE >= total}
              onClick={() => setSkip((s) => s + TRANSLATIONS_PAGE_SIZE)}
            >
              {t('Next')}
            </button>
          </span>
        </div>
      </div>
    </section>
  );
}
