import {
  CreateEngineDraft,
  DeleteEngineDraft,
  GetEngine,
  GetEngines,
  PublishEngine,
  SaveEngineSteps,
  TestEngine,
  UpdateEngine,
} from '../../../domain/costing/engines';
import type { CallRegistry } from '../../rpc/registry';
import * as costing from './costing.service';

/**
 * The costing engines' maintenance and testing calls (see server/areas/costing/README.md). Access is
 * declared on each call in domain/costing/engines.ts. Every change is published on `costing:engines`.
 */
export function registerCostingCalls(registry: CallRegistry): void {
  registry.handle(GetEngines, async ({ db, payload }) =>
    costing.listEngines(db, payload.ResourceID || null, payload.PlantID ?? null),
  );

  registry.handle(GetEngine, async ({ db, payload }) => costing.getEngine(db, payload.CostingEngineID));

  registry.handle(CreateEngineDraft, async ({ db, payload, user, publish }) => {
    const engine = await costing.createDraft(
      db,
      payload.ResourceID,
      payload.PlantID ?? null,
      user!.employeeId,
    );
    publish(costing.engineChange(engine.CostingEngineID, engine));
    return engine;
  });

  registry.handle(UpdateEngine, async ({ db, payload, publish }) => {
    const engine = await costing.updateField(
      db,
      payload.CostingEngineID,
      payload.FieldName,
      payload.Value as string,
    );
    publish(costing.engineChange(engine.CostingEngineID, engine));
    return engine;
  });

  registry.handle(SaveEngineSteps, async ({ db, payload, publish }) => {
    const engine = await costing.saveSteps(db, payload.CostingEngineID, payload.Steps);
    publish(costing.engineChange(engine.CostingEngineID, engine));
    return engine;
  });

  registry.handle(PublishEngine, async ({ db, payload, publish }) => {
    const { published, retired } = await costing.publish(db, payload.CostingEngineID);
    if (retired) publish(costing.engineChange(retired.CostingEngineID, retired));
    publish(costing.engineChange(published.CostingEngineID, published));
    return published;
  });

  registry.handle(DeleteEngineDraft, async ({ db, payload, publish }) => {
    await costing.deleteDraft(db, payload.CostingEngineID);
    publish(costing.engineChange(payload.CostingEngineID, null));
    return null;
  });

  // A POST (the inputs are a structure) that writes nothing.
  registry.handle(TestEngine, async ({ db, payload }) =>
    costing.testEngine(db, payload.CostingEngineID, payload.Inputs),
  );
}
