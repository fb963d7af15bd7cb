import {
  GetSettingHistory,
  GetSettings,
  SaveSetting,
  SETTINGS_TOPIC,
} from '../../../domain/platform/settings';
import type { CallRegistry } from '../../rpc/registry';
import { settingsRepository } from './settings.repository';

const notPlantData = { none: 'product settings are the same for every plant' };

/** /config/settings: read, change (checked by the call's schema, kept in the history), history. */
export function registerSettingsCalls(registry: CallRegistry): void {
  registry.handle(GetSettings, async ({ db }) => settingsRepository.all(db), { plant: notPlantData });
  registry.handle(
    SaveSetting,
    async (ctx) => {
      const { Name, Value } = ctx.payload;
      const changed = await settingsRepository.save(ctx.db, Name, Value as number, {
        employeeId: ctx.user!.employeeId,
        name: ctx.user!.name,
      });
      if (changed)
        ctx.publish({ topic: SETTINGS_TOPIC, collection: 'records', id: `setting:${Name}`, doc: null });
      const rows = await settingsRepository.all(ctx.db);
      return rows.find((r) => r.Name === Name)!;
    },
    { plant: notPlantData },
  );
  registry.handle(
    GetSettingHistory,
    async ({ db, payload }) => settingsRepository.history(db, payload.Name, payload.Take ?? 50),
    { plant: notPlantData },
  );
}
