import { z } from 'zod';
import { Num, PlantID, Text } from '../contract/fields';
import { defineDocument, documentCalls } from '../kit/document';

/**
 * /thresholds: the warning and alarm levels of the KPIs the boards colour, per plant and, for the
 * figures a scoreboard shows per machine, per machine. A board shows a figure as good, warning or alarm
 * by its level (`kpiState`); without a threshold row the product's defaults below apply, which are the
 * levels the boards used before thresholds existed.
 */

/** The KPIs the boards compute and colour (server/areas/boards/README.md). */
export const kpiMetrics = ['attainment', 'scrapPercent', 'downtimeMinutes', 'idlePeople'] as const;
export type KpiMetric = (typeof kpiMetrics)[number];

/** The KPIs a scoreboard also shows per machine: only those take a machine threshold. */
export const machineMetrics: readonly KpiMetric[] = ['attainment', 'downtimeMinutes'];

export const directions = ['above', 'below'] as const;
export type Direction = (typeof directions)[number];

/** A KPI's levels: past Warning it is a warning, past Alarm an alarm; Direction says which way is bad. */
export const KpiLevel = z.object({
  Warning: z.number().nullable(),
  Alarm: z.number().nullable(),
  Direction: z.enum(directions),
});
export type KpiLevel = z.infer<typeof KpiLevel>;
export type KpiLevels = Record<KpiMetric, KpiLevel>;

/**
 * The levels without a threshold row: pieces below 100 % of target a warning and below 90 % an alarm,
 * scrap above 3 % an alarm, any idle person a warning; downtime is not coloured.
 */
export const defaultKpiLevels: KpiLevels = {
  attainment: { Warning: 100, Alarm: 90, Direction: 'below' },
  scrapPercent: { Warning: null, Alarm: 3, Direction: 'above' },
  downtimeMinutes: { Warning: null, Alarm: null, Direction: 'above' },
  idlePeople: { Warning: 0, Alarm: null, Direction: 'above' },
};

export type KpiState = 'good' | 'warning' | 'alarm';

/** A figure's state by its level: "above is bad" means value > level; "below is bad" means value < level. */
export function kpiState(value: number, level: KpiLevel): KpiState {
  const past = (limit: number | null) =>
    limit !== null && (level.Direction === 'above' ? value > limit : value < limit);
  if (past(level.Alarm)) return 'alarm';
  if (past(level.Warning)) return 'warning';
  return 'good';
}

/** What a threshold row contributes: its plant, metric, machine (null: the plant's) and levels. */
export interface ThresholdRow {
  PlantID: number;
  Metric: KpiMetric;
  ResourceID: string | null;
  WarningLevel: number | null;
  AlarmLevel: number | null;
  Direction: Direction;
}

const levelOf = (r: ThresholdRow): KpiLevel => ({
  Warning: r.WarningLevel,
  Alarm: r.AlarmLevel,
  Direction: r.Direction,
});

/**
 * The levels in force for a plant, or for one machine of it: the machine's row, else the plant's, else
 * the default, per metric.
 */
export function levelsFor(rows: readonly ThresholdRow[], plantId: number, resourceId?: string): KpiLevels {
  const out = { ...defaultKpiLevels };
  for (const metric of kpiMetrics) {
    const plant = rows.find((r) => r.PlantID === plantId && r.Metric === metric && r.ResourceID === null);
    const machine = resourceId
      ? rows.find((r) => r.PlantID === plantId && r.Metric === metric && r.ResourceID === resourceId)
      : undefined;
    const row = machine ?? plant;
    if (row) out[metric] = levelOf(row);
  }
  return out;
}

/**
 * Null when the levels make sense for the direction, else why not: with "above is bad" the alarm is at
 * or above the warning, with "below is bad" at or below it; at least one level is set.
 */
export function levelsProblem(
  r: Pick<ThresholdRow, 'WarningLevel' | 'AlarmLevel' | 'Direction'>,
): string | null {
  if (r.WarningLevel === null && r.AlarmLevel === null) return 'set a warning level, an alarm level or both';
  if (r.WarningLevel === null || r.AlarmLevel === null) return null;
  if (r.Direction === 'above' && r.AlarmLevel < r.WarningLevel)
    return `when above is bad, the alarm level (${r.AlarmLevel}) cannot be below the warning level (${r.WarningLevel})`;
  if (r.Direction === 'below' && r.AlarmLevel > r.WarningLevel)
    return `when below is bad, the alarm level (${r.AlarmLevel}) cannot be above the warning level (${r.WarningLevel})`;
  return null;
}

