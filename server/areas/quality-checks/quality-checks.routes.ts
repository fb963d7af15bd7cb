import { GetTwoHourChecksQueue, RecordTwoHourCheck } from '../../../domain/quality-checks/calls';
import type { CallRegistry } from '../../rpc/registry';
import type { QualityChecksService } from './quality-checks.service';

/** The two-hour check calls (domain/quality-checks/calls.ts declares their access; rules in the service). */
export function registerQualityCheckCalls(registry: CallRegistry, checks: QualityChecksService): void {
  registry.handle(GetTwoHourChecksQueue, ({ db, payload }) => checks.queue(db, payload.PlantID));
  registry.handle(RecordTwoHourCheck, ({ db, user, payload }) =>
    checks.record({ db, employeeId: user!.employeeId }, payload),
  );
}
