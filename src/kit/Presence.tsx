import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { type DocumentDecl, documentTopic } from '../../domain/kit/document';
import { CloseDocument, type DocumentViewer, OpenDocument, VIEWER_COLLECTION } from '../../domain/kit/record';
import { connectionId } from '../../machines/hub-connection.machine';
import { useServices } from '../app/context';
import { useTopic } from '../app/use-topic';
import { useT } from '../i18n';
import { initialsOf } from './mentions';

/**
 * The viewers of a record as the panel keeps them: `changes` are the topic's docViewers items (a doc
 * when someone opened it, null when they left); the same person in two tabs shows once, and this tab's
 * own connection is not "someone else".
 */
export function othersViewing(
  viewers: ReadonlyMap<string, DocumentViewer>,
  ownConnection: string | null,
  ownEmployee: number | null,
): DocumentViewer[] {
  const seen = new Set<number>();
  const out: DocumentViewer[] = [];
  for (const v of viewers.values()) {
    if (v.ConnectionID === ownConnection || v.EmployeeID === ownEmployee || seen.has(v.EmployeeID)) continue;
    seen.add(v.EmployeeID);
    out.push(v);
  }
  return out;
}

/**
 * Who else has this record open, as initials in the record's header. This tab says it has the record
 * open while its live connection is up (again after a reconnect: a new connection), and closes it when
 * the panel closes; a tab that vanishes is closed by its disconnect on the server.
 */
export function Presence(props: {
  decl: DocumentDecl;
  id: number;
  plantId: number | null;
  employeeId: number | null;
}) {
  const { decl, id, plantId } = props;
  const t = useT();
  const { backgroundApi, hub } = useServices();
  const own = useSelector(hub, connectionId);
  const [viewers, setViewers] = useState<Map<string, DocumentViewer>>(new Map());
  const latest = useRef({ decl, id });
  latest.current = { decl, id };

  useEffect(() => {
    if (!own) return;
    let open = true;
    backgroundApi.post(OpenDocument, { Type: decl.type, ID: id }).then(
      (list) => open && setViewers(new Map(list.map((v) => [v.ConnectionID, v]))),
      () => undefined,
    );
    return () => {
      open = false;
      void backgroundApi.post(CloseDocument, { Type: decl.type, ID: id }).catch(() => undefined);
    };
  }, [backgroundApi, decl.type, id, own]);

  const prefix = `${decl.type}:${id}:`;
  useTopic(
    decl.plantField && plantId === null ? null : documentTopic(decl, plantId),
    (items) => {
      const mine = items.filter((i) => i.collection === VIEWER_COLLECTION && i.id.startsWith(prefix));
      if (!mine.length) return;
      setViewers((prev) => {
        const next = new Map(prev);
        for (const item of mine) {
          const connection = item.id.slice(prefix.length);
          if (item.doc) next.set(connection, item.doc as unknown as DocumentViewer);
          else next.delete(connection);
        }
        return next;
      });
    },
    () => undefined,
  );

  const others = othersViewing(viewers, own, props.employeeId);
  if (!others.length) return null;
  const names = others.map((v) => v.Name).join(', ');
  return (
    <div
      className="kit-viewers"
      role="img"
      aria-label={t('Also viewing: {{names}}', { names })}
      title={t('Also viewing: {{names}}', { names })}
    >
      {others.map((v) => (
        <span key={v.EmployeeID} className="kit-avatar">
          {initialsOf(v.Name)}
        </span>
      ))}
    </div>
  );
}
