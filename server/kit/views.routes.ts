import { type DocumentDecl, groupableFields, passes } from '../../domain/kit/document';
import { documentTypes } from '../../domain/kit/documents';
import {
  DeleteSavedView,
  GetSavedViews,
  kitTopic,
  SAVED_VIEWS_COLLECTION,
  SAVED_VIEWS_MAX,
  type SavedView,
  SaveSavedView,
  type ViewState,
} from '../../domain/kit/views';
import { forbidden, invalid } from '../rpc/errors';
import type { AuthUser, CallContext, CallRegistry } from '../rpc/registry';
import { savedViews } from './views.repository';

const notPlantData = { none: "saved views are each employee's own, whatever their plant" };

/**
 * Saved views (domain/kit/views.ts): each call acts on the caller's own views only (every statement
 * names the caller), and a view of a type names only that type's columns, filters, sort and grouping,
 * so a view never opens a list the server would refuse.
 */
export function registerSavedViewCalls(
  registry: CallRegistry,
  types: readonly DocumentDecl[] = documentTypes,
) {
  const declOf = (type: string, user: AuthUser) => {
    const decl = types.find((d) => d.type === type);
    if (!decl) throw invalid(`Type: there is no document type '${type}'`);
    if (!passes(decl.access.read, user.flags))
      throw forbidden(`You do not have permission to read ${decl.nounPlural}.`);
    return decl;
  };
  const publish = (ctx: CallContext<unknown>, view: SavedView, gone = false) =>
    ctx.publish({
      topic: kitTopic(ctx.user!.employeeId),
      collection: SAVED_VIEWS_COLLECTION,
      id: `view:${view.ViewID}`,
      doc: gone ? null : view,
    });

  registry.handle(
    GetSavedViews,
    async ({ db, payload, user }) => {
      declOf(payload.Type, user!);
      const rows = await savedViews.list(db, user!.employeeId, payload.Type);
      return { Rows: rows, Total: rows.length };
    },
    { plant: notPlantData },
  );

  registry.handle(
    SaveSavedView,
    async (ctx) => {
      const { payload } = ctx;
      const user = ctx.user!;
      const decl = declOf(payload.Type, user);
      checkState(decl, payload.State);
      const viewId = payload.ViewID ?? null;
      let before: SavedView | null = null;
      if (viewId !== null) {
        before = await savedViews.own(ctx.db, user.employeeId, viewId);
        // Another employee's view answers exactly as a missing one: its existence is not told.
        if (!before || before.Type !== payload.Type)
          throw invalid(`ViewID: you have no saved view ${viewId} of ${decl.nounPlural}`);
      } else if ((await savedViews.count(ctx.db, user.employeeId, payload.Type)) >= SAVED_VIEWS_MAX) {
        throw invalid(
          `Name: you already keep ${SAVED_VIEWS_MAX} views of ${decl.nounPlural}; delete one first`,
        );
      }
      if (await savedViews.named(ctx.db, user.employeeId, payload.Type, payload.Name, viewId)) {
        throw invalid(`Name: you already have a view named '${payload.Name}'`);
      }
      const isDefault = payload.IsDefault ?? before?.IsDefault ?? false;
      if (isDefault) {
        for (const other of await savedViews.clearDefault(ctx.db, user.employeeId, payload.Type, viewId)) {
          publish(ctx, other);
        }
      }
      const values = { type: payload.Type, name: payload.Name, state: payload.State, isDefault };
      const view =
        viewId === null
          ? await savedViews.insert(ctx.db, user.employeeId, values)
          : await savedViews.update(ctx.db, user.employeeId, viewId, values);
      publish(ctx, view);
      return { View: view };
    },
    { plant: notPlantData },
  );

  registry.handle(
    DeleteSavedView,
    async (ctx) => {
      const user = ctx.user!;
      const view = await savedViews.own(ctx.db, user.employeeId, ctx.payload.ViewID);
      if (!view) throw invalid(`ViewID: you have no saved view ${ctx.payload.ViewID}`);
      await savedViews.remove(ctx.db, user.employeeId, view.ViewID);
      publish(ctx, view, true);
      return { ViewID: view.ViewID };
    },
    { plant: notPlantData },
  );
}

/** A view names only what its type's list offers; otherwise an Error naming the part. */
export function checkState(decl: DocumentDecl, state: ViewState): void {
  const name = (text: string) => `'${text.slice(0, 60)}'`;
  for (const column of state.Columns ?? []) {
    if (!Object.hasOwn(decl.fields, column))
      throw invalid(`State.Columns: ${decl.nounPlural} have no field ${name(column)}`);
  }
  if (state.Columns && new Set(state.Columns).size !== state.Columns.length)
    throw invalid('State.Columns: a column is named twice');
  if (state.Sort !== undefined && !(Object.hasOwn(decl.fields, state.Sort) && decl.fields[state.Sort]!.sort))
    throw invalid(`State.Sort: ${decl.nounPlural} cannot be sorted by ${name(state.Sort)}`);
  if (state.GroupBy && !groupableFields(decl).includes(state.GroupBy))
    throw invalid(`State.GroupBy: ${decl.nounPlural} cannot be grouped by ${name(state.GroupBy)}`);
  for (const field of Object.keys(state.Filters ?? {})) {
    if (!(Object.hasOwn(decl.fields, field) && decl.fields[field]!.filter))
      throw invalid(`State.Filters: ${decl.nounPlural} cannot be filtered by ${name(field)}`);
  }
}
