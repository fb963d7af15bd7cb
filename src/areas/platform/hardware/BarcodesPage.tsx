import { useEffect, useId, useState } from 'react';
import {
  contentProblem,
  GetBarcodePrinters,
  isTwoD,
  PrintBarcode,
  RenderBarcode,
  type Symbology,
  symbologies,
  symbologyNames,
} from '../../../../domain/platform/barcodes';
import { useServices } from '../../../app/context';
import { useT } from '../../../i18n';
import './barcodes.css';

type Printer = { LabelPrinterID: number; Name: string; Location: string | null; Default: boolean };

/**
 * /barcodes: make a barcode label. The content is checked for the symbology as it is typed (the rule
 * the server checks with); the preview is the SVG the server draws with bwip-js, so this screen loads
 * no barcode library; download as SVG or PNG; print on a label printer of the plant as native ZPL.
 */
export function BarcodesPage() {
  const t = useT();
  const ids = useId();
  const { backgroundApi, toasts } = useServices();
  const [symbology, setSymbology] = useState<Symbology>('code128');
  const [text, setText] = useState('');
  const [scale, setScale] = useState(3);
  const [heightMm, setHeightMm] = useState(15);
  const [humanReadable, setHumanReadable] = useState(true);
  const [svg, setSvg] = useState<string | null>(null);
  const [renderError, setRenderError] = useState<string | null>(null);
  const [printers, setPrinters] = useState<Printer[] | null>(null);
  const [printerId, setPrinterId] = useState<number | null>(null);
  const [copies, setCopies] = useState(1);
  const [printing, setPrinting] = useState(false);
  const [printAnswer, setPrintAnswer] = useState<{ ok: boolean; text: string } | null>(null);

  const problem = text === '' ? null : contentProblem(symbology, text);
  const request = {
    Symbology: symbology,
    Text: text,
    Scale: scale,
    ...(isTwoD(symbology) ? {} : { HeightMm: heightMm, HumanReadable: humanReadable }),
  };
  const requestKey = JSON.stringify(request);

  // The preview follows the form once typing pauses; a refused content keeps the last good preview away.
  // biome-ignore lint/correctness/useExhaustiveDependencies: requestKey stands for the request's parts.
  useEffect(() => {
    if (text === '' || problem) {
      setSvg(null);
      setRenderError(null);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      backgroundApi.get(RenderBarcode, { ...request, Format: 'svg' }).then(
        (r) => current && (setSvg(r.Data), setRenderError(null)),
        (e: unknown) => current && (setSvg(null), setRenderError(e instanceof Error ? e.message : String(e))),
      );
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [requestKey, problem, backgroundApi]);

  useEffect(() => {
    backgroundApi.get(GetBarcodePrinters, {}).then(
      (list) => {
        setPrinters(list);
        setPrinterId((id) => id ?? list[0]?.LabelPrinterID ?? null);
      },
      () => setPrinters([]),
    );
  }, [backgroundApi]);

  const fileName = `${symbology}-${text.replace(/[^A-Za-z0-9-]+/g, '_').slice(0, 40) || 'barcode'}`;
  const download = (href: string, name: string) => {
    const a = document.createElement('a');
    a.href = href;
    a.download = name;
    a.click();
  };
  const downloadSvg = () => {
    if (!svg) return;
    const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
    download(url, `${fileName}.svg`);
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  const downloadPng = async () => {
    const r = await backgroundApi.get(RenderBarcode, { ...request, Format: 'png' });
    download(`data:image/png;base64,${r.Data}`, `${fileName}.png`);
  };
  const print = async () => {
    if (printerId === null) return;
    setPrinting(true);
    setPrintAnswer(null);
    try {
      const r = await backgroundApi.post(PrintBarcode, {
        ...request,
        LabelPrinterID: printerId,
        Copies: copies,
      });
      setPrintAnswer({ ok: true, text: r.Message });
      toasts.show(r.Message, { kind: 'success' });
    } catch (e) {
      setPrintAnswer({ ok: false, text: e instanceof Error ? e.message : String(e) });
    } finally {
      setPrinting(false);
    }
  };
  const ready = text !== '' && !problem && svg !== null;

  return (
    <section className="page barcodes-page">
      <h1>{t('Barcodes')}</h1>
      <div className="barcodes-grid">
        <form className="card barcodes-form" onSubmit={(e) => e.preventDefault()}>
          <h2>{t('Barcode')}</h2>
          <label htmlFor={`${ids}-sym`}>{t('Symbology')}</label>
          <select
            id={`${ids}-sym`}
            value={symbology}
            onChange={(e) => setSymbology(e.target.value as Symbology)}
          >
            {symbologies.map((s) => (
              <option key={s} value={s}>
                {t(symbologyNames[s])}
              </option>
            ))}
          </select>
          <label htmlFor={`${ids}-text`}>{t('Content')}</label>
          <textarea
            id={`${ids}-text`}
            rows={3}
            value={text}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${ids}-problem` : undefined}
            onChange={(e) => setText(e.target.value)}
          />
          {problem && (
            <p id={`${ids}-problem`} className="kit-error barcode-error" role="alert">
              {problem}
            </p>
          )}
          <div className="barcodes-row">
            <span>
              <label htmlFor={`${ids}-scale`}>{t('Bar width (dots)')}</label>
              <input
                id={`${ids}-scale`}
                type="number"
                min={1}
                max={10}
                value={scale}
                onChange={(e) => setScale(Math.min(10, Math.max(1, Number(e.target.value) || 1)))}
              />
            </span>
            {!isTwoD(symbology) && (
              <span>
                <label htmlFor={`${ids}-height`}>{t('Height (mm)')}</label>
                <input
                  id={`${ids}-height`}
                  type="number"
                  min={5}
                  max={100}
                  value={heightMm}
                  onChange={(e) => setHeightMm(Math.min(100, Math.max(5, Number(e.target.value) || 5)))}
                />
              </span>
            )}
          </div>
          {!isTwoD(symbology) && (
            <label className="barcodes-check">
              <input
                type="checkbox"
                checked={humanReadable}
                onChange={(e) => setHumanReadable(e.target.checked)}
              />{' '}
              {t('Human-readable text under the bars')}
            </label>
          )}
        </form>
        <div className="card barcodes-preview">
          <h2>{t('Preview')}</h2>
          <div className="barcodes-image" data-testid="barcode-preview">
            {svg ? (
              <img
                src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
                alt={t('{{symbology}} of {{text}}', { symbology: t(symbologyNames[symbology]), text })}
              />
            ) : (
              <p className="muted">
                {renderError ??
                  (text === ''
                    ? t('Type the content to see the barcode.')
                    : problem
                      ? t('Fix the content to see the barcode.')
                      : t('Loading…'))}
              </p>
            )}
          </div>
          <div className="row">
            <button type="button" disabled={!ready} onClick={downloadSvg}>
              {t('Download SVG')}
            </button>
            <button type="button" disabled={!ready} onClick={() => void downloadPng()}>
              {t('Download PNG')}
            </button>
          </div>
          <h2>{t('Print')}</h2>
          {printers && printers.length === 0 ? (
            <p className="muted">{t('No label printer in service for your plant: add one on Printers.')}</p>
          ) : (
            <div className="barcodes-row">
              <span>
                <label htmlFor={`${ids}-printer`}>{t('Label printer')}</label>
                <select
                  id={`${ids}-printer`}
                  value={printerId ?? ''}
                  onChange={(e) => setPrinterId(Number(e.target.value))}
                >
                  {(printers ?? []).map((p) => (
                    <option key={p.LabelPrinterID} value={p.LabelPrinterID}>
                      {p.Name}
                      {p.Location ? ` · ${p.Location}` : ''}
                      {p.Default ? ` (${t('default')})` : ''}
                    </option>
                  ))}
                </select>
              </span>
              <span>
                <label htmlFor={`${ids}-copies`}>{t('Copies')}</label>
                <input
                  id={`${ids}-copies`}
                  type="number"
                  min={1}
                  max={100}
                  value={copies}
                  onChange={(e) => setCopies(Math.min(100, Math.max(1, Number(e.target.value) || 1)))}
                />
              </span>
              <button
                type="button"
                className="primary"
                disabled={!ready || printerId === null || printing}
                onClick={() => void print()}
              >
                {printing ? t('Printing…') : t('Print label')}
              </button>
            </div>
          )}
          {printAnswer && (
            <p
              className={printAnswer.ok ? 'kit-action-ok' : 'kit-error'}
              role={printAnswer.ok ? 'status' : 'alert'}
            >
              {printAnswer.text}
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
