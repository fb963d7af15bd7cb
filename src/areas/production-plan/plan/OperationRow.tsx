import { memo, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  type ActionFlag,
  actionFlags,
  type BomLine,
  type Machine,
  type Operation,
  RateType,
} from '../../../../domain/production-plan/entities';
import {
  costPerUnit,
  editProblem,
  effectiveRate,
  paintChanges,
  type RateSource,
} from '../../../../domain/production-plan/rules';
import type { TFunction } from '../../../i18n/translator';
import { Tooltip } from '../../../ui/Tooltip';
import { CommitNumber } from './fields';
import { posedQuestion } from './plan-view';
import type { PlanActions } from './use-plan-actions';

export interface OperationRowProps {
  op: Operation;
  machines: readonly Machine[];
  bom: readonly BomLine[];
  canEdit: boolean;
  /** The keys of the plan's fields that are saving (plan-view.ts pendingKey). */
  pending: ReadonlySet<string>;
  actions: PlanActions;
  t: TFunction;
}

/** Action flag labels, short: the toggles sit side by side. */
const FLAG_LABELS: Record<ActionFlag, string> = {
  ActionSetup: 'Setup',
  ActionSlit: 'Slit',
  ActionRollForm: 'Roll form',
  ActionPunch: 'Punch',
  ActionCut: 'Cut',
  ActionWeld: 'Weld',
  ActionPaint: 'Paint',
  ActionAssemble: 'Assemble',
  ActionPack: 'Pack',
};

const SOURCE_LABELS: Record<RateSource, string> = {
  rework: 'Rework',
  algorithm: 'Algorithm',
  engine: 'Engine',
  machine: 'Machine rate',
  manual: 'Entered',
};

const fmt = (n: number) => (Math.round(n * 100) / 100).toLocaleString('en-US', { maximumFractionDigits: 2 });

const ownPending = (p: OperationRowProps) => {
  const prefix = `operation:${p.op.ProductionPlanOperationID}:`;
  const backflushes = p.op.Backflushes.map((b) => `backflush:${b.ProductionPlanBackflushID}:`);
  return [...p.pending]
    .filter((k) => k.startsWith(prefix) || backflushes.some((b) => k.startsWith(b)))
    .sort()
    .join('|');
};

/**
 * Drawn again only when its own operation, its own saving fields, the BOM lines, the machines, the
 * permission or its busy state changed: an edit of one row leaves the others alone.
 */
const sameRow = (a: OperationRowProps, b: OperationRowProps) =>
  a.op === b.op &&
  a.machines === b.machines &&
  a.canEdit === b.canEdit &&
  a.actions === b.actions &&
  a.t === b.t &&
  a.bom.length === b.bom.length &&
  a.bom.every((line, i) => line === b.bom[i]) &&
  ownPending(a) === ownPending(b);

/** One operation: its resource, rate, work, flags, estimates, backflushes and buttons. */
export const OperationRow = memo(OperationRowView, sameRow);

