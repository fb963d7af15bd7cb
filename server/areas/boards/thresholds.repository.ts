import { type KpiMetric, KpiThreshold, type ThresholdRow } from '../../../domain/boards/thresholds';
import type { Sql } from '../../db/database';
import { DocumentRepository, type DocumentTable } from '../../kit/document.repository';

/** Where the KPI thresholds of /thresholds live (kpi_thresholds, migration 0040). */
export const thresholdTable: DocumentTable = {
  table: 'kpi_thresholds',
  key: 'threshold_id',
  deletedAt: 'deleted_at',
  columns: {
    Metric: 'metric',
    PlantID: 'plant_id',
    ResourceID: 'resource_id',
    Direction: 'direction',
    WarningLevel: 'warning_level',
    AlarmLevel: 'alarm_level',
    Notes: 'notes',
  },
};
export const thresholds = new DocumentRepository(KpiThreshold, thresholdTable);

/** The plant's thresholds in force (not deleted), for the boards (`levelsFor`). */
export async function thresholdRows(db: Sql, plantId: number): Promise<ThresholdRow[]> {
  const { Rows } = await thresholds.list(db, { plantId, take: 500 });
  return Rows.map((r) => ({
    PlantID: Number(r.PlantID),
    Metric: r.Metric as KpiMetric,
    ResourceID: (r.ResourceID as string | null) ?? null,
    WarningLevel: r.WarningLevel === null ? null : Number(r.WarningLevel),
    AlarmLevel: r.AlarmLevel === null ? null : Number(r.AlarmLevel),
    Direction: r.Direction as ThresholdRow['Direction'],
  }));
}
