import { z } from 'zod';
import { defineCall } from '../contract/call';
import { PlantID } from '../contract/fields';
import { BayBoard, KpiBoard } from './entities';

/** The scoreboard and KPI monitor documents as calls (public: the same as their topics). */

export const GetBayBoard = defineCall({
  method: 'GET',
  path: 'boards/GetBayBoard',
  summary:
    "A bay's scoreboard: per machine today's pieces vs target over the shift so far, scrap, downtime, operators; bay totals. Public: what topic bay:{BayNumber} carries.",
  access: 'public',
  payload: z.object({ BayNumber: z.number().int().min(1).max(999) }),
  result: BayBoard,
});

export const GetKpiBoard = defineCall({
  method: 'GET',
  path: 'boards/GetKpiBoard',
  summary:
    "A plant's KPIs today: pieces vs target, scrap %, downtime and top reasons, people direct/indirect/idle, pieces per hour. Public: what topic kpi:{PlantID} carries.",
  access: 'public',
  payload: z.object({ PlantID }),
  result: KpiBoard,
});

export const boardCalls = [GetBayBoard, GetKpiBoard] as const;
