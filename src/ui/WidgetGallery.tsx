import { type ReactNode, useId, useMemo, useState } from 'react';
import { AlertHost } from './AlertHost';
import { Avatar, type AvatarPerson } from './Avatar';
import { type AlertStore, createAlertStore } from './alerts';
import { APP_VERSION, AVATAR_SIZES, type AvatarSize } from './constants';
import { FileIcon } from './FileIcon';
import { formatDate, formatDateTime, formatFileSize, formatPhone } from './format';
import { GroupBox } from './GroupBox';
import { Modal } from './Modal';
import { copyToClipboard, downloadedMessage } from './messages';
import { NumericInput } from './NumericInput';
import { Select } from './Select';
import type { SelectOption } from './select-rules';
import { ToastHost } from './ToastHost';
import { Tooltip } from './Tooltip';
import { createToastStore, type ToastStore } from './toasts';
import { useBreakpoint, useWindowSize } from './use-breakpoint';
import { validateDate, validateEmail, validateRequired } from './validators';
import './widgets.css';

export interface WidgetGalleryProps {
  /** The app's stores, so the gallery's toasts and alerts appear where the app's do. */
  toasts?: ToastStore;
  alerts?: AlertStore;
  /**
   * A person whose photo exists, with the address builder that may fetch it (the app passes the
   * logged-in user and the API client's photoUrl, which carries their token). Without it the gallery
   * shows initials only and asks the server for nothing.
   */
  photo?: { person: AvatarPerson; photoUrl: (employeeId: number) => string };
}

const people: AvatarPerson[] = [
  {
    EmployeeID: 1,
    FirstName: 'Ann',
    LastName: 'Lee',
    Name: 'Ann Lee',
    BackColor: '#13314f',
    TextColor: '#ffffff',
    PhotoExists: false,
    Title: 'Welder',
  },
  {
    EmployeeID: 2,
    FirstName: 'Bo',
    LastName: 'Diaz',
    Name: 'Bo Diaz',
    BackColor: '#f59e0b',
    TextColor: '#0b1f33',
    PhotoExists: false,
  },
];

const plants: SelectOption<number>[] = [
  { text: 'Long Valley', value: 1 },
  { text: 'Idaho Falls', value: 2 },
  { text: 'Milton', value: 3 },
];

const files = [
  'Plan.pdf',
  'Quote.docx',
  'Costing.XLSX',
  'Kickoff.pptx',
  'notes.txt',
  'Rack.dwf',
  'Rack.dwg',
  'RE order.msg',
  'photo.jpeg',
  'archive.zip',
];

/** A label tied to its control by id (the controls are components, so wrapping is not enough for lint). */
function Labeled({ label, children }: { label: ReactNode; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="sw-gallery-field">
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </div>
  );
}

/**
 * Every shared widget in a few states, for review and manual testing. Mounted at an admin route by
 * the app; it uses no router, so it also renders on its own. Without the app's stores it brings its
 * own toast and alert hosts.
 */
