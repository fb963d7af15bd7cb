import {
  AddAlgorithm,
  ALGORITHMS_TOPIC,
  type AlgorithmField,
  DeleteAlgorithm,
  DeleteAlgorithmGroup,
  DeletePbProperty,
  DeleteRate,
  GetAlgorithm,
  GetAlgorithmAnalysis,
  GetAlgorithmGroups,
  GetAlgorithms,
  GetPbProperties,
  GetRateTables,
  SaveAlgorithmGroup,
  SavePbProperty,
  SaveRate,
  TestAlgorithm,
  UpdateAlgorithm,
} from '../../../domain/algorithms/calls';
import type { PendingChange } from '../../../domain/live/changes';
import { invalid } from '../../rpc/errors';
import type { CallRegistry } from '../../rpc/registry';
import * as repo from './algorithms.repository';
import * as service from './algorithms.service';

/** A change on the `algorithms` topic: two editors of the same group see each other's edits. */
const change = (collection: string, id: string | number, doc: object | null): PendingChange => ({
  topic: ALGORITHMS_TOPIC,
  collection,
  id: String(id),
  doc: doc as Record<string, unknown> | null,
});

/** The rate algorithms' maintenance calls (domain/algorithms/calls.ts; access is declared there). */
export function registerAlgorithmCalls(registry: CallRegistry): void {
  registry.handle(GetAlgorithmGroups, async ({ db }) => repo.listGroups(db));

  registry.handle(SaveAlgorithmGroup, async ({ db, payload, publish }) => {
    const id = payload.AlgorithmGroupID ?? null;
    const resourceIds = [...new Set(payload.ResourceIDs)];
    await service.checkGroup(db, id, payload.Name, resourceIds);
    const fields = { name: payload.Name, description: payload.Description, process: payload.Process };
    const groupId = id ?? (await repo.insertGroup(db, fields));
    if (id !== null) await repo.updateGroup(db, id, fields);
    await repo.setGroupResources(db, groupId, resourceIds);
    const saved = await service.requireGroup(db, groupId);
    publish(change('algorithmGroups', groupId, saved));
    return saved;
  });

  registry.handle(DeleteAlgorithmGroup, async ({ db, payload, publish }) => {
    const group = await service.requireGroup(db, payload.AlgorithmGroupID);
    const left = (await repo.listAlgorithms(db, group.AlgorithmGroupID)).length;
    if (left) {
      throw invalid(
        `The group "${group.Name}" still has ${left} algorithm${left === 1 ? '' : 's'}; delete ${left === 1 ? 'it' : 'them'} first.`,
      );
    }
    await repo.deleteGroup(db, group.AlgorithmGroupID);
    publish(change('algorithmGroups', group.AlgorithmGroupID, null));
    return null;
  });

  registry.handle(GetAlgorithms, async ({ db, payload }) => {
    const group = await service.requireGroup(db, payload.AlgorithmGroupID);
    return { Group: group, Algorithms: await repo.listAlgorithms(db, group.AlgorithmGroupID) };
  });

  registry.handle(GetAlgorithm, async ({ db, payload }) => service.requireAlgorithm(db, payload.AlgorithmID));

  registry.handle(AddAlgorithm, async ({ db, payload, publish }) => {
    const group = await service.requireGroup(db, payload.AlgorithmGroupID);
    const added = await repo.insertAlgorithm(db, {
      AlgorithmGroupID: group.AlgorithmGroupID,
      Name: payload.Name ?? 'New algorithm',
      Priority: await repo.nextPriority(db, group.AlgorithmGroupID),
      Active: false,
      AppliesWhen: '',
      FeetPerMinute: '',
      MinutesPerPiece: '',
      MinutesPerBundle: '',
      SetupMinutes: '',
      SchedulingMinutesPerPiece: '',
      Questions: [],
      RateLookups: [],
    });
    publish(change('algorithms', added.AlgorithmID, added));
    return added;
  });

  registry.handle(UpdateAlgorithm, async ({ db, payload, publish }) => {
    await service.requireAlgorithm(db, payload.AlgorithmID);
    const updated = await repo.updateAlgorithmField(
      db,
      payload.AlgorithmID,
      payload.FieldName as AlgorithmField,
      payload.Value,
    );
    if (!updated) throw invalid(`Algorithm ${payload.AlgorithmID} does not exist.`);
    publish(change('algorithms', updated.AlgorithmID, updated));
    return updated;
  });

  registry.handle(DeleteAlgorithm, async ({ db, payload, publish }) => {
    if (!(await repo.deleteAlgorithm(db, payload.AlgorithmID))) {
      throw invalid(`Algorithm ${payload.AlgorithmID} does not exist; it may have been deleted already.`);
    }
    publish(change('algorithms', payload.AlgorithmID, null));
    return null;
  });

  registry.handle(GetPbProperties, async ({ db, payload }) =>
    repo.listProperties(db, payload.PartNum || null),
  );

  registry.handle(SavePbProperty, async ({ db, payload, publish }) => {
    const saved = await repo.upsertProperty(db, payload);
    publish(change('pbProperties', `${saved.PartNum}|${saved.Property}`, saved));
    return saved;
  });

  registry.handle(DeletePbProperty, async ({ db, payload, publish }) => {
    if (!(await repo.deleteProperty(db, payload.PartNum, payload.Property))) {
      throw invalid(`Part ${payload.PartNum} has no property ${payload.Property}.`);
    }
    publish(change('pbProperties', `${payload.PartNum}|${payload.Property}`, null));
    return null;
  });

  registry.handle(GetRateTables, async ({ db }) => repo.listRates(db));

  registry.handle(SaveRate, async ({ db, payload, publish }) => {
    const saved = await repo.upsertRate(db, payload);
    publish(change('algorithmRates', `${saved.RateTable}|${saved.Key}`, saved));
    return saved;
  });

  registry.handle(DeleteRate, async ({ db, payload, publish }) => {
    if (!(await repo.deleteRate(db, payload.RateTable, payload.Key))) {
      throw invalid(`Rate table ${payload.RateTable} has no rate for ${payload.Key}.`);
    }
    publish(change('algorithmRates', `${payload.RateTable}|${payload.Key}`, null));
    return null;
  });

  registry.handle(TestAlgorithm, async ({ db, payload }) => service.testAlgorithm(db, payload));

  registry.handle(GetAlgorithmAnalysis, async ({ db, payload }) =>
    payload.Source === 'sample'
      ? service.analyseSample(db, payload.AlgorithmGroupID)
      : service.analyseOperations(db, payload.AlgorithmGroupID, payload),
  );
}
