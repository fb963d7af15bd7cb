import { useState } from 'react';
import { StartPaintLoad } from '../../../../domain/painting/calls';
import type { Paint, PaintLoad } from '../../../../domain/painting/entities';
import { useServices } from '../../../app/context';
import { useT } from '../../../i18n';
import { ActionMessages, useAction } from '../shared';

/** Start a new load (batch) on the line: job, part, paint, quantity; the running load ends. */
export function StartLoadForm(props: {
  resourceId: string;
  paints: readonly Paint[];
  current: PaintLoad | null;
  onStarted(): void;
}) {
  const { backgroundApi } = useServices();
  const t = useT();
  const action = useAction();
  const [job, setJob] = useState(props.current?.JobNumber ?? '');
  const [part, setPart] = useState(props.current?.PartNum ?? '');
  const [paintCode, setPaintCode] = useState('');
  const [quantity, setQuantity] = useState('');
  const qty = Number(quantity);
  const ready = job.trim() !== '' && part.trim() !== '' && paintCode !== '' && qty > 0;

  const start = async () => {
    const done = await action.run(
      () =>
        backgroundApi.post(StartPaintLoad, {
          ResourceID: props.resourceId,
          JobNumber: job.trim(),
          PartNum: part.trim(),
          PaintCode: paintCode,
          Quantity: qty,
        }),
      t('Load started on {{line}}.', { line: props.resourceId }),
    );
    if (done) {
      setQuantity('');
      props.onStarted();
    }
  };

  return (
    <div className="card pt-start-load" data-testid="start-load">
      <h2>{t('Start a new load')}</h2>
      <div className="sf-form">
        <label>
          {t('Job number')}
          <input value={job} onChange={(e) => setJob(e.target.value)} aria-label={t('Job number')} />
        </label>
        <label>
          {t('Part')}
          <input value={part} onChange={(e) => setPart(e.target.value)} aria-label={t('Part')} />
        </label>
        <label>
          {t('Paint')}
          <select value={paintCode} onChange={(e) => setPaintCode(e.target.value)} aria-label={t('Paint')}>
            <option value="">{t('Choose the paint')}</option>
            {props.paints.map((p) => (
              <option key={p.PaintCode} value={p.PaintCode}>
                {p.Description}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('Quantity')}
          <input
            className="sf-number"
            inputMode="numeric"
            value={quantity}
            onChange={(e) => setQuantity(e.target.value)}
            aria-label={t('Quantity')}
          />
        </label>
      </div>
      <div className="sf-actions">
        <button
          type="button"
          className="sf-big"
          disabled={!ready || action.busy}
          onClick={() => void start()}
        >
          {t('Start load')}
        </button>
        <span className="muted">{t('The load running on the line ends.')}</span>
      </div>
      <ActionMessages error={action.error} done={action.done} testId="start-load-error" />
    </div>
  );
}
