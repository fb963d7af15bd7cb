import { z } from 'zod';

/**
 * The paint line (issue 7, /manufacturing/painting and /tv/painting/{ResourceID}): a small model of our
 * own, the spec names the screens only (server/areas/painting/README.md). A paint line is a resource
 * whose process is Painting. Paints carry a viscosity target range in Zahn-cup seconds; a load is a
 * batch run on a line (job, part, paint, quantity); a viscosity reading is taken by an operator on a
 * line for a paint, with the temperature (°F), and is in or out of the paint's range at that time.
 * Instants are ISO 8601 UTC strings.
 */

const Instant = z.string();
const Id = z.number().int();

export const Paint = z.object({
  PaintCode: z.string(),
  Description: z.string(),
  Colour: z.string(),
  ColourHex: z.string(),
  MinSeconds: z.number(),
  MaxSeconds: z.number(),
});
export type Paint = z.infer<typeof Paint>;

export const PaintLoad = z.object({
  PaintLoadID: Id,
  ResourceID: z.string(),
  PlantID: Id,
  JobNumber: z.string(),
  PartNum: z.string(),
  PaintCode: z.string(),
  Colour: z.string(),
  ColourHex: z.string(),
  Quantity: z.number(),
  StartedAt: Instant,
  EndedAt: Instant.nullable(),
});
export type PaintLoad = z.infer<typeof PaintLoad>;

export const ViscosityReading = z.object({
  ViscosityReadingID: Id,
  ResourceID: z.string(),
  PlantID: Id,
  PaintCode: z.string(),
  Colour: z.string(),
  Seconds: z.number(),
  TemperatureF: z.number(),
  EmployeeID: Id,
  /** The operator's name (shown on the board: names of operators are public there). */
  EmployeeName: z.string(),
  RecordedAt: Instant,
  MinSeconds: z.number(),
  MaxSeconds: z.number(),
  InRange: z.boolean(),
});
export type ViscosityReading = z.infer<typeof ViscosityReading>;

/**
 * The paint-line document: what `painting/GetPaintLine` answers and topic `painting:{ResourceID}`
 * carries (public: TV boards have no login). Only the line, its load, the last readings (with the
 * operators' names), when the next reading is due and today's good pieces: no pay, punches or other
 * employee data.
 */
export const PaintLine = z.object({
  ResourceID: z.string(),
  PlantID: Id,
  Description: z.string(),
  CurrentLoad: PaintLoad.nullable(),
  /** The last readings on the line, newest first (at most 8). */
  Readings: z.array(ViscosityReading),
  /** How often a reading is due, in minutes. */
  ReadingEveryMinutes: z.number(),
  /** When the next reading is due (null: nothing runs and no reading is due). */
  NextReadingDueAt: Instant.nullable(),
  /** Good pieces reported (shop-floor completions) on the line today, plant day. */
  GoodPiecesToday: z.number(),
  ScrapPiecesToday: z.number(),
  AsOf: Instant,
});
export type PaintLine = z.infer<typeof PaintLine>;

export const ViscosityReport = z.object({
  EmployeeID: Id,
  Name: z.string(),
  From: Instant,
  To: Instant,
  Readings: z.array(ViscosityReading),
  InRange: z.number().int(),
  OutOfRange: z.number().int(),
});
export type ViscosityReport = z.infer<typeof ViscosityReport>;

/** A paint line as the tablet picks it. */
export const PaintLineChoice = z.object({ ResourceID: z.string(), Description: z.string(), PlantID: Id });
export type PaintLineChoice = z.infer<typeof PaintLineChoice>;