function OperationRowView({ op, machines, bom, canEdit, pending, actions, t }: OperationRowProps) {
  const id = op.ProductionPlanOperationID;
  const key = (field: string) => `operation:${id}:${field}`;
  const saving = (field: string) => pending.has(key(field));
  const can = (field: string) => canEdit && editProblem(op, field) === null;
  const busy = actions.busy.has(id);
  const machine = machines.find((m) => m.ResourceID === op.ResourceID) ?? null;
  const rate = machine?.MachineRates.find((r) => r.MachineRateID === op.MachineRateID) ?? null;
  const source = effectiveRate(op, rate).source;
  const question = posedQuestion(op);
  const set = (field: string, value: unknown) => actions.setOperationField(op, field, value);
  const cls = (field: string, base = '') => `${base}${saving(field) ? ' pp-saving' : ''}`.trim() || undefined;
  // Paint on changes several fields at once (spec 001 §4): the row says what and why, for whoever turned
  // it on and for planners who see it arrive live. Kept against the operation as it was before, so the
  // server's new estimate joins the notice when it arrives; gone when Paint goes off or on dismissal.
  const [paintBefore, setPaintBefore] = useState<Operation | null>(null);
  const previous = useRef(op);
  useEffect(() => {
    const before = previous.current;
    previous.current = op;
    if (!before.ActionPaint && op.ActionPaint) setPaintBefore(before);
    else if (!op.ActionPaint) setPaintBefore(null);
  }, [op]);
  const paintLines = paintBefore ? paintChanges(paintBefore, op) : [];

  return (
    <div
      className={`pp-op${op.Invalidated ? ' pp-invalid' : ''}${op.Locked ? ' pp-locked' : ''}`}
      data-testid={`op-${id}`}
      data-op={id}
    >
      <div className="pp-op-main">
        <span className="pp-seq" title={t('Sequence')}>
          {op.Sequence}
        </span>
        <label className="pp-cell pp-resource">
          <span className="pp-label">{t('Resource')}</span>
          <select
            name="ResourceID"
            className={cls('ResourceID', 'sw-select')}
            value={op.ResourceID ?? ''}
            disabled={!can('ResourceID')}
            onChange={(e) => set('ResourceID', e.target.value || null)}
          >
            <option value="">—</option>
            {op.ResourceID && !machine && <option value={op.ResourceID}>{op.ResourceID}</option>}
            {machines.map((m) => (
              <option key={m.ResourceID} value={m.ResourceID}>
                {m.ResourceID} · {m.Description}
              </option>
            ))}
          </select>
        </label>
        <label className="pp-cell pp-rate">
          <span className="pp-label">
            {t('Rate')}{' '}
            <span className={`pp-source pp-source-${source}`} data-testid="rate-source">
              {t(SOURCE_LABELS[source])}
            </span>
          </span>
          <select
            name="MachineRateID"
            className={cls('MachineRateID', 'sw-select')}
            value={op.MachineRateID === null ? '' : String(op.MachineRateID)}
            disabled={!can('MachineRateID')}
            onChange={(e) => set('MachineRateID', e.target.value ? Number(e.target.value) : null)}
          >
            <option value="">{t('Entered rate')}</option>
            {machine?.MachineRates.map((r) => (
              <option key={r.MachineRateID} value={String(r.MachineRateID)}>
                {r.Description}
                {r.Official ? ` (${t('official')})` : ''} · {fmt(r.ProductionMinutesPerPiece)} {t('min/pc')}
              </option>
            ))}
          </select>
          {(op.AlgorithmOverride || op.EngineOverride) && (
            <span className="pp-override">
              {op.AlgorithmOverride &&
                t('Algorithm overridden by {{name}}', { name: op.AlgorithmOverrideBy ?? '—' })}
              {op.AlgorithmOverride && op.EngineOverride && ' · '}
              {op.EngineOverride && t('Engine overridden by {{name}}', { name: op.EngineOverrideBy ?? '—' })}
            </span>
          )}
        </label>
        <label className="pp-cell pp-ratetype">
          <span className="pp-label">{t('Rate type')}</span>
          <select
            name="RateType"
            className={cls('RateType', 'sw-select')}
            value={op.RateType}
            disabled={!can('RateType')}
            onChange={(e) => set('RateType', e.target.value)}
          >
            {RateType.options.map((r) => (
              <option key={r} value={r}>
                {r === 'MPP' ? t('Per piece') : r === 'Bundle' ? t('Per bundle') : t('Per foot')}
              </option>
            ))}
          </select>
        </label>
        <div className="pp-cell pp-num">
          <span className="pp-label">{t('Workers')}</span>
          <CommitNumber
            name="WorkerCount"
            aria-label={t('Workers')}
            value={op.WorkerCount}
            min={1}
            max={50}
            decimals={0}
            disabled={!can('WorkerCount')}
            saving={saving('WorkerCount')}
            onCommit={(v) => set('WorkerCount', v)}
          />
        </div>
        <div className="pp-cell pp-num">
          <span className="pp-label">{t('Quantity')}</span>
          <CommitNumber
            name="ProductionQuantity"
            aria-label={t('Quantity')}
            value={op.ProductionQuantity}
            min={0}
            max={1_000_000}
            decimals={0}
            disabled={!can('ProductionQuantity')}
            saving={saving('ProductionQuantity')}
            onCommit={(v) => set('ProductionQuantity', v)}
          />
        </div>
        <div className="pp-cell pp-estimates">
          <Tooltip content={op.ProductionEstimateTooltip || t('No estimate')}>
            <span className="pp-figure" data-testid="production-estimate">
              <span className="pp-label">{t('Production')}</span>
              {fmt(op.ProductionEstimate)} {t('min')}
            </span>
          </Tooltip>
          <Tooltip content={op.CostEstimateTooltip || t('No estimate')}>
            <span className="pp-figure" data-testid="cost-estimate">
              <span className="pp-label">{t('Cost')}</span>
              {fmt(op.CostEstimate)} {t('min')}
            </span>
          </Tooltip>
          <span className="pp-figure" data-testid="cost-per-unit">
            <span className="pp-label">{t('Per unit')}</span>
            {costPerUnit(op.CostEstimate, op.ProductionQuantity)}
          </span>
        </div>
      </div>
      <div className="pp-op-flags">
        {actionFlags.map((flag) => (
          <button
            key={flag}
            type="button"
            name={flag}
            className={cls(flag, `pp-flag${op[flag] ? ' on' : ''}`)}
            aria-pressed={op[flag]}
            disabled={!can(flag)}
            onClick={() => set(flag, !op[flag])}
          >
            {t(FLAG_LABELS[flag])}
          </button>
        ))}
        <span className="pp-sep" />
        {(['Rework', 'FinalAssembly', 'PrintTraveler'] as const).map((field) => (
          <button
            key={field}
            type="button"
            name={field}
            className={cls(field, `pp-flag pp-flag-state${op[field] ? ' on' : ''}`)}
            aria-pressed={op[field]}
            disabled={!can(field)}
            onClick={() => set(field, !op[field])}
          >
            {field === 'Rework'
              ? t('Rework')
              : field === 'FinalAssembly'
                ? t('Final assembly')
                : t('Print traveler')}
          </button>
        ))}
        {op.FinalOperation && <span className="pp-chip pp-chip-final">{t('Final')}</span>}
        {op.Printed && <span className="pp-chip">{t('Printed')}</span>}
        {op.Locked && <span className="pp-chip pp-chip-locked">{t('Locked')}</span>}
        {op.Invalidated && <span className="pp-chip pp-chip-invalid">{t('Invalidated')}</span>}
        {canEdit && bom.length > 0 && (
          <select
            aria-label={t('Add a backflush of a BOM line')}
            className="sw-select pp-backflush-add"
            value=""
            disabled={busy}
            onChange={(e) => {
              if (e.target.value) void actions.addBackflush(op, Number(e.target.value));
            }}
          >
            <option value="">{t('+ Backflush…')}</option>
            {bom.map((l) => (
              <option key={l.ProductionPlanBOMID} value={String(l.ProductionPlanBOMID)}>
                {l.PartNum}
              </option>
            ))}
          </select>
        )}
        <div className="pp-cell pp-buttons">
          {machine?.EngineActive && (
            <button
              type="button"
              disabled={!canEdit || busy || op.Locked || op.Invalidated}
              onClick={() => void actions.runEngine(op)}
            >
              {t('Run engine')}
            </button>
          )}
          {machine?.AlgorithmActive && (
            <Link
              className="pp-link-button"
              to={`/algorithms/operation/${id}?job=${encodeURIComponent(op.JobNumber)}`}
            >
              {t('Algorithm')}
            </Link>
          )}
          {canEdit &&
            (op.Locked ? (
              <button type="button" disabled={busy || op.Invalidated} onClick={() => void actions.unlock(op)}>
                {t('Unlock')}
              </button>
            ) : (
              <button type="button" disabled={busy} onClick={() => void actions.lock(op)}>
                {t('Lock')}
              </button>
            ))}
          {canEdit && (
            <button
              type="button"
              disabled={busy || op.Invalidated}
              aria-pressed={op.FinalOperation}
              onClick={() => void actions.setFinal(op, !op.FinalOperation)}
            >
              {op.FinalOperation ? t('Not final') : t('Make final')}
            </button>
          )}
          {canEdit && !op.Invalidated && (
            <button type="button" className="warning" disabled={busy} onClick={() => void actions.remove(op)}>
              {t('Delete')}
            </button>
          )}
        </div>
      </div>
      {paintLines.length > 0 && (
        <div className="pp-notice" role="status" data-testid="paint-notice">
          <span className="pp-label">{t('Paint turned on:')}</span>
          <ul>
            {paintLines.map((line) => (
              <li key={line.text}>
                {t(
                  line.text,
                  line.values && {
                    from: fmt(Number(line.values.from)),
                    to: fmt(Number(line.values.to)),
                  },
                )}
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="pp-icon"
            aria-label={t('Dismiss')}
            onClick={() => setPaintBefore(null)}
          >
            ×
          </button>
        </div>
      )}
      {question && (
        <QuestionLine
          question={question}
          disabled={!canEdit || saving('AlgorithmAnswer')}
          onAnswer={(value) => actions.answerQuestion(op, question.Key, value)}
          t={t}
        />
      )}
      {op.Backflushes.length > 0 && (
        <div className="pp-backflushes">
          <span className="pp-label">{t('Backflushes')}</span>
          {op.Backflushes.map((b) => {
            const line = bom.find((l) => l.ProductionPlanBOMID === b.ProductionPlanBOMID);
            const bfSaving = pending.has(`backflush:${b.ProductionPlanBackflushID}:Quantity`);
            return (
              <span
                key={b.ProductionPlanBackflushID}
                className="pp-backflush"
                data-backflush={b.ProductionPlanBackflushID}
              >
                {line?.PartNum ?? b.ProductionPlanBOMID}
                <CommitNumber
                  name="BackflushQuantity"
                  aria-label={t('Backflush quantity')}
                  value={b.Quantity}
                  min={0}
                  max={1_000_000}
                  decimals={4}
                  disabled={!canEdit}
                  saving={bfSaving}
                  onCommit={(v) => actions.setBackflushQuantity(b.ProductionPlanBackflushID, v)}
                />
                {canEdit && (
                  <button
                    type="button"
                    className="pp-icon"
                    aria-label={t('Delete backflush')}
                    onClick={() => actions.deleteBackflush(b.ProductionPlanBackflushID)}
                  >
                    ×
                  </button>
                )}
              </span>
            );
          })}
        </div>
      )}
    </div>
  );
}

function QuestionLine({
  question,
  disabled,
  onAnswer,
  t,
}: {
  question: { Key: string; Text: string; Kind: string; Choices: string[] };
  disabled: boolean;
  onAnswer: (value: string | number) => void;
  t: TFunction;
}) {
  const [value, setValue] = useState('');
  const numeric = question.Kind === 'number';
  return (
    <form
      className="pp-question"
      data-testid="algorithm-question"
      onSubmit={(e) => {
        e.preventDefault();
        if (!value.trim()) return;
        onAnswer(numeric && Number.isFinite(Number(value)) ? Number(value) : value.trim());
      }}
    >
      <span className="pp-label">{t('The algorithm asks')}</span>
      <span>{question.Text}</span>
      {question.Choices.length > 0 ? (
        <select
          className="sw-select"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          disabled={disabled}
        >
          <option value="">—</option>
          {question.Choices.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      ) : (
        <input
          name="AlgorithmAnswer"
          inputMode={numeric ? 'decimal' : 'text'}
          value={value}
          disabled={disabled}
          onChange={(e) => setValue(e.target.value)}
        />
      )}
      <button type="submit" className="primary" disabled={disabled || !value.trim()}>
        {t('Answer')}
      </button>
    </form>
  );
}
