import { z } from 'zod';
import { KpiLevel } from './thresholds';

/** The levels a board colours each KPI by (/thresholds; absent in documents made before them). */
const Levels = z.object({
  attainment: KpiLevel,
  scrapPercent: KpiLevel,
  downtimeMinutes: KpiLevel,
  idlePeople: KpiLevel,
});

/**
 * The scoreboard and KPI monitor documents (issue 7 part 3; server/areas/boards/README.md). Public:
 * the /tv/scoreboard and /tv/kpimonitor boards have no login, so these carry figures and operators'
 * names only: never pay, punches or other employee data. Instants are ISO UTC.
 */

const Instant = z.string();
const Id = z.number().int();

/** One machine's line on a scoreboard: today's pieces against its target over the shift so far. */
export const ScoreRow = z.object({
  ResourceID: z.string(),
  Description: z.string(),
  /** Good pieces today (plant day). */
  Pieces: z.number(),
  /** floor(working minutes of the shift so far / MinutesPerPiece); 0 without a rate. */
  TargetPieces: z.number().int(),
  ScrapPieces: z.number(),
  DowntimeMinutes: z.number(),
  /** The reason of the open downtime (null: running). */
  DownReason: z.string().nullable(),
  MinutesPerPiece: z.number().nullable(),
  /** Working minutes of the shift so far as of AsOf (less downtime): the board advances it while running. */
  WorkingMinutes: z.number(),
  /** Who is on it now (names only). */
  Operators: z.array(z.string()),
  /** This machine's levels: its own thresholds, else the plant's, else the defaults. */
  Thresholds: Levels.optional(),
});
export type ScoreRow = z.infer<typeof ScoreRow>;

export const BayTotals = z.object({
  Pieces: z.number(),
  TargetPieces: z.number().int(),
  ScrapPieces: z.number(),
  DowntimeMinutes: z.number(),
});
export type BayTotals = z.infer<typeof BayTotals>;

/** `bay:{BayNumber}`: the scoreboard of one bay. */
export const BayBoard = z.object({
  BayNumber: Id,
  PlantID: Id,
  Description: z.string(),
  /** When the shift began (the plant's first clock-in today); null: nobody clocked in yet. */
  ShiftStart: Instant.nullable(),
  Rows: z.array(ScoreRow),
  Totals: BayTotals,
  /** The plant's levels, for the totals. */
  Thresholds: Levels.optional(),
  AsOf: Instant,
});
export type BayBoard = z.infer<typeof BayBoard>;

export const DowntimeReasonMinutes = z.object({ Reason: z.string(), Minutes: z.number() });
export type DowntimeReasonMinutes = z.infer<typeof DowntimeReasonMinutes>;

export const HourPieces = z.object({
  /** The hour's start (ISO UTC); the board shows it in plant time. */
  Hour: Instant,
  Pieces: z.number(),
});
export type HourPieces = z.infer<typeof HourPieces>;

/** `kpi:{PlantID}`: the plant's KPI monitor. */
export const KpiBoard = z.object({
  PlantID: Id,
  ShiftStart: Instant.nullable(),
  Pieces: z.number(),
  TargetPieces: z.number().int(),
  /** Pieces a minute the running machines with a rate add to the target: the board advances it. */
  TargetPiecesPerMinute: z.number(),
  ScrapPieces: z.number(),
  /** Scrap / (good + scrap) × 100, one decimal; 0 with no pieces. */
  ScrapPercent: z.number(),
  DowntimeMinutes: z.number(),
  /** The top downtime reasons today by minutes (at most 5). */
  TopDowntime: z.array(DowntimeReasonMinutes),
  People: z.object({ Direct: z.number().int(), Indirect: z.number().int(), Idle: z.number().int() }),
  /** Active machines of the plant with an open downtime now. */
  MachinesDown: z.number().int(),
  /** Good pieces per hour from the shift's first hour to now. */
  Hourly: z.array(HourPieces),
  /** The plant's levels of each KPI (/thresholds, else the defaults). */
  Thresholds: Levels.optional(),
  AsOf: Instant,
});
export type KpiBoard = z.infer<typeof KpiBoard>;
