import type { PendingChange } from '../../../domain/live/changes';
import { topicOf } from '../../../domain/live/topics';
import {
  AddMachineRate,
  AddWorkcenter,
  DeleteMachineRate,
  GetMachineRates,
  GetMachines,
  GetMachinesForPlan,
  GetPrinterList,
  GetProductionPlanList,
  GetWorkcenters,
  UpdateMachine,
  UpdateMachineRate,
  UpdateWorkcenter,
} from '../../../domain/production-plan/calls';
import type { Machine, Workcenter } from '../../../domain/production-plan/entities';
import { MACHINES, WORKCENTERS } from '../../../domain/production-plan/live';
import type { Sql } from '../../db/database';
import { sorry } from '../../rpc/errors';
import type { CallRegistry } from '../../rpc/registry';
import * as repo from './machines.repository';
import { listPlans } from './plan-list.repository';

const machineChange = (m: Machine): PendingChange => ({
  topic: topicOf.machines(m.PlantID),
  collection: MACHINES,
  id: m.ResourceID,
  doc: m as unknown as Record<string, unknown>,
});

const workcenterChange = (w: Workcenter): PendingChange => ({
  topic: topicOf.workcenters(w.PlantID),
  collection: WORKCENTERS,
  id: String(w.WorkcenterID),
  doc: w as unknown as Record<string, unknown>,
});

async function machineOrSorry(db: Sql, resourceId: string): Promise<Machine> {
  const machine = await repo.findMachine(db, resourceId);
  if (!machine) throw sorry(`Machine ${resourceId} was not found.`);
  return machine;
}

async function rateOrSorry(db: Sql, rateId: number) {
  const rate = await repo.findRate(db, rateId);
  if (!rate) throw sorry(`Machine rate ${rateId} was not found; it may have been deleted. Reload the list.`);
  return rate;
}

async function workcenterOrSorry(db: Sql, workcenterId: number): Promise<Workcenter> {
  const workcenter = await repo.findWorkcenter(db, workcenterId);
  if (!workcenter) throw sorry(`Workcenter ${workcenterId} was not found.`);
  return workcenter;
}

/**
 * The production plan list, machines and their rates, workcenters and printers (spec 001 §7 reads and
 * the maintenance calls beyond it). Every machine change is published on `machines:{PlantID}` and every
 * workcenter change on `workcenters:{PlantID}`, so two editors see each other's work.
 */
export function registerMachineCalls(registry: CallRegistry): void {
  registry.handle(GetPrinterList, async ({ db, payload }) => repo.listPrinters(db, payload.PlantID ?? null));

  registry.handle(GetMachinesForPlan, async ({ db, payload }) => {
    const machines = await repo.listMachinesForJob(db, payload.JobNumber);
    if (!machines) throw sorry(`Job ${payload.JobNumber} was not found.`);
    return machines;
  });

  registry.handle(GetMachineRates, async ({ db, payload }) => {
    await machineOrSorry(db, payload.ResourceID);
    return repo.listRates(db, payload.ResourceID);
  });

  registry.handle(GetProductionPlanList, async ({ db, payload }) => {
    const { rows, total } = await listPlans(
      db,
      { plantId: payload.PlantID ?? null, search: payload.Search ?? null, status: payload.Status ?? 'all' },
      payload.Skip,
      payload.Take,
    );
    return { Rows: rows, Total: total };
  });

  registry.handle(GetMachines, async ({ db, payload }) => repo.listMachines(db, payload.PlantID ?? null));

  registry.handle(UpdateMachine, async ({ db, payload, publish }) => {
    const before = await machineOrSorry(db, payload.ResourceID);
    const field = payload.FieldName;
    let previous: Workcenter | null = null;
    let next: Workcenter | null = null;
    if (field === 'WorkcenterID') {
      const id = payload.Value as number | null;
      if (id !== null) {
        next = await workcenterOrSorry(db, id);
        if (next.PlantID !== before.PlantID) {
          throw sorry(
            `Workcenter ${next.Name} belongs to plant ${next.PlantID}, not to plant ${before.PlantID} of machine ${before.ResourceID}.`,
          );
        }
      }
      if (before.WorkcenterID !== null && before.WorkcenterID !== id) {
        previous = await repo.findWorkcenter(db, before.WorkcenterID);
      }
    }
    await repo.updateMachineField(db, before.ResourceID, field, payload.Value);
    const after = (await repo.findMachine(db, before.ResourceID))!;
    publish(machineChange(after));
    // The machine moved between workcenters: both lists of machines changed.
    for (const w of [previous, next]) {
      if (w) publish(workcenterChange((await repo.findWorkcenter(db, w.WorkcenterID))!));
    }
    return after;
  });

  registry.handle(AddMachineRate, async ({ db, payload, publish }) => {
    const machine = await machineOrSorry(db, payload.ResourceID);
    const rate = await repo.insertRate(db, machine.ResourceID, payload.Description);
    publish(machineChange((await repo.findMachine(db, machine.ResourceID))!));
    return rate;
  });

  registry.handle(UpdateMachineRate, async ({ db, payload, publish }) => {
    const rate = await rateOrSorry(db, payload.MachineRateID);
    await repo.updateRateField(db, rate.MachineRateID, payload.FieldName, payload.Value);
    if (payload.FieldName === 'Official' && payload.Value === true) {
      await repo.clearOtherOfficial(db, rate.ResourceID, rate.MachineRateID);
    }
    publish(machineChange((await repo.findMachine(db, rate.ResourceID))!));
    return (await repo.findRate(db, rate.MachineRateID))!;
  });

  registry.handle(DeleteMachineRate, async ({ db, payload, publish }) => {
    const rate = await rateOrSorry(db, payload.MachineRateID);
    await repo.softDeleteRate(db, rate.MachineRateID);
    publish(machineChange((await repo.findMachine(db, rate.ResourceID))!));
    return { Deleted: true };
  });

  registry.handle(GetWorkcenters, async ({ db, payload }) =>
    repo.listWorkcenters(db, payload.PlantID ?? null),
  );

  registry.handle(AddWorkcenter, async ({ db, payload, publish }) => {
    if (!(await repo.plantExists(db, payload.PlantID)))
      throw sorry(`Plant ${payload.PlantID} was not found.`);
    const same = await repo.findWorkcenterByName(db, payload.PlantID, payload.Name, null);
    if (same) throw sorry(`Plant ${payload.PlantID} already has a workcenter named ${same.name}.`);
    const id = await repo.insertWorkcenter(db, payload.PlantID, payload.Name);
    const workcenter = (await repo.findWorkcenter(db, id))!;
    publish(workcenterChange(workcenter));
    return workcenter;
  });

  registry.handle(UpdateWorkcenter, async ({ db, payload, publish }) => {
    const before = await workcenterOrSorry(db, payload.WorkcenterID);
    if (payload.FieldName === 'Name') {
      const same = await repo.findWorkcenterByName(
        db,
        before.PlantID,
        payload.Value as string,
        before.WorkcenterID,
      );
      if (same) throw sorry(`Plant ${before.PlantID} already has a workcenter named ${same.name}.`);
    }
    await repo.updateWorkcenterField(db, before.WorkcenterID, payload.FieldName, payload.Value);
    const after = (await repo.findWorkcenter(db, before.WorkcenterID))!;
    publish(workcenterChange(after));
    return after;
  });
}
