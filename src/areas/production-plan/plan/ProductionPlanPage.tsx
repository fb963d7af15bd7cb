import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { formatDate, formatDateTime } from '../../../../domain/platform/dates';
import type { BomLine, PlanHeader, ProductionPlanState } from '../../../../domain/production-plan/entities';
import { bundleCount } from '../../../../domain/production-plan/inputs';
import { useSaveStatus, useUser } from '../../../app/context';
import { flagSet } from '../../../app/menus';
import { useT } from '../../../i18n';
import type { TFunction } from '../../../i18n/translator';
import { CommitNumber, CommitText } from './fields';
import { OperationRow } from './OperationRow';
import { groupOperations, type PlanView } from './plan-view';
import { mark, type PlanData, usePlan } from './use-plan';
import { type PlanActions, usePlanActions } from './use-plan-actions';
import './plan.css';

/** /productionplan/:jobNumToLoad — one job's production plan, live, edited through the post queue. */
export function ProductionPlanPage() {
  const { jobNumToLoad = '' } = useParams();
  return <PlanScreen key={jobNumToLoad} job={jobNumToLoad} />;
}

function PlanScreen({ job }: { job: string }) {
  const first = useRef(true);
  if (first.current) {
    first.current = false;
    mark('plan:first-render');
  }
  const t = useT();
  const user = useUser();
  const canEdit = flagSet(user).has('editProductionPlans');
  const data = usePlan(job);
  const actions = usePlanActions(data);
  const { text: saveText } = useSaveStatus();
  const { plan, state } = data;

  if (!plan || !state) {
    return (
      <section className="page pp-page">
        <div className="card">
          <h1>{t('Production plan {{job}}', { job })}</h1>
          {data.error ? (
            <p className="form-error" role="alert" data-testid="plan-loading">
              {t(data.error)}
            </p>
          ) : (
            <p className="muted" data-testid="plan-loading">
              {t('Loading…')}
            </p>
          )}
        </div>
      </section>
    );
  }
  return (
    <section
      className="page pp-page"
      data-testid="production-plan"
      data-synced={data.synced ? 'true' : 'false'}
      data-plan-complete={data.complete ? 'true' : 'false'}
    >
      <HeaderCard
        plan={plan}
        state={state}
        canEdit={canEdit}
        pending={data.pendingFields}
        actions={actions}
        synced={data.synced}
        saveText={saveText}
        t={t}
      />
      <div className="pp-two">
        <BomCard bom={plan.bom} canEdit={canEdit} pending={data.pendingFields} actions={actions} t={t} />
        <PrintCard plan={plan.header} data={data} canEdit={canEdit} actions={actions} t={t} />
      </div>
      <JobDetails state={state} t={t} />
      <OperationsCard plan={plan} data={data} canEdit={canEdit} actions={actions} t={t} />
    </section>
  );
}

