import type { PendingChange } from '../../domain/live/changes';
import { plantTimeZone } from '../../domain/platform/plants';
import { addDays, localDateOf } from '../../domain/scheduling/calendar';
import * as curingRepo from '../areas/curing/curing.repository';
import { curingChange } from '../areas/curing/curing.service';
import * as repo from '../areas/maintenance/maintenance.repository';
import {
  fixtureRequestChange,
  preventiveTaskChange,
  workOrderChange,
} from '../areas/maintenance/maintenance.service';
import { appendChanges } from '../feed/feed.service';
import type { Sql } from './database';
import { createEmployee } from './seed';

/**
 * Demo maintenance and curing (issue 7 part 3), relative to now so the TV boards are not empty: four
 * maintenance technicians (logins their user names, password the same), work orders in plants 1 and 2
 * in every status (an urgent one and an overdue one; one done today), open fixture requests (one late),
 * PM tasks over the next seven days in both plants (two overdue), and two curing locations: `CURE1`
 * (plant 1, the powder-coat cure oven, 8 slots, loads at different points of their cure, one ready)
 * and `RACK2` (plant 2, an air-dry rack area, 6 slots). Every document is written to the change log of
 * its public topic, so a board that follows a topic from 0 has it.
 */

export const maintenanceDemoPeople = [
  {
    employeeId: 1951,
    userName: 'rvance',
    firstName: 'Rita',
    lastName: 'Vance',
    title: 'Maintenance Technician',
    plantId: 1,
  },
  {
    employeeId: 1952,
    userName: 'bcole',
    firstName: 'Ben',
    lastName: 'Cole',
    title: 'Maintenance Technician',
    plantId: 1,
  },
  {
    employeeId: 1953,
    userName: 'hreyes',
    firstName: 'Hugo',
    lastName: 'Reyes',
    title: 'Maintenance Technician',
    plantId: 2,
  },
  {
    employeeId: 1954,
    userName: 'nshaw',
    firstName: 'Nina',
    lastName: 'Shaw',
    title: 'Tool Room Lead',
    plantId: 1,
  },
] as const;

