import {
  defaultKpiLevels,
  type KpiLevel,
  KpiThreshold,
  kpiMetrics,
} from '../../../../domain/boards/thresholds';
import { choiceLabel } from '../../../../domain/kit/document';
import { useT } from '../../../i18n';
import { DocumentScreen } from '../../../kit/DocumentScreen';

/** /thresholds: the KPI levels the boards colour by, per plant or machine; the defaults said below. */
export function ThresholdsPage() {
  const t = useT();
  const level = (l: KpiLevel) => {
    const past = (n: number) => t(l.Direction === 'above' ? 'above {{n}}' : 'below {{n}}', { n });
    const parts = [
      l.Warning !== null ? t('warning {{when}}', { when: past(l.Warning) }) : null,
      l.Alarm !== null ? t('alarm {{when}}', { when: past(l.Alarm) }) : null,
    ].filter(Boolean);
    return parts.length ? parts.join(', ') : t('not coloured');
  };
  return (
    <>
      <DocumentScreen decl={KpiThreshold} title="Thresholds" />
      <section className="card" aria-labelledby="threshold-defaults">
        <h2 id="threshold-defaults">{t('Without a threshold')}</h2>
        <p className="muted">
          {t('A machine’s threshold wins over its plant’s; without either, the boards use these levels.')}
        </p>
        <ul>
          {kpiMetrics.map((m) => (
            <li key={m} data-metric={m}>
              <strong>{t(choiceLabel(KpiThreshold.fields.Metric!, m))}</strong>: {level(defaultKpiLevels[m])}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
