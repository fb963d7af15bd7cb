import { z } from 'zod';
import { type Access, defineCall } from '../contract/call';
import { Id, LocalDate, Num, PlantID, Text } from '../contract/fields';
import { ResourceID } from '../production-plan/entities';
import { Paint, PaintLine, PaintLineChoice, PaintLoad, ViscosityReading, ViscosityReport } from './entities';

/**
 * The paint-line calls (issue 7; server/areas/painting/README.md). Row-level rules the server enforces
 * beyond the flags below: another employee's viscosity report needs supervisor; readings and loads go
 * on a paint line (a resource whose process is Painting) of the caller's plant.
 */

const EmployeeID = Id;
const Code = Text(20).trim().min(1);
const JobNumber = z
  .string()
  .trim()
  .min(1)
  .max(30)
  .regex(/^[A-Za-z0-9-]+$/, 'JobNumber may contain only letters, digits and dashes');

const user: Access = 'user';
/** The floor: operators and their supervisors. */
const floor: Access = { anyOf: ['accessManufacturing', 'supervisor'] };

export const GetPaintLines = defineCall({
  method: 'GET',
  path: 'painting/GetPaintLines',
  summary: "A plant's active paint lines (resources whose process is Painting), for the tablet's picker.",
  access: user,
  payload: z.object({ PlantID }),
  result: z.array(PaintLineChoice),
});

export const GetPaints = defineCall({
  method: 'GET',
  path: 'painting/GetPaints',
  summary: 'The active paints with their viscosity target range (Zahn-cup seconds), in order.',
  access: user,
  payload: z.object({}),
  result: z.array(Paint),
});

export const GetPaintLine = defineCall({
  method: 'GET',
  path: 'painting/GetPaintLine',
  summary:
    "A paint line's document: current load, last viscosity readings (in or out of range), next reading due, good pieces today. Public: what topic painting:{ResourceID} carries.",
  access: 'public',
  payload: z.object({ ResourceID }),
  result: PaintLine,
});

export const RecordViscosity = defineCall({
  method: 'POST',
  path: 'painting/RecordViscosity',
  summary:
    'Record a viscosity reading (Zahn-cup seconds, temperature °F) of a paint on a paint line, by the caller; marked in or out of the paint range.',
  access: floor,
  payload: z.object({
    ResourceID,
    PaintCode: Code,
    Seconds: Num(0, 10_000),
    TemperatureF: Num(-100, 1_000),
  }),
  result: ViscosityReading,
});

export const StartPaintLoad = defineCall({
  method: 'POST',
  path: 'painting/StartPaintLoad',
  summary:
    'Start a load (batch) on a paint line: job, part, paint and quantity; ends the load running there.',
  access: floor,
  payload: z.object({
    ResourceID,
    JobNumber,
    PartNum: Text(50).trim().min(1),
    PaintCode: Code,
    Quantity: z.number().finite().positive().max(1_000_000),
  }),
  result: PaintLoad,
});

export const GetViscosityReport = defineCall({
  method: 'GET',
  path: 'painting/GetViscosityReport',
  summary:
    "One employee's viscosity readings from From to To (plant-local dates, inclusive), newest first, with in/out of range counts. Oneself, or another with supervisor.",
  access: user,
  payload: z.object({ EmployeeID, From: LocalDate, To: LocalDate }),
  result: ViscosityReport,
});

export const paintingCalls = [
  GetPaintLines,
  GetPaints,
  GetPaintLine,
  RecordViscosity,
  StartPaintLoad,
  GetViscosityReport,
] as const;