export async function seedMaintenance(tx: Sql): Promise<void> {
  const existing = await tx.query('SELECT 1 FROM curing_locations LIMIT 1');
  if (existing.length) return;
  for (const p of maintenanceDemoPeople) {
    await createEmployee(tx, {
      ...p,
      password: p.userName,
      flags: ['viewMaintenance', 'createMaintenanceWorkOrder', 'accessManufacturing'],
    });
  }
  const nowMs = Date.now();
  const ago = (minutes: number) => new Date(nowMs - minutes * 60_000).toISOString();
  const ahead = (minutes: number) => new Date(nowMs + minutes * 60_000).toISOString();
  const changes: PendingChange[] = [];
  const admin = 1001;

  // Work orders: [plant, asset, description, priority, status, technician, created minutes ago, due in minutes (null: none)].
  const workOrders: Array<[number, string, string, string, string, number | null, number, number | null]> = [
    [1, 'LV-RF01', 'Roll former 1: hydraulic leak at the entry shear', 'urgent', 'inProgress', 1951, 95, 60],
    [
      1,
      'LV-PCH01',
      'Punch press: die change clamp will not release',
      'high',
      'waitingParts',
      1952,
      1560,
      -300,
    ],
    [1, 'LV-CUT01', 'Cold saw blade guard sensor faulty', 'normal', 'open', null, 320, 2880],
    [1, 'LV-PNT01', 'Powder booth filter replacement', 'normal', 'inProgress', 1952, 2900, 600],
    [1, 'LV-WLD02', 'Robot torch cable worn near the wrist', 'high', 'open', 1951, 45, 480],
    [1, 'FORKLIFT-07', 'Forklift 7: horn not working', 'low', 'open', null, 4300, null],
    [1, 'LV-SLT01', 'Slitter knife setup check after coil jam', 'normal', 'done', 1951, 400, null],
    [2, 'IDF-RF01', 'Roll former: entry guide worn, parts out of tolerance', 'high', 'open', 1953, 210, 240],
    [2, 'IDF-WLD01', 'Welding cell 1 fume extractor noisy', 'low', 'waitingParts', 1953, 5000, -1440],
    [2, 'IDF-PNT01', 'Cure oven burner will not light on the first try', 'urgent', 'open', null, 30, 120],
  ];
  for (const [plant, asset, description, priority, status, tech, createdAgo, dueIn] of workOrders) {
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO maintenance_work_orders (plant_id, asset, description, priority, status, assigned_to, created_at,
         due_at, completed_at, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING work_order_id AS id`,
      [
        plant,
        asset,
        description,
        priority,
        status,
        tech,
        ago(createdAgo),
        dueIn === null ? null : ahead(dueIn),
        status === 'done' ? ago(20) : null,
        admin,
      ],
    );
    changes.push(workOrderChange((await repo.workOrder1(tx, row!.id))!));
  }

  // Fixture requests: [plant, requested by, job, part, description, needed in minutes, status, created minutes ago].
  const fixtures: Array<[number, number, string | null, string | null, string, number, string, number]> = [
    [
      1,
      1701,
      'J240003',
      'BM-4814-96',
      'Weld fixture for 96" step beams (second station)',
      -180,
      'inProgress',
      2900,
    ],
    [1, 1703, 'J240007', 'UP-3X3-240', 'Saw stop block for 240" uprights', 1440, 'requested', 600],
    [1, 1004, 'J240011', 'BM-5016-144', 'Check gauge for beam connector holes', 4320, 'ready', 300],
    [1, 1954, null, null, 'Spare locating pins for the robotic welding cell', 2880, 'requested', 90],
    [2, 1953, 'J240014', 'UP-3X4-288', 'Baseplate welding jig, 3x4 uprights', 720, 'requested', 1500],
    [2, 1953, 'J240018', 'BM-6014-120', 'Paint hanger hooks for 120" beams', -60, 'requested', 4000],
  ];
  for (const [plant, by, job, part, description, neededIn, status, createdAgo] of fixtures) {
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO fixture_requests (plant_id, requested_by, job_number, part_num, description, needed_by, status, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING fixture_request_id AS id`,
      [plant, by, job, part, description, ahead(neededIn), status, ago(createdAgo)],
    );
    changes.push(fixtureRequestChange((await repo.fixtureRequest(tx, row!.id))!));
  }

  // PM tasks: [plant, asset, description, interval days, due: days from today (plant-local; at most 7, so
  // always on the two weeks shown) or three days ago, technician].
  const tasks: Array<[number, string, string, number, number | 'overdue', number | null]> = [
    [1, 'LV-RF01', 'Lubricate roll stands and check gearbox oil', 30, 'overdue', 1951],
    [1, 'LV-PCH01', 'Punch press clutch and brake inspection', 90, 1, 1952],
    [1, 'LV-CUT01', 'Cold saw coolant change', 14, 2, 1952],
    [1, 'LV-PNT01', 'Powder booth cartridge filters', 30, 2, 1951],
    [1, 'LV-WLD02', 'Robot TCP calibration', 60, 3, 1951],
    [1, 'LV-SLT01', 'Slitter arbor bearing check', 180, 7, 1952],
    [1, 'LV-ASM01', 'Assembly bench air tools service', 90, 6, null],
    [1, 'FORKLIFT-07', 'Forklift 7 planned service', 90, 5, 1952],
    [2, 'IDF-RF01', 'Roll former alignment check', 60, 'overdue', 1953],
    [2, 'IDF-PCH01', 'Punch press hydraulic oil sample', 90, 0, 1953],
    [2, 'IDF-PNT01', 'Cure oven burner service', 30, 3, 1953],
    [2, 'IDF-CUT01', 'Cold saw blade and vise check', 14, 4, null],
    [2, 'IDF-WLD01', 'Fume extractor filter change', 30, 7, 1953],
  ];
  for (const [plant, asset, description, interval, due, tech] of tasks) {
    const today = localDateOf(nowMs, plantTimeZone(plant));
    const nextDue = addDays(today, due === 'overdue' ? -3 : due);
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO preventive_tasks (plant_id, asset, description, interval_days, next_due, last_done, assigned_to)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING preventive_task_id AS id`,
      [plant, asset, description, interval, nextDue, addDays(nextDue, -interval), tech],
    );
    const task = (await repo.preventiveTask(tx, row!.id))!;
    changes.push(preventiveTaskChange(repo.taskOf(task), true));
  }

  // Curing locations, their slots, and loads: [slot, job, part, quantity, cure minutes, loaded minutes ago].
  const locations: Array<
    [string, number, string, string[], Array<[string, string, string, number, number, number]>]
  > = [
    [
      'CURE1',
      1,
      'Powder coat cure oven',
      ['R1-A', 'R1-B', 'R1-C', 'R1-D', 'R2-A', 'R2-B', 'R2-C', 'R2-D'],
      [
        ['R1-A', 'J240003', 'BM-4814-96', 120, 20, 24],
        ['R1-B', 'J240005', 'BM-4814-108', 96, 20, 12],
        ['R1-C', 'J240007', 'UP-3X3-240', 40, 25, 3],
        ['R2-A', 'J240011', 'BM-5016-144', 80, 30, 12],
        ['R2-C', 'J240012', 'UP-3X4-288', 36, 30, 6],
      ],
    ],
    [
      'RACK2',
      2,
      'Air-dry rack area (wet paint)',
      ['A1', 'A2', 'A3', 'B1', 'B2', 'B3'],
      [
        ['A1', 'J240014', 'UP-3X4-288', 24, 240, 250],
        ['A2', 'J240018', 'BM-6014-120', 60, 240, 90],
        ['B1', 'J240021', 'UP-3X3-192', 30, 180, 15],
      ],
    ],
  ];
  for (const [locationId, plant, description, slots, loads] of locations) {
    await tx.query('INSERT INTO curing_locations (location_id, plant_id, description) VALUES ($1, $2, $3)', [
      locationId,
      plant,
      description,
    ]);
    for (const [i, slot] of slots.entries()) {
      await tx.query('INSERT INTO curing_slots (location_id, slot_id, sort_order) VALUES ($1, $2, $3)', [
        locationId,
        slot,
        i,
      ]);
    }
    for (const [slot, job, part, quantity, cure, loadedAgo] of loads) {
      await curingRepo.insertLoad(
        tx,
        {
          LocationID: locationId,
          SlotID: slot,
          JobNumber: job,
          PartNum: part,
          Quantity: quantity,
          CureMinutes: cure,
        },
        ago(loadedAgo),
        admin,
      );
    }
    changes.push(curingChange((await curingRepo.location(tx, locationId))!));
  }
  await appendChanges(tx, changes, null);
}
