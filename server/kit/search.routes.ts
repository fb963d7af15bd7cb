import type { FastifyInstance } from 'fastify';
import { GlobalSearch, searchKindsFor } from '../../domain/platform/search';
import type { Database } from '../db/database';
import type { PlantRule } from '../rpc/plant-scope';
import type { CallRegistry } from '../rpc/registry';
import { catchUpSearchIndex, searchIndex } from './search';

/**
 * web/GlobalSearch. The kinds a caller finds are those their flags open (domain/platform/search.ts);
 * the plant rule fills in a plant-bound user's own plant (and refuses another), and the index query
 * applies it to the kinds that are plant data.
 */
const plantRule: PlantRule = {
  by: "PlantID (left out: the user's own plant; applied to the kinds that are plant data)",
  plants: async (_db, p) => [p.PlantID as number | undefined],
  ownPlantWhenAbsent: true,
};

export function registerSearchCalls(registry: CallRegistry, db: Database): void {
  registry.handle(
    GlobalSearch,
    async ({ payload, user }) => {
      const kinds = searchKindsFor(user!.flags).filter((k) => !payload.Kind || k.kind === payload.Kind);
      const groups = await searchIndex(db, {
        query: payload.Query,
        kinds,
        plantId: payload.PlantID ?? null,
        take: payload.Take ?? 5,
      });
      return { Query: payload.Query, Groups: groups };
    },
    { plant: plantRule },
  );
}

/**
 * Global search's call, and the catch-up of the index before the server listens: what was written
 * outside calls (seeds, imports, a kind added since the last start) is found from the first search.
 */
export function registerSearch(
  fastify: FastifyInstance,
  registry: CallRegistry,
  db: Database,
  options: { catchUp?: boolean } = {},
): void {
  registerSearchCalls(registry, db);
  if (options.catchUp === false) return;
  fastify.addHook('onReady', async () => {
    const started = Date.now();
    const seen = await catchUpSearchIndex(db);
    fastify.log.info({ seen, ms: Date.now() - started }, 'search index caught up');
  });
}