export function WidgetGallery(props: WidgetGalleryProps) {
  const own = useMemo(() => ({ toasts: createToastStore(), alerts: createAlertStore() }), []);
  const toasts = props.toasts ?? own.toasts;
  const alerts = props.alerts ?? own.alerts;
  const breakpoint = useBreakpoint();
  const size = useWindowSize();

  const [modal, setModal] = useState<'none' | 'plain' | 'closeButton' | 'preventClose' | 'stacked'>('none');
  const [second, setSecond] = useState(false);
  const [afterHide, setAfterHide] = useState(0);
  const [answer, setAnswer] = useState<string>('not asked');

  const [qty, setQty] = useState<number | null>(1200);
  const [price, setPrice] = useState<number | null>(1234.5);
  const [rate, setRate] = useState<number | null>(0.075);
  const [length, setLength] = useState<number | null>(36);
  const [delta, setDelta] = useState<number | null>(-3);
  const [optional, setOptional] = useState<number | null>(null);
  const [capped, setCapped] = useState<number | null>(50);

  const [plant, setPlant] = useState<number | null>(null);
  const [remembered, setRemembered] = useState<number | null>(null);
  const [shortList, setShortList] = useState(true);
  const [email, setEmail] = useState('');
  const [date, setDate] = useState('');
  const [note, setNote] = useState('');

  const closeModal = () => {
    setModal('none');
    setSecond(false);
  };

  return (
    <div className="sw-gallery">
      <div className="card">
        <h1>Widget gallery</h1>
        <p className="muted">
          Version {APP_VERSION} · window {size.width}×{size.height} · breakpoint <strong>{breakpoint}</strong>
        </p>
      </div>

      <GroupBox caption="Modal" rightCaption={`after-hide fired ${afterHide}×`}>
        <div className="row">
          <button type="button" onClick={() => setModal('plain')}>
            Plain (backdrop closes)
          </button>
          <button type="button" onClick={() => setModal('closeButton')}>
            With Close button
          </button>
          <button type="button" onClick={() => setModal('preventClose')}>
            Prevent close
          </button>
          <button type="button" onClick={() => setModal('stacked')}>
            Stacked
          </button>
        </div>
        <Modal
          open={modal !== 'none'}
          title={modal === 'plain' ? 'Drag me by this header' : `Modal: ${modal}`}
          closeButton={modal === 'closeButton' || modal === 'stacked'}
          preventClose={modal === 'preventClose'}
          onClose={closeModal}
          onAfterHide={() => setAfterHide((n) => n + 1)}
          footer={
            modal === 'preventClose' ? (
              <button type="button" onClick={closeModal}>
                Done
              </button>
            ) : undefined
          }
        >
          <p>Maximize takes 90% of the window; the height never exceeds the window minus 80 px.</p>
          {modal === 'stacked' && (
            <button type="button" onClick={() => setSecond(true)}>
              Open a second modal
            </button>
          )}
        </Modal>
        <Modal open={second} title="Second modal (z-index 103)" onClose={() => setSecond(false)}>
          <p>Its backdrop (102) covers the first modal.</p>
        </Modal>
      </GroupBox>

      <GroupBox caption="Toasts and alerts" rightCaption={`last answer: ${answer}`}>
        <div className="row">
          <button type="button" onClick={() => toasts.show(downloadedMessage('Rack.dwg'))}>
            Download toast
          </button>
          <button type="button" onClick={() => toasts.show('Stock is low', { kind: 'warning' })}>
            Warning toast
          </button>
          <button
            type="button"
            onClick={() => toasts.show('Could not print', { kind: 'error', timeoutMs: 0 })}
          >
            Sticky error toast
          </button>
          <button
            type="button"
            onClick={() =>
              void copyToClipboard(
                [
                  ['Part', 'Qty'],
                  ['B-12', 4],
                ],
                { notify: (m) => toasts.show(m, { kind: 'info' }) },
              ).catch((e: unknown) => alerts.show('error', e instanceof Error ? e.message : String(e)))
            }
          >
            Copy table
          </button>
        </div>
        <div className="row">
          {(['info', 'success', 'warning', 'error'] as const).map((kind) => (
            <button key={kind} type="button" onClick={() => alerts.show(kind, `An ${kind} alert.`)}>
              {kind} alert
            </button>
          ))}
          <button
            type="button"
            onClick={() =>
              void alerts.question('Delete this tag?').then((yes) => setAnswer(yes ? 'yes' : 'no'))
            }
          >
            Question
          </button>
        </div>
      </GroupBox>

      <GroupBox caption="Avatars" rightCaption="xs · s · default · l · xl">
        {people.map((person) => (
          <div className="row" key={person.EmployeeID}>
            {(Object.keys(AVATAR_SIZES) as AvatarSize[]).map((s) => (
              <Avatar key={s} person={person} size={s} />
            ))}
          </div>
        ))}
        {props.photo ? (
          <div className="row" data-testid="gallery-photo">
            {(Object.keys(AVATAR_SIZES) as AvatarSize[]).map((s) => (
              <Avatar key={s} person={props.photo!.person} photoUrl={props.photo!.photoUrl} size={s} />
            ))}
          </div>
        ) : null}
      </GroupBox>

      <GroupBox caption="File icons">
        <div className="row">
          {files.map((f) => (
            <Tooltip key={f} content={f}>
              <FileIcon fileName={f} size={32} />
            </Tooltip>
          ))}
        </div>
      </GroupBox>

      <GroupBox caption="Tooltip">
        <Tooltip content="Shown after 500 ms; wraps at 500 px. Bundle weight includes the packaging and the dunnage between layers, so it is higher than the sum of the parts.">
          <button type="button">Hover or focus me</button>
        </Tooltip>
      </GroupBox>

      <GroupBox caption="Numeric inputs" rightCaption="focus to edit, leave to format">
        <div className="row">
          <Labeled label={<>Quantity (lb) = {String(qty)}</>}>
            {(id) => <NumericInput id={id} value={qty} onChange={setQty} pounds />}
          </Labeled>
          <Labeled label={<>Price (usd) = {String(price)}</>}>
            {(id) => <NumericInput id={id} value={price} onChange={setPrice} usd />}
          </Labeled>
          <Labeled label={<>Rate (percent) = {String(rate)}</>}>
            {(id) => <NumericInput id={id} value={rate} onChange={setRate} percent />}
          </Labeled>
          <Labeled label={<>Length (in, 3 decimals) = {String(length)}</>}>
            {(id) => <NumericInput id={id} value={length} onChange={setLength} inches decimals={3} />}
          </Labeled>
          <Labeled label={<>Delta (negatives) = {String(delta)}</>}>
            {(id) => <NumericInput id={id} value={delta} onChange={setDelta} allowNegative />}
          </Labeled>
          <Labeled label={<>Optional (nullable) = {String(optional)}</>}>
            {(id) => (
              <NumericInput
                id={id}
                value={optional}
                onChange={setOptional}
                nullable
                placeholder="empty is null"
              />
            )}
          </Labeled>
          <Labeled label={<>10 to 100 = {String(capped)}</>}>
            {(id) => <NumericInput id={id} value={capped} onChange={setCapped} min={10} max={100} />}
          </Labeled>
        </div>
      </GroupBox>

      <GroupBox caption="Selects" rightCaption={`plant ${String(plant)} · remembered ${String(remembered)}`}>
        <div className="row">
          <Labeled label={<>Plant (empty defaults to first)</>}>
            {(id) => (
              <Select
                id={id}
                options={shortList ? plants : plants.slice(0, 1)}
                value={plant}
                onChange={setPlant}
              />
            )}
          </Labeled>
          <button type="button" onClick={() => setShortList((s) => !s)}>
            {shortList ? 'Shrink the list' : 'Restore the list'}
          </button>
          <Labeled label={<>Empty list</>}>
            {(id) => <Select<number> id={id} options={[]} value={null} onChange={() => {}} />}
          </Labeled>
          <Labeled label={<>Remembered for this route</>}>
            {(id) => (
              <Select
                id={id}
                options={plants}
                value={remembered}
                onChange={setRemembered}
                rememberKey="gallery-plant"
              />
            )}
          </Labeled>
        </div>
      </GroupBox>

      <GroupBox caption="Validators">
        <div className="row">
          <label>
            E-mail
            <input value={email} onChange={(e) => setEmail(e.target.value)} />
            <span className="form-error">{validateEmail(email)}</span>
          </label>
          <label>
            Date (M/D/YY)
            <input value={date} onChange={(e) => setDate(e.target.value)} />
            <span className="form-error">{validateDate(date)}</span>
          </label>
          <label>
            Required
            <input value={note} onChange={(e) => setNote(e.target.value)} />
            <span className="form-error">{validateRequired(note)}</span>
          </label>
        </div>
      </GroupBox>

      <GroupBox caption="Formats">
        <dl className="facts">
          <dt>Date / datetime (Long Valley)</dt>
          <dd>
            {formatDate('2024-03-05T15:04:00Z', 1)} / {formatDateTime('2024-03-05T15:04:00Z', 1)}
          </dd>
          <dt>File sizes</dt>
          <dd>{[0, 1536, 1234567, 5.25 * 1024 ** 3, 1024 ** 8].map(formatFileSize).join(' · ')}</dd>
          <dt>Phone</dt>
          <dd>
            {formatPhone('2085551234')} · {formatPhone('555-1234')}
          </dd>
        </dl>
      </GroupBox>

      {!props.toasts && <ToastHost store={toasts} />}
      {!props.alerts && <AlertHost store={alerts} />}
    </div>
  );
}