function HeaderCard({
  plan,
  state,
  canEdit,
  pending,
  actions,
  synced,
  saveText,
  t,
}: {
  plan: PlanView;
  state: ProductionPlanState;
  canEdit: boolean;
  pending: ReadonlySet<string>;
  actions: PlanActions;
  synced: boolean;
  saveText: string;
  t: TFunction;
}) {
  const h = plan.header;
  const plantId = state.Plant.PlantID;
  const saving = (field: string) => pending.has(`plan:${h.ProductionPlanID}:${field}`);
  return (
    <div className="card pp-header">
      <div className="row spread">
        <h1>
          {t('Production plan {{job}}', { job: state.Job.JobNumber })}{' '}
          <span className="pp-part">
            {state.Job.PartNum} · {state.Job.Part.Description}
          </span>
        </h1>
        <span className="muted pp-status">
          <span className={`hub-dot ${synced ? 'pp-live' : ''}`} />{' '}
          <span data-testid="plan-live">{synced ? t('Live') : t('Connecting…')}</span>
          {saveText && <span className="pp-save-text"> · {saveText}</span>}
          {!canEdit && <span className="pp-readonly"> · {t('Read only')}</span>}
        </span>
      </div>
      {state.Tags.length > 0 && (
        <div className="pp-tags">
          {state.Tags.map((tag) => (
            <span className="pp-chip" key={tag}>
              {tag}
            </span>
          ))}
        </div>
      )}
      <div className="pp-header-grid">
        <dl className="facts">
          <dt>{t('Customer')}</dt>
          <dd>{state.Job.CustomerName ?? '—'}</dd>
          <dt>{t('Due')}</dt>
          <dd>{state.Job.DueDate ? formatDate(state.Job.DueDate, plantId) : '—'}</dd>
          <dt>{t('Plant')}</dt>
          <dd>{state.Plant.PlantName}</dd>
          <dt>{t('Order type')}</dt>
          <dd>
            {state.OrderType}
            {state.Job.OrderNum ? ` · ${t('Order')} ${state.Job.OrderNum}` : ''}
          </dd>
        </dl>
        <div className="pp-header-edit">
          <div>
            <span className="pp-label">{t('Quantity')}</span>
            <CommitNumber
              name="PlanQuantity"
              aria-label={t('Plan quantity')}
              value={h.Quantity}
              min={1}
              max={1_000_000}
              decimals={0}
              disabled={!canEdit}
              saving={saving('Quantity')}
              onCommit={(v) => actions.setPlanField(h, 'Quantity', v)}
            />
          </div>
          <div>
            <span className="pp-label">{t('Bundle size')}</span>
            <CommitNumber
              name="BundleSize"
              aria-label={t('Bundle size')}
              value={h.BundleSize}
              min={1}
              max={100_000}
              decimals={0}
              disabled={!canEdit}
              saving={saving('BundleSize')}
              onCommit={(v) => actions.setPlanField(h, 'BundleSize', v)}
            />
          </div>
          <div>
            <span className="pp-label">{t('Bundles')}</span>
            <strong data-testid="bundle-count">{bundleCount(h.Quantity, h.BundleSize)}</strong>
          </div>
        </div>
        <div className="pp-header-edit pp-hold">
          <label className={`pp-check${saving('FabricationHold') ? ' pp-saving' : ''}`}>
            <input
              type="checkbox"
              name="FabricationHold"
              checked={h.FabricationHold}
              disabled={!canEdit}
              onChange={(e) => actions.setPlanField(h, 'FabricationHold', e.target.checked)}
            />
            {t('Fabrication hold')}
          </label>
          <CommitText
            name="FabricationHoldNotes"
            aria-label={t('Fabrication hold notes')}
            placeholder={t('Hold notes')}
            value={h.FabricationHoldNotes}
            disabled={!canEdit}
            saving={saving('FabricationHoldNotes')}
            onCommit={(v) => actions.setPlanField(h, 'FabricationHoldNotes', v)}
          />
        </div>
        <div className="pp-header-edit pp-review">
          <label className={`pp-check${saving('ReadyForReview') ? ' pp-saving' : ''}`}>
            <input
              type="checkbox"
              name="ReadyForReview"
              checked={h.ReadyForReview}
              disabled={!canEdit}
              onChange={(e) => actions.setPlanField(h, 'ReadyForReview', e.target.checked)}
            />
            {t('Ready for review')}
          </label>
          <span className="muted" data-testid="reviewed">
            {h.PlanReviewedBy && h.PlanReviewedAt
              ? t('Reviewed by {{name}} on {{when}}', {
                  name: h.PlanReviewedBy,
                  when: formatDateTime(h.PlanReviewedAt, plantId),
                })
              : t('Not reviewed')}
          </span>
          {canEdit && (
            <button
              type="button"
              className={saving('PlanReviewedBy') ? 'pp-saving' : undefined}
              disabled={!h.ReadyForReview}
              onClick={() => actions.markReviewed(h)}
            >
              {t('Mark reviewed')}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}

function BomCard({
  bom,
  canEdit,
  pending,
  actions,
  t,
}: {
  bom: readonly BomLine[];
  canEdit: boolean;
  pending: ReadonlySet<string>;
  actions: PlanActions;
  t: TFunction;
}) {
  return (
    <div className="card pp-bom">
      <h2>{t('Bill of materials')}</h2>
      {bom.length === 0 ? (
        <p className="muted">{t('No BOM lines.')}</p>
      ) : (
        <div className="table-wrap">
          <table className="grid" aria-label={t('Bill of materials')}>
            <thead>
              <tr>
                <th>{t('Part')}</th>
                <th>{t('Description')}</th>
                <th>{t('Qty per')}</th>
                <th>{t('Fixed')}</th>
                <th>{t('Cut length (in)')}</th>
              </tr>
            </thead>
            <tbody>
              {bom.map((b) => {
                const saving = (f: string) => pending.has(`bom:${b.ProductionPlanBOMID}:${f}`);
                return (
                  <tr key={b.ProductionPlanBOMID} data-bom={b.ProductionPlanBOMID}>
                    <td>{b.PartNum}</td>
                    <td>{b.Description}</td>
                    <td>
                      <CommitNumber
                        name="QuantityPer"
                        aria-label={t('Qty per')}
                        value={b.QuantityPer}
                        min={0}
                        max={100_000}
                        decimals={4}
                        disabled={!canEdit}
                        saving={saving('QuantityPer')}
                        onCommit={(v) => actions.setBomField(b.ProductionPlanBOMID, 'QuantityPer', v)}
                      />
                    </td>
                    <td>
                      <input
                        type="checkbox"
                        name="FixedQty"
                        aria-label={t('Fixed')}
                        className={saving('FixedQty') ? 'pp-saving' : undefined}
                        checked={b.FixedQty}
                        disabled={!canEdit}
                        onChange={(e) =>
                          actions.setBomField(b.ProductionPlanBOMID, 'FixedQty', e.target.checked)
                        }
                      />
                    </td>
                    <td>
                      <CommitNumber
                        name="CutLength"
                        aria-label={t('Cut length (in)')}
                        value={b.CutLength}
                        min={0}
                        max={1_000_000}
                        decimals={3}
                        disabled={!canEdit}
                        saving={saving('CutLength')}
                        onCommit={(v) => actions.setBomField(b.ProductionPlanBOMID, 'CutLength', v)}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function PrintCard({
  plan,
  data,
  canEdit,
  actions,
  t,
}: {
  plan: PlanHeader;
  data: PlanData;
  canEdit: boolean;
  actions: PlanActions;
  t: TFunction;
}) {
  const saving = (field: string) => data.pendingFields.has(`plan:${plan.ProductionPlanID}:${field}`);
  const [printing, setPrinting] = useState(false);
  return (
    <div className="card pp-print">
      <h2>{t('Travelers')}</h2>
      <label className="pp-field">
        <span className="pp-label">{t('Printer')}</span>
        <select
          name="PrinterID"
          className={`sw-select${saving('PrinterID') ? ' pp-saving' : ''}`}
          value={plan.PrinterID === null ? '' : String(plan.PrinterID)}
          disabled={!canEdit}
          onChange={(e) =>
            actions.setPlanField(plan, 'PrinterID', e.target.value ? Number(e.target.value) : null)
          }
        >
          <option value="">—</option>
          {data.printers.map((p) => (
            <option key={p.PrinterID} value={String(p.PrinterID)}>
              {p.Name} · {p.Location}
            </option>
          ))}
        </select>
      </label>
      <label className={`pp-check${saving('IncludeQAD') ? ' pp-saving' : ''}`}>
        <input
          type="checkbox"
          name="IncludeQAD"
          checked={plan.IncludeQAD}
          disabled={!canEdit}
          onChange={(e) => actions.setPlanField(plan, 'IncludeQAD', e.target.checked)}
        />
        {t('Include QA documents')}
      </label>
      <label className={`pp-check${saving('IncludeDrawings') ? ' pp-saving' : ''}`}>
        <input
          type="checkbox"
          name="IncludeDrawings"
          checked={plan.IncludeDrawings}
          disabled={!canEdit}
          onChange={(e) => actions.setPlanField(plan, 'IncludeDrawings', e.target.checked)}
        />
        {t('Include drawings')}
      </label>
      {canEdit && (
        <button
          type="button"
          className="primary"
          disabled={plan.PrinterID === null || printing}
          onClick={() => {
            if (plan.PrinterID === null) return;
            setPrinting(true);
            void actions.print(plan, plan.PrinterID).finally(() => setPrinting(false));
          }}
        >
          {t('Print travelers')}
        </button>
      )}
    </div>
  );
}

function JobDetails({ state, t }: { state: ProductionPlanState; t: TFunction }) {
  const plantId = state.Plant.PlantID;
  const docs = [...state.QADocuments, ...state.Drawings];
  return (
    <details className="card pp-details">
      <summary>
        {t('Job details')}{' '}
        <span className="muted">
          {t('{{a}} allocations · {{d}} demand lines · {{u}} unclaimed · {{q}} documents', {
            a: state.Allocations.length,
            d: state.DemandSummary.length,
            u: state.Unclaimed.length,
            q: docs.length,
          })}
        </span>
      </summary>
      <div className="pp-details-grid">
        <section>
          <h3>{t('Allocations')}</h3>
          <ul>
            {state.Allocations.map((a) => (
              <li key={`${a.PartNum}-${a.Location}`}>
                {a.PartNum} · {a.Quantity} {a.UOM} · {a.Location}
              </li>
            ))}
          </ul>
        </section>
        <section>
          <h3>{t('Demand')}</h3>
          <ul>
            {state.DemandSummary.map((d) => (
              <li key={`${d.OrderNum}-${d.CustomerName}-${d.DueDate}`}>
                {d.OrderNum ?? '—'} · {d.CustomerName} · {d.Quantity} ·{' '}
                {d.DueDate ? formatDate(d.DueDate, plantId) : '—'}
              </li>
            ))}
          </ul>
        </section>
        <section>
          <h3>{t('Unclaimed material')}</h3>
          <ul>
            {state.Unclaimed.map((u) => (
              <li key={u.PartNum}>
                {u.PartNum} · {u.Quantity} {u.UOM}
              </li>
            ))}
          </ul>
        </section>
        <section>
          <h3>{t('QA documents and drawings')}</h3>
          <ul>
            {docs.map((d) => (
              <li key={d.URL}>
                <a href={d.URL} target="_blank" rel="noreferrer">
                  {d.Title}
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </details>
  );
}

type ListRow =
  | { kind: 'group'; key: string; bom: BomLine | null; count: number }
  | { kind: 'op'; key: string; index: number };

function OperationsCard({
  plan,
  data,
  canEdit,
  actions,
  t,
}: {
  plan: PlanView;
  data: PlanData;
  canEdit: boolean;
  actions: PlanActions;
  t: TFunction;
}) {
  const groups = useMemo(() => groupOperations(plan), [plan]);
  const rows = useMemo(() => {
    const out: ListRow[] = [];
    for (const g of groups) {
      const gk = g.bom ? `bom-${g.bom.ProductionPlanBOMID}` : 'top';
      out.push({ kind: 'group', key: gk, bom: g.bom, count: g.operations.length });
      for (const op of g.operations) {
        out.push({
          kind: 'op',
          key: `op-${op.ProductionPlanOperationID}`,
          index: plan.operations.indexOf(op),
        });
      }
    }
    return out;
  }, [groups, plan.operations]);
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: (i) => (rows[i]?.kind === 'group' ? 44 : 118),
    getItemKey: (i) => rows[i]?.key ?? i,
    overscan: 4,
    // Rows in the first paint, before the scroller is measured.
    initialRect: { width: 1200, height: 720 },
  });

  return (
    <div className="card pp-ops-card">
      <div className="row spread">
        <h2>
          {t('Operations')} <span className="muted">({plan.operations.length})</span>
        </h2>
      </div>
      <div className="pp-ops" ref={scroller} data-testid="operations">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <div
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className="pp-vrow"
                style={{ transform: `translateY(${item.start}px)` }}
              >
                {row.kind === 'group' ? (
                  <div
                    className="pp-group"
                    data-testid={row.bom ? `group-bom-${row.bom.ProductionPlanBOMID}` : 'group-top'}
                  >
                    <strong>
                      {row.bom
                        ? t('BOM line {{seq}}: {{part}}', { seq: row.bom.Sequence, part: row.bom.PartNum })
                        : t('Top level')}
                    </strong>
                    <span className="muted">
                      {row.bom ? row.bom.Description : plan.header.JobNumber} ·{' '}
                      {t('{{n}} operations', { n: row.count })}
                    </span>
                    {canEdit && (
                      <button
                        type="button"
                        onClick={() =>
                          void actions.addOperation(plan.header, row.bom?.ProductionPlanBOMID ?? null)
                        }
                      >
                        {t('Add operation')}
                      </button>
                    )}
                  </div>
                ) : (
                  (() => {
                    const op = plan.operations[row.index];
                    return op ? (
                      <OperationRow
                        op={op}
                        machines={data.machines}
                        bom={plan.bom}
                        canEdit={canEdit}
                        pending={data.pendingFields}
                        actions={actions}
                        t={t}
                      />
                    ) : null;
                  })()
                )}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
