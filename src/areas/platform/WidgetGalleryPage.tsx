import { useCore } from '../../app/context';
import { useT } from '../../i18n';
import { WidgetGallery } from '../../ui/WidgetGallery';

/** /pages/test: every shared widget of spec 000 §2.4 and §5 in its states, on the app's own toasts and alerts. */
export function WidgetGalleryPage() {
  const { toasts, alerts } = useCore();
  const t = useT();
  return (
    <section className="page">
      <h1>{t('Test Page')}</h1>
      <p className="muted">
        {t('The shared widgets, for checking them by eye at each screen width and language.')}
      </p>
      <WidgetGallery toasts={toasts} alerts={alerts} />
    </section>
  );
}
