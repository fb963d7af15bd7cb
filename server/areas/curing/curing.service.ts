import type { CuringLocation } from '../../../domain/curing/entities';
import { CURING_LOCATION_KIND, curingTopic } from '../../../domain/curing/live';
import { loadProblem, unloadProblem } from '../../../domain/curing/rules';
import { boardItemChange } from '../../../domain/live/board-items';
import type { PendingChange } from '../../../domain/live/changes';
import type { Sql } from '../../db/database';
import { invalid, sorry } from '../../rpc/errors';
import * as repo from './curing.repository';

/**
 * The curing rules as the server applies them (issue 7 part 3). A load or unload locks the location's
 * row (one writer per location), reads its slots under the lock, applies domain/curing/rules.ts,
 * writes, and republishes the whole location on `curing:{LocationID}` in the same transaction. An
 * unknown location or slot is bad input (Error); a full slot to load or an empty one to unload is a
 * rule of the floor (Sorry). Either way nothing is written.
 */

export interface WriteContext {
  db: Sql;
  employeeId: number;
  publish(change: PendingChange): void;
}

const now = () => new Date().toISOString();

export const curingChange = (l: CuringLocation): PendingChange =>
  boardItemChange(curingTopic(l.LocationID), CURING_LOCATION_KIND, l.LocationID, l.PlantID, l);

export interface LoadInput {
  LocationID: string;
  SlotID: string;
  JobNumber: string;
  PartNum?: string | null;
  Quantity: number;
  CureMinutes: number;
}

export class CuringService {
  constructor(private readonly clock: () => string = now) {}

  async location(db: Sql, locationId: string): Promise<CuringLocation> {
    const l = await repo.location(db, locationId);
    if (!l) throw invalid(`LocationID: there is no curing location ${locationId}.`);
    return l;
  }

  async loadRack(w: WriteContext, input: LoadInput): Promise<CuringLocation> {
    const loc = await this.locked(w.db, input.LocationID);
    const slot = loc.Slots.find((s) => s.SlotID === input.SlotID) ?? null;
    const problem = loadProblem(slot, loc.LocationID, input.SlotID);
    if (problem) throw slot ? sorry(problem) : invalid(`SlotID: ${problem}`);
    await repo.insertLoad(
      w.db,
      { ...input, LocationID: loc.LocationID, PartNum: input.PartNum ?? null },
      this.clock(),
      w.employeeId,
    );
    return this.finish(w, loc.LocationID);
  }

  async unloadRack(w: WriteContext, locationId: string, slotId: string): Promise<CuringLocation> {
    const loc = await this.locked(w.db, locationId);
    const slot = loc.Slots.find((s) => s.SlotID === slotId) ?? null;
    const problem = unloadProblem(slot, loc.LocationID, slotId);
    if (problem) throw slot ? sorry(problem) : invalid(`SlotID: ${problem}`);
    await repo.unload(w.db, slot!.Load!.CuringLoadID, this.clock(), w.employeeId);
    return this.finish(w, loc.LocationID);
  }

  private async locked(db: Sql, locationId: string): Promise<CuringLocation> {
    const loc = await repo.location(db, locationId, true);
    if (!loc) throw invalid(`LocationID: there is no curing location ${locationId}.`);
    return loc;
  }

  private async finish(w: WriteContext, locationId: string): Promise<CuringLocation> {
    const after = (await repo.location(w.db, locationId))!;
    w.publish(curingChange(after));
    return after;
  }
}