const Level = Num(-1_000_000, 1_000_000).nullable();

/** Who sets thresholds: the route's flag (editSystemConfig) and the administrators. */
export const thresholdEditors = ['editSystemConfig', 'mesAdministrator', 'superAdministrator'] as const;

export const KpiThreshold = defineDocument({
  type: 'kpiThreshold',
  noun: 'threshold',
  nounPlural: 'thresholds',
  key: 'ThresholdID',
  fields: {
    Metric: {
      type: z.enum(kpiMetrics),
      label: 'KPI',
      edit: true,
      required: true,
      filter: 'choice',
      choices: kpiMetrics,
      choiceLabels: {
        attainment: 'Pieces against target (%)',
        scrapPercent: 'Scrap (%)',
        downtimeMinutes: 'Downtime (minutes)',
        idlePeople: 'Idle people',
      },
      sort: true,
    },
    PlantID: { type: PlantID, label: 'Plant', input: 'plant', edit: true, required: true, sort: true },
    ResourceID: {
      type: Text(50).trim().min(1).nullable(),
      label: 'Machine',
      edit: true,
      filter: 'text',
      sort: true,
      search: true,
    },
    Direction: {
      type: z.enum(directions),
      label: 'Bad when',
      edit: true,
      required: true,
      choices: directions,
      choiceLabels: { above: 'Above the level', below: 'Below the level' },
    },
    WarningLevel: { type: Level, label: 'Warning level', edit: true, filter: 'numberRange' },
    AlarmLevel: { type: Level, label: 'Alarm level', edit: true, filter: 'numberRange' },
    Notes: { type: Text(2000).nullable(), label: 'Notes', edit: true, input: 'textarea', search: true },
  },
  access: { read: { anyOf: thresholdEditors }, change: { anyOf: thresholdEditors } },
  plantField: 'PlantID',
  calls: {
    list: 'web/GetKpiThresholds',
    get: 'web/GetKpiThreshold',
    update: 'web/UpdateKpiThreshold',
    create: 'web/AddKpiThreshold',
    delete: 'web/DeleteKpiThreshold',
    history: 'web/GetKpiThresholdHistory',
  },
  list: {
    columns: ['Metric', 'PlantID', 'ResourceID', 'Direction', 'WarningLevel', 'AlarmLevel'],
    sort: { field: 'Metric' },
  },
});

const calls = documentCalls(KpiThreshold);
export const GetKpiThresholds = calls.List;
export const GetKpiThreshold = calls.Get;
export const UpdateKpiThreshold = calls.Update;
export const GetKpiThresholdHistory = calls.History;
export const AddKpiThreshold = calls.Create!;
export const DeleteKpiThreshold = calls.Delete!;

/** Pieces against target as a scoreboard shows it: none without a target, else by the attainment level. */
export function paceOf(
  pieces: number,
  target: number,
  level: KpiLevel,
): 'ahead' | 'close' | 'behind' | 'none' {
  if (target <= 0) return 'none';
  const state = kpiState((pieces / target) * 100, level);
  return state === 'good' ? 'ahead' : state === 'warning' ? 'close' : 'behind';
}

/**
 * The states the KPI monitor colours its figures by (the page and the tests use this one function):
 * pieces against the target at the moment (null without a target), scrap, downtime and idle people.
 */
export function kpiMonitorStates(
  kpi: {
    Pieces: number;
    ScrapPercent: number;
    DowntimeMinutes: number;
    People: { Idle: number };
    Thresholds?: KpiLevels;
  },
  target: number,
): { attainment: KpiState | null; scrapPercent: KpiState; downtimeMinutes: KpiState; idlePeople: KpiState } {
  const levels = kpi.Thresholds ?? defaultKpiLevels;
  return {
    attainment: target > 0 ? kpiState(Math.round((kpi.Pieces / target) * 100), levels.attainment) : null,
    scrapPercent: kpiState(kpi.ScrapPercent, levels.scrapPercent),
    downtimeMinutes: kpiState(kpi.DowntimeMinutes, levels.downtimeMinutes),
    idlePeople: kpiState(kpi.People.Idle, levels.idlePeople),
  };
}
