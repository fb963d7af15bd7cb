import { useCore, useUser } from '../../app/context';
import { useT } from '../../i18n';
import { WidgetGallery } from '../../ui/WidgetGallery';

/**
 * /pages/test: every shared widget of spec 000 §2.4 and §5 in its states, on the app's own toasts and
 * alerts. The photo avatar is the logged-in user's own, through the API client's address (which carries
 * their token), so it loads; a user without a photo sees initials only (issue 15: no request answering 401).
 */
export function WidgetGalleryPage() {
  const { toasts, alerts, api } = useCore();
  const user = useUser();
  const t = useT();
  const [first = '', ...rest] = (user?.Name ?? '').split(' ');
  const photo = user?.PhotoFile
    ? {
        person: {
          EmployeeID: user.EmployeeID,
          FirstName: first,
          LastName: rest.join(' '),
          Name: user.Name,
          BackColor: '#13314f',
          TextColor: '#ffffff',
          PhotoExists: true,
        },
        photoUrl: (id: number) => api.photoUrl(id),
      }
    : undefined;
  return (
    <section className="page">
      <h1>{t('Test Page')}</h1>
      <p className="muted">
        {t('The shared widgets, for checking them by eye at each screen width and language.')}
      </p>
      <WidgetGallery toasts={toasts} alerts={alerts} photo={photo} />
    </section>
  );
}
