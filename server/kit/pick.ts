import { PICK_TAKE, Pick, type PickKind, type PickOption } from '../../domain/kit/pick';
import { mayCrossPlants } from '../../domain/platform/plant-scope';
import type { Sql } from '../db/database';
import { forbidden, invalid } from '../rpc/errors';
import type { AuthUser, CallRegistry } from '../rpc/registry';

/**
 * What a picker asks of the area that owns a kind of record. `plantId` is the plant the search is
 * limited to (null: every plant, for those who cross plants; the pipeline fills in a plant-bound
 * user's own plant). A source answers only what the user may see.
 */
export interface PickSource {
  /** Who may search this kind at all (an area's read flags); null for any logged-in user. */
  refuse?(user: AuthUser): string | null;
  search(
    db: Sql,
    q: { search: string; plantId: number | null; user: AuthUser; take: number },
  ): Promise<PickOption[]>;
  /** One record's option by its id (as text), or null when there is none or the user may not see it. */
  byId(db: Sql, id: string, q: { plantId: number | null; user: AuthUser }): Promise<PickOption | null>;
}

export type PickSources = Partial<Record<PickKind, PickSource>>;

/**
 * Serves web/Pick from the sources the areas register (server/app.ts passes them). A kind without a
 * source (its area does not exist yet) answers an Error naming it, never an empty list that would look
 * like "nothing matches".
 */
export function registerPick(registry: CallRegistry, sources: PickSources): void {
  registry.handle(
    Pick,
    async ({ db, user, payload }) => {
      const source = sources[payload.Kind];
      if (!source)
        throw invalid(`Kind: nothing can be picked as ${payload.Kind} yet (its area is not built)`);
      const refusal = source.refuse?.(user!);
      if (refusal) throw forbidden(refusal);
      // The pipeline's plant rule filled a plant-bound user's own plant in; a crosser may leave it out.
      const plantId = payload.PlantID ?? (mayCrossPlants(user!.flags) ? null : user!.plantId);
      if (payload.ID !== undefined) {
        const one = await source.byId(db, payload.ID, { plantId, user: user! });
        return one ? [one] : [];
      }
      return source.search(db, {
        search: (payload.Search ?? '').trim(),
        plantId,
        user: user!,
        take: PICK_TAKE,
      });
    },
    {
      plant: {
        by: "PlantID (left out: the user's own plant); each kind's source applies its area's read rule",
        plants: async (_db, p) => [p.PlantID as number | undefined],
        ownPlantWhenAbsent: true,
      },
    },
  );
}

/** `text` as a LIKE pattern matching it anywhere, its own % _ and \ taken literally. */
export const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** `text` as a LIKE pattern matching the start. */
export const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
