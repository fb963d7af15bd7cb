import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  GetMyNotifications,
  MarkNotificationsRead,
  type Notification,
  notificationTopic,
} from '../../domain/kit/record';
import { formatDateTime } from '../../domain/platform/dates';
import { useServices, useUser } from '../app/context';
import { useTopic } from '../app/use-topic';
import { useT } from '../i18n';

/**
 * The bell in the shell's header: how many of one's notifications (mentions in kit comments) are
 * unread, live in every tab; it opens the latest, each linking to its record and marked read when
 * followed.
 */
export function NotificationBell() {
  const t = useT();
  const user = useUser();
  const { backgroundApi } = useServices();
  const [rows, setRows] = useState<Notification[]>([]);
  const [unread, setUnread] = useState(0);
  const [open, setOpen] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const me = user?.EmployeeID ?? null;

  const read = useCallback(() => {
    if (me === null) return;
    backgroundApi.get(GetMyNotifications, { Take: 20 }).then(
      (r) => {
        setRows(r.Rows);
        setUnread(r.Unread);
      },
      () => undefined,
    );
  }, [backgroundApi, me]);
  useEffect(read, [read]);
  useTopic(me === null ? null : notificationTopic(me), read, read);

  const markRead = (id?: number) =>
    backgroundApi.post(MarkNotificationsRead, id ? { NotificationID: id } : {}).then(read, () => undefined);

  if (me === null) return null;
  return (
    <div className="kit-bell" ref={panel}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls="notifications"
        aria-label={t('Notifications ({{n}} unread)', { n: unread })}
        data-testid="notification-bell"
        onClick={() => setOpen((v) => !v)}
      >
        {/* An outline bell drawn in the text colour: the emoji has no glyph in every browser's fonts. */}
        <svg
          aria-hidden="true"
          width="16"
          height="16"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
          <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
        </svg>
        {unread > 0 && <span className="kit-bell-count">{unread}</span>}
      </button>
      {open && (
        <div id="notifications" className="kit-bell-panel card">
          <div className="row spread">
            <strong>{t('Notifications')}</strong>
            {unread > 0 && (
              <button type="button" onClick={() => void markRead()}>
                {t('Mark all read')}
              </button>
            )}
          </div>
          {rows.length === 0 ? (
            <p className="muted">{t('Nothing yet.')}</p>
          ) : (
            <ul>
              {rows.map((n) => (
                <li key={n.NotificationID} className={n.Read ? undefined : 'kit-unread'}>
                  {n.Link ? (
                    <Link
                      to={n.Link}
                      onClick={() => {
                        setOpen(false);
                        if (!n.Read) void markRead(n.NotificationID);
                      }}
                    >
                      {n.Text}
                    </Link>
                  ) : (
                    n.Text
                  )}
                  <span className="kit-when">{formatDateTime(n.At, user?.PlantID ?? null)}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
