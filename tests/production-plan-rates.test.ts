import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OperationAnswer, RunOperationAlgorithm, RunOperationEngine } from '../domain/production-plan/calls';
import { ENGINE_SUCCESS_MESSAGE } from '../domain/production-plan/rules';
import { dbAvailable, dbKind, startServer, type TestServer } from './support/server';
import { type Wire, wire } from './support/wire';

/**
 * The plan calls with the real rate sources of server/app.ts: the costing area's published engines
 * (seed-costing.ts: LV-CUT01, LV-PCH01, LV-WLD01 ...) and the algorithms area's groups (seed-algorithms.ts:
 * the roll formers and paint lines), over the demo plans.
 */
describe.skipIf(!dbAvailable)(`production plan with the real engines and algorithms (${dbKind})`, () => {
  let server: TestServer;
  let api: Wire;
  let planner: { token: string; employeeId: number };
  let operationId: number;

  beforeAll(async () => {
    server = await startServer();
    api = wire(server.url);
    // The demo plans and machines used here are of several plants (mostly plant 1's): the demo scheduler
    // (plant 2) and supervisor (plant 6) may change plant in this test, since plant-scoped data is
    // otherwise only read and changed within one's own plant (issue 14 §3; tests/plant-scope.test.ts).
    await server.db.query('UPDATE employees SET can_change_plant = true WHERE employee_id IN (1003, 1004)');
    planner = await api.login('scheduler');
    // A top-level, editable operation of a plant-1 demo job (its part's length is the cut length).
    const [row] = await server.db.query<{ production_plan_operation_id: number }>(
      `SELECT o.production_plan_operation_id FROM production_plan_operations o
         JOIN production_plans p ON p.production_plan_id = o.production_plan_id
         JOIN jobs j ON j.job_number = p.job_number
        WHERE j.plant_id = 1 AND j.job_number <> 'J299300' AND NOT o.locked AND NOT o.invalidated
          AND o.production_plan_bom_id IS NULL AND o.production_quantity > 0
        ORDER BY o.production_plan_operation_id LIMIT 1`,
    );
    operationId = row!.production_plan_operation_id;
  });
  afterAll(() => server?.close());

  const update = async (FieldName: string, Value: unknown) => {
    const reply = await api.post(
      'web/UpdateProductionOperation',
      { ProductionPlanOperationID: operationId, FieldName, Value },
      planner,
    );
    expect(reply.envelope.Error || reply.envelope.Sorry, reply.envelope.Message).toBe(false);
    return OperationAnswer.parse(reply.result);
  };

  it("a move to LV-CUT01 runs its published costing engine and stores the run's engine and version", async () => {
    const answer = await update('ResourceID', 'LV-CUT01');
    const calc = JSON.parse(answer.Operation.EngineCalculationJSON!) as {
      results: { stopMessage: string | null; productionMinutes: number | null };
      quantity: number;
      CostingEngineID: number;
      Version: number;
      log: string;
    };
    expect(calc.CostingEngineID).toBeGreaterThan(0);
    expect(calc.Version).toBe(1);
    expect(calc.quantity).toBe(answer.Operation.ProductionQuantity);
    expect(calc.log.length).toBeGreaterThan(0);
    // The demo beam is within the saw's engine: a rate, per piece for the quantity, 4 decimals.
    expect(answer).toMatchObject({ Message: ENGINE_SUCCESS_MESSAGE, MessageKind: 'success' });
    expect(answer.Operation.EngineAssignedRate).toBe(true);
    const perPiece = Math.round((calc.results.productionMinutes! / calc.quantity) * 10_000) / 10_000;
    expect(answer.Operation.ProductionMinutesPerPiece).toBe(perPiece);
    expect(answer.Operation.ProductionEstimateTooltip).toContain('(costing engine)');
    const run = await api.post(
      'costing/RunOperationEngine',
      { ProductionPlanOperationID: operationId },
      planner,
    );
    const result = RunOperationEngine.result.parse(run.result);
    expect(result.results).toEqual(calc.results);
    expect(result.htmlLog.length).toBeGreaterThan(0);
  });

  it('a move to LV-RF01 runs its algorithm group: a rate or a question, stored; the GET run shows the same', async () => {
    const answer = await update('ResourceID', 'LV-RF01');
    expect(answer.Operation.EngineAssignedRate).toBe(false);
    const stored = JSON.parse(answer.Operation.AlgorithmResultJSON!) as {
      Success: boolean;
      QuestionPosed: boolean;
    };
    expect(answer.Operation.AlgorithmDerivedRate).toBe(stored.Success && !stored.QuestionPosed);
    expect(answer.Operation.AlgorithmRateLog).toBeTruthy();
    const preview = await api.get(
      'algorithm/RunOperationAlgorithm',
      { ProductionPlanOperationID: operationId },
      planner,
    );
    expect(preview.envelope.Error, preview.envelope.Message).toBe(false);
    const ran = RunOperationAlgorithm.result.parse(preview.result);
    expect(ran.result).toEqual(stored);
    // The roll formers' group rates a demo part without a question.
    expect(answer).toMatchObject({ Message: 'Rate successfully calculated', MessageKind: 'success' });
    expect(answer.Operation.AlgorithmDerivedRate).toBe(true);
    expect(answer.Operation.ProductionFeetPerMinute).toBe(
      Math.round(ran.result.Result.FeetPerMinute * 10_000) / 10_000,
    );
    expect(answer.Operation.ProductionEstimateTooltip).toContain('(algorithm)');
  });
});
