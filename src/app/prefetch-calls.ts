import { z } from 'zod';
import { defineCall } from '../../domain/contract/call';

/**
 * The calls a route's loader sends ahead of a screen, declared light: path and payload only. The
 * areas' own declarations carry the full result schemas, which belong in the area's chunk, not in the
 * first one. A unit test checks each against the area's declaration (same path, method and payload).
 */
const job = z.object({ JobNumber: z.string() });
export const planHead = {
  load: defineCall({
    method: 'GET',
    path: 'web/LoadProductionPlan2',
    summary: 'LoadProductionPlan2, ahead of the plan screen.',
    access: 'user',
    payload: job,
    result: z.unknown(),
  }),
  machines: defineCall({
    method: 'GET',
    path: 'web/GetMachinesForPlan',
    summary: 'GetMachinesForPlan, ahead of the plan screen.',
    access: 'user',
    payload: job,
    result: z.unknown(),
  }),
};

/** Tasks per lane of the plant schedule's first GetSchedule: more than a lane shows on a tall screen. */
export const FIRST_TASKS = 30;

/** The plant schedule's first calls: the plant's schedules, then the official one's first tasks. */
export const scheduleHead = {
  schedules: defineCall({
    method: 'GET',
    path: 'web/GetSchedules',
    summary: 'GetSchedules, ahead of the plant schedule.',
    access: 'user',
    payload: z.object({ PlantID: z.number() }),
    result: z.array(z.object({ ScheduleID: z.number(), Official: z.boolean() }).passthrough()),
  }),
  schedule: defineCall({
    method: 'GET',
    path: 'web/GetSchedule',
    summary: 'GetSchedule (first tasks of each lane), ahead of the plant schedule.',
    access: 'user',
    payload: z.object({ ScheduleID: z.number(), FirstTasks: z.number() }),
    result: z.unknown(),
  }),
};

/** Intro's work list (web/GetMyWork): counts and shortcuts, asked while the platform chunk loads. */
export const myWorkHead = defineCall({
  method: 'GET',
  path: 'web/GetMyWork',
  summary: 'GetMyWork, ahead of Intro.',
  access: 'user',
  payload: z.object({}),
  result: z.unknown(),
});
