import {
  type KpiMetric,
  KpiThreshold,
  levelsProblem,
  machineMetrics,
  type ThresholdRow,
} from '../../../domain/boards/thresholds';
import { choiceLabel } from '../../../domain/kit/document';
import { registerDocument } from '../../kit/document.routes';
import { invalid } from '../../rpc/errors';
import type { CallRegistry } from '../../rpc/registry';
import { machineProblem } from '../platform/plcs.routes';
import { bayBoard, bayChange, baysOfPlant } from './boards.documents';
import type { KpiPublisher } from './kpi-publisher';
import { thresholds, thresholdTable } from './thresholds.repository';

/**
 * /thresholds on the document kit (the boards area's: the boards colour by them). A change republishes
 * the plant's scoreboards in the same transaction and asks for its KPI monitor after commit, so every
 * TV of the plant shows the new colours without a reload.
 */

export function registerThresholdCalls(registry: CallRegistry, kpi: Pick<KpiPublisher, 'request'>): void {
  const metricName = (m: unknown) => choiceLabel(KpiThreshold.fields.Metric!, String(m));
  registerDocument(registry, KpiThreshold, thresholdTable, {
    async checkRecord({ db }, { before, after }) {
      const problem = levelsProblem({
        WarningLevel: (after.WarningLevel as number | null | undefined) ?? null,
        AlarmLevel: (after.AlarmLevel as number | null | undefined) ?? null,
        Direction: after.Direction as ThresholdRow['Direction'],
      });
      if (problem) throw invalid(`AlarmLevel: ${problem}`);
      const resource = (after.ResourceID as string | null | undefined) ?? null;
      const plant = Number(after.PlantID);
      if (resource !== null && !machineMetrics.includes(after.Metric as KpiMetric)) {
        throw invalid(
          `ResourceID: ${metricName(after.Metric)} is a plant figure; only ${machineMetrics.map(metricName).join(' and ')} take a machine`,
        );
      }
      const machine = await machineProblem(db, resource, plant);
      if (machine) throw invalid(`ResourceID: ${machine}`);
      // Two saves at once must not both find none and then meet at the unique index (a 500 on
      // PostgreSQL): the second waits here until the first commits, then sees its row.
      await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
        `kpi_threshold:${plant}:${String(after.Metric)}:${resource ?? ''}`,
      ]);
      const { Rows } = await thresholds.list(db, {
        plantId: plant,
        filters: { Metric: { AnyOf: [String(after.Metric)] } },
        take: 500,
      });
      const others = Rows.filter(
        (r) =>
          ((r.ResourceID as string | null) ?? null) === resource && r.ThresholdID !== before?.ThresholdID,
      );
      if (others.length) {
        throw invalid(
          `Metric: plant ${plant} already has a threshold for ${metricName(after.Metric)}${resource ? ` on ${resource}` : ''}; change that one`,
        );
      }
    },
    async afterChange(ctx, { before, after }) {
      const plantsTouched = new Set([Number(after.PlantID), ...(before ? [Number(before.PlantID)] : [])]);
      const at = new Date().toISOString();
      for (const plant of plantsTouched) {
        for (const bay of await baysOfPlant(ctx.db, plant)) {
          const board = await bayBoard(ctx.db, bay, at);
          if (board) ctx.publish(bayChange(board));
        }
      }
      ctx.afterCommit(() => {
        for (const plant of plantsTouched) kpi.request(plant);
      });
    },
  });
}
