import { useCallback, useEffect, useRef, useState } from 'react';
import { type DocumentDecl, documentTopic } from '../../domain/kit/document';
import {
  AddDocumentComment,
  COMMENT_COLLECTION,
  DeleteDocumentComment,
  GetDocumentTimeline,
  GetMentionCandidates,
  type TimelineItem,
} from '../../domain/kit/record';
import { formatDateTime } from '../../domain/platform/dates';
import { useServices, useUser } from '../app/context';
import { useTopic } from '../app/use-topic';
import { useT } from '../i18n';
import { insertMention, type Mention, mentionQuery, mentionsIn, splitMentions } from './mentions';
import { describeChange, PickedChange, pickKindOf } from './RecordPanel';

/** Items read per page of the timeline. */
export const TIMELINE_PAGE = 30;

/**
 * A record's history and comments as one timeline, newest first, with "Show more" paging, and the
 * comment box: typing @ offers the people who may read the record, and those picked are told. Live:
 * comments of anyone arrive through the type's topic; `version` changes when the record changed.
 */
export function Timeline(props: {
  decl: DocumentDecl;
  id: number;
  plantId: number | null;
  version: number;
  canComment: boolean;
  plantOf(plantId: number): string;
}) {
  const { decl, id, plantId } = props;
  const t = useT();
  const user = useUser();
  const { backgroundApi, api, alerts } = useServices();
  const [rows, setRows] = useState<TimelineItem[] | null>(null);
  const [total, setTotal] = useState(0);
  const [take, setTake] = useState(TIMELINE_PAGE);

  const read = useCallback(() => {
    backgroundApi.get(GetDocumentTimeline, { Type: decl.type, ID: id, Take: take }).then(
      (page) => {
        setRows(page.Rows);
        setTotal(page.Total);
      },
      () => setRows((r) => r ?? []),
    );
  }, [backgroundApi, decl.type, id, take]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the record changing.
  useEffect(read, [read, props.version]);

  const prefix = `${decl.type}:${id}:`;
  useTopic(
    decl.plantField && plantId === null ? null : documentTopic(decl, plantId),
    (items) => {
      if (items.some((i) => i.collection === COMMENT_COLLECTION && i.id.startsWith(prefix))) read();
    },
    read,
  );

  const remove = async (item: TimelineItem) => {
    if (!(await alerts.question(t('Delete your comment?')))) return;
    await api.post(DeleteDocumentComment, { CommentID: item.CommentID! });
    read();
  };

  return (
    <section className="kit-timeline" aria-label={t('History and comments')}>
      <h3>{t('History and comments')}</h3>
      {props.canComment && <CommentBox decl={decl} id={id} onAdded={read} />}
      {rows === null ? (
        <p className="muted">{t('Loading…')}</p>
      ) : rows.length === 0 ? (
        <p className="muted">{t('No changes yet.')}</p>
      ) : (
        <ol className="kit-history">
          {rows.map((h) => (
            <li
              key={h.Kind === 'comment' ? `c${h.CommentID}` : `${h.At}-${h.Field}-${JSON.stringify(h.New)}`}
              className={h.Kind === 'comment' ? 'kit-comment' : undefined}
            >
              <span className="kit-when">{formatDateTime(h.At, plantId)}</span>{' '}
              <strong>{h.Name ?? t('System')}</strong>{' '}
              {h.Kind === 'change' ? (
                pickKindOf(decl, String(h.Field)) ? (
                  <PickedChange decl={decl} h={h as never} />
                ) : (
                  describeChange(decl, h as never, t, props.plantOf)
                )
              ) : h.Deleted ? (
                <em className="muted">{t('deleted a comment')}</em>
              ) : (
                <>
                  <span className="muted">{t('commented')}</span>
                  <p className="kit-comment-text">
                    {splitMentions(h.Text ?? '', h.Mentions ?? []).map((part, i) =>
                      part.mention ? (
                        // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed text.
                        <mark key={i} className="kit-mention">
                          {part.text}
                        </mark>
                      ) : (
                        // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed text.
                        <span key={i}>{part.text}</span>
                      ),
                    )}
                  </p>
                  {h.EmployeeID === user?.EmployeeID && (
                    <button type="button" className="link" onClick={() => void remove(h)}>
                      {t('Delete comment')}
                    </button>
                  )}
                </>
              )}
            </li>
          ))}
        </ol>
      )}
      {rows && rows.length < total && (
        <button type="button" onClick={() => setTake((n) => n + TIMELINE_PAGE)}>
          {t('Show more ({{n}} older)', { n: total - rows.length })}
        </button>
      )}
    </section>
  );
}

/** The comment box with its @ suggestions; what was typed stays when the server refuses it. */
function CommentBox(props: { decl: DocumentDecl; id: number; onAdded(): void }) {
  const t = useT();
  const { backgroundApi, api } = useServices();
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<Mention[]>([]);
  const [query, setQuery] = useState<{ start: number; search: string } | null>(null);
  const [people, setPeople] = useState<Mention[]>([]);
  const [active, setActive] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);

  const search = query?.search;
  useEffect(() => {
    if (search === undefined) return setPeople([]);
    let current = true;
    backgroundApi
      .get(GetMentionCandidates, { Type: props.decl.type, ID: props.id, Search: search })
      .then((found) => {
        if (current) {
          setPeople(found.map((p) => ({ EmployeeID: p.EmployeeID, Name: p.Name })));
          setActive(0);
        }
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [backgroundApi, props.decl.type, props.id, search]);

  const typed = (value: string, caret: number) => {
    setText(value);
    setError(null);
    setQuery(mentionQuery(value, caret));
  };
  const pick = (person: Mention) => {
    if (!query || !box.current) return;
    const next = insertMention(text, query.start, box.current.selectionStart, person.Name);
    setText(next.text);
    setPicked((p) => [...p, person]);
    setQuery(null);
    requestAnimationFrame(() => {
      box.current?.focus();
      box.current?.setSelectionRange(next.caret, next.caret);
    });
  };
  const send = async () => {
    if (!text.trim()) return;
    setSending(true);
    try {
      await api.post(
        AddDocumentComment,
        { Type: props.decl.type, ID: props.id, Text: text, Mentions: mentionsIn(text, picked) },
        { inline: true },
      );
      setText('');
      setPicked([]);
      props.onAdded();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setSending(false);
    }
  };

  const open = query !== null && people.length > 0;
  return (
    <div className="kit-comment-box">
      <label htmlFor={`comment-${props.id}`}>{t('Comment (type @ to mention someone)')}</label>
      <textarea
        id={`comment-${props.id}`}
        ref={box}
        rows={2}
        maxLength={4000}
        value={text}
        role="combobox"
        aria-expanded={open}
        aria-controls={`mentions-${props.id}`}
        aria-autocomplete="list"
        aria-invalid={error ? true : undefined}
        onChange={(e) => typed(e.target.value, e.target.selectionStart)}
        onKeyDown={(e) => {
          if (open && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
            e.preventDefault();
            setActive((a) => (a + (e.key === 'ArrowDown' ? 1 : people.length - 1)) % people.length);
          } else if (open && (e.key === 'Enter' || e.key === 'Tab')) {
            e.preventDefault();
            pick(people[active]!);
          } else if (open && e.key === 'Escape') {
            setQuery(null);
          } else if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            void send();
          }
        }}
      />
      {open && (
        <div className="kit-mentions" id={`mentions-${props.id}`} role="listbox" aria-label={t('People')}>
          {people.map((p, i) => (
            <div
              key={p.EmployeeID}
              role="option"
              tabIndex={-1}
              aria-selected={i === active}
              onMouseDown={(e) => {
                e.preventDefault();
                pick(p);
              }}
            >
              {p.Name}
            </div>
          ))}
        </div>
      )}
      {error && (
        <p className="kit-error" role="alert">
          {error}
        </p>
      )}
      <button type="button" disabled={sending || !text.trim()} onClick={() => void send()}>
        {t('Comment')}
      </button>
    </div>
  );
}
