import { useId, useState } from 'react';
import type { Task } from '../../../../domain/scheduling/entities';
import { useT } from '../../../i18n';
import { Modal } from '../../../ui/Modal';

/** Split a task: the new task takes `Quantity` pieces (default half, rounded down) right after it. */
export function SplitDialog(props: { task: Task; onClose(): void; onSplit(quantity: number): void }) {
  const t = useT();
  const id = useId();
  const { task } = props;
  const [text, setText] = useState(String(Math.floor(task.OperationQty / 2)));
  const quantity = Number(text);
  const valid = Number.isFinite(quantity) && quantity > 0 && quantity < task.OperationQty;
  return (
    <Modal
      open
      onClose={props.onClose}
      title={t('Split {{job}} operation {{seq}}', { job: task.JobNumber, seq: task.OperationSequence })}
      closeButton
      footer={
        <button type="button" className="primary" disabled={!valid} onClick={() => props.onSplit(quantity)}>
          {t('Split')}
        </button>
      }
    >
      <form
        className="sp-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (valid) props.onSplit(quantity);
        }}
      >
        <label htmlFor={id}>{t('Pieces for the new task')}</label>
        <input
          id={id}
          type="number"
          min={1}
          max={task.OperationQty - 1}
          step="any"
          value={text}
          onChange={(e) => setText(e.target.value)}
          // biome-ignore lint/a11y/noAutofocus: the dialog exists to type this number.
          autoFocus
        />
        <p className={valid ? 'muted' : 'sp-error'} role={valid ? undefined : 'alert'}>
          {valid
            ? t(
                'This task keeps {{keep}} of {{all}} pieces; the new one runs right after it without a setup.',
                {
                  keep: task.OperationQty - quantity,
                  all: task.OperationQty,
                },
              )
            : t('Enter between 1 and {{max}} pieces.', { max: task.OperationQty - 1 })}
        </p>
      </form>
    </Modal>
  );
}

/** The keyboard way to move: a lane and a position (1 = top; past the end = last). */
export function MoveDialog(props: {
  count: number;
  lanes: readonly { id: string; description: string; size: number }[];
  initialLane: string;
  onClose(): void;
  onMove(lane: string, position: number): void;
}) {
  const t = useT();
  const laneId = useId();
  const posId = useId();
  const [lane, setLane] = useState(props.initialLane);
  const [text, setText] = useState('1');
  const size = props.lanes.find((l) => l.id === lane)?.size ?? 0;
  const position = Math.floor(Number(text));
  const valid = Number.isFinite(position) && position >= 1;
  const submit = () => valid && props.onMove(lane, position - 1);
  return (
    <Modal
      open
      onClose={props.onClose}
      title={props.count === 1 ? t('Move 1 task') : t('Move {{n}} tasks', { n: props.count })}
      closeButton
      footer={
        <button type="button" className="primary" disabled={!valid} onClick={submit}>
          {t('Move')}
        </button>
      }
    >
      <form
        className="sp-form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label htmlFor={laneId}>{t('Workcenter')}</label>
        <select id={laneId} value={lane} onChange={(e) => setLane(e.target.value)}>
          {props.lanes.map((l) => (
            <option key={l.id} value={l.id}>
              {l.id} {l.description ? `· ${l.description}` : ''} ({t('{{n}} tasks', { n: l.size })})
            </option>
          ))}
        </select>
        <label htmlFor={posId}>{t('Position (1 is first)')}</label>
        <input
          id={posId}
          type="number"
          min={1}
          step={1}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <p className={valid ? 'muted' : 'sp-error'}>
          {valid
            ? t('Counted without the tasks you move; {{n}} or more puts them last.', { n: size + 1 })
            : t('Enter a position of 1 or more.')}
        </p>
      </form>
    </Modal>
  );
}
