import {
  DOCUMENT_COLLECTION,
  type DocumentDecl,
  documentCalls,
  documentTopic,
  type FieldDecl,
} from '../../domain/kit/document';
import { invalid } from '../rpc/errors';
import type { PlantRule } from '../rpc/plant-scope';
import type { AuthUser, CallContext, CallRegistry } from '../rpc/registry';
import {
  type DocRecord,
  DocumentRepository,
  type DocumentTable,
  documentHistory,
} from './document.repository';
import { ColumnError, exportColumns, exportProgress, exportStream, writeXlsx } from './export';
import type { PrintTemplate } from './print';
import { rememberPrintable } from './print.routes';
import { registeredDocuments } from './registered';
import { documentSearch } from './search-documents';

/**
 * Serves a kit document type (issue 16): its list, record, field update, create, delete and history
 * calls, all through the call pipeline (access flags, validation, plant rule, one transaction). Every
 * change is written to the record, to its history and to the change log in the same transaction, and
 * reaches the type's live topic after commit. `rules` is what is really the document's own: a check a
 * field change must pass beyond its schema (the answer is the sentence to refuse with).
 */
export interface DocumentRules {
  /**
   * Null to allow; otherwise why not (answered as an Error naming the field, nothing written). May ask
   * the database (`db`, the call's transaction): a reference that must exist, a chain without a loop.
   */
  checkChange?(change: {
    record: DocRecord | null;
    field: string;
    value: unknown;
    user: AuthUser;
    db?: CallContext<unknown>['db'];
  }): string | null | Promise<string | null>;
  /**
   * A rule across fields or over other records, judged in the call's transaction on the record as it
   * would be after a create or a field change (`before` null on create): answer `{field, reason}` (or
   * throw `invalid(...)` naming the field) to refuse, and nothing is written; null to allow.
   */
  checkRecord?(
    ctx: CallContext<unknown>,
    change: { before: DocRecord | null; after: DocRecord },
  ):
    | { field: string; reason: string }
    | null
    | undefined
    | Promise<{ field: string; reason: string } | null | undefined | void>;
  /**
   * After a create, a field change or a delete is written (same transaction): what the document's area
   * does beyond the kit, e.g. telling the sessions of an employee whose flags changed, publishing to a
   * document's own topics, republishing a board. `before` is null for a create; `field` is the changed
   * field (null for a create or a delete).
   */
  afterChange?(
    ctx: CallContext<unknown>,
    change: { before: DocRecord | null; after: DocRecord; field: string | null },
  ): Promise<void> | void;
  /** The type's own PDF layout for web/PrintDocument and web/MailDocument (server/kit/print.ts). */
  print?: PrintTemplate;
}

export function registerDocument<Fields extends Record<string, FieldDecl>>(
  registry: CallRegistry,
  declared: DocumentDecl<Fields>,
  table: DocumentTable,
  rules: DocumentRules = {},
): DocumentRepository {
  const decl = declared as unknown as DocumentDecl;
  const repo = new DocumentRepository(decl, table);
  registeredDocuments.set(decl.type, { decl, repo });
  rememberPrintable(registry, { decl, repo, template: rules.print });
  const calls = documentCalls(decl);
  // Global search: fields marked `search: true` make the type findable, kept in step below.
  const search = documentSearch(decl, repo);
  const key = decl.key;
  const plantOfRecord = (record: DocRecord | null) =>
    decl.plantField && record ? Number(record[decl.plantField]) : null;

  // The plant rule of each call (README "Plant scope"): the list by its PlantID (a plant-bound user's
  // own when left out), a record by the plant it is in, a new record by the plant it names.
  const byRecord: PlantRule = decl.plantField
    ? { by: `the ${decl.noun}'s plant`, plants: async (db, p) => [await repo.plantOf(db, Number(p[key]))] }
    : { none: `${decl.nounPlural} are not plant data` };
  const byUpdate: PlantRule = decl.plantField
    ? {
        by: `the ${decl.noun}'s plant, and the new one when it moves`,
        plants: async (db, p) => [
          await repo.plantOf(db, Number(p[key])),
          p.FieldName === decl.plantField && typeof p.Value === 'number' ? p.Value : null,
        ],
      }
    : byRecord;
  const byPayload: PlantRule = decl.plantField
    ? {
        by: 'PlantID',
        plants: async (_db, p) => [
          typeof p[decl.plantField!] === 'number' ? (p[decl.plantField!] as number) : null,
        ],
      }
    : byRecord;
  const list: PlantRule = decl.plantField
    ? {
        by: "PlantID (left out: the user's own plant)",
        plants: async (_db, p) => [p.PlantID as number],
        ownPlantWhenAbsent: true,
      }
    : byRecord;

  const found = async (db: CallContext<unknown>['db'], id: number, lock = false) => {
    const record = await repo.get(db, id, lock);
    if (!record) throw invalid(`${key}: there is no ${decl.noun} ${id}`);
    return record;
  };
  const publish = async (ctx: CallContext<unknown>, record: DocRecord) => {
    await search?.changed(ctx.db, record);
    ctx.publish({
      topic: documentTopic(decl, plantOfRecord(record)),
      collection: DOCUMENT_COLLECTION,
      id: `${decl.type}:${record[key]}`,
      doc: { Type: decl.type, ...record },
    });
  };
  const history = (
    ctx: CallContext<unknown>,
    id: number,
    field: string,
    old: unknown,
    value: unknown,
    call: string,
  ) =>
    documentHistory.add(ctx.db, {
      type: decl.type,
      id,
      field,
      old,
      new: value,
      employeeId: ctx.user?.employeeId ?? null,
      name: ctx.user?.name ?? null,
      call,
    });

  registry.handle(
    calls.List,
    async ({ db, payload }) => {
      const p = payload as Record<string, unknown>;
      return repo.list(db, {
        plantId: (p.PlantID as number | undefined) ?? null,
        search: p.Search as string | undefined,
        filters: p.Filters as never,
        sort: p.Sort as string | undefined,
        desc: p.Desc as boolean | undefined,
        skip: p.Skip as number | undefined,
        take: p.Take as number | undefined,
        includeDeleted: p.IncludeDeleted as boolean | undefined,
        groupBy: p.GroupBy as string | undefined,
        group: p.Group as string | undefined,
      }) as never;
    },
    { plant: list },
  );

  registry.handle(
    calls.Export,
    async (ctx) => {
      const p = ctx.payload as Record<string, unknown>;
      const q = {
        plantId: (p.PlantID as number | undefined) ?? null,
        search: p.Search as string | undefined,
        filters: p.Filters as never,
        sort: p.Sort as string | undefined,
        desc: p.Desc as boolean | undefined,
        includeDeleted: p.IncludeDeleted as boolean | undefined,
      };
      let columns: ReturnType<typeof exportColumns>;
      try {
        columns = exportColumns(decl, p.Columns as string | undefined);
      } catch (error) {
        if (error instanceof ColumnError) throw invalid(error.message);
        throw error;
      }
      // Every check (filters, sort) runs here, before the first byte: a refusal is still an answer.
      const { Total } = await repo.list(ctx.db, { ...q, take: 1 });
      const progress = exportProgress(
        registry,
        ctx.user!.employeeId,
        p.ExportID as string | undefined,
        Total,
      );
      const stream = exportStream(
        async (out) => {
          const rows = await writeXlsx(out, decl.nounPlural, columns, repo.scan(ctx.db, q), (n) =>
            progress(n),
          );
          await progress(rows, true);
        },
        // The download is cut short and the browser says so; there is no answer left to carry a message.
        () => {},
      );
      const day = new Date().toISOString().slice(0, 10);
      return {
        stream,
        fileName: `${decl.nounPlural}-${day}.xlsx`,
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      } as never;
    },
    { plant: list },
  );

  registry.handle(
    calls.Get,
    async ({ db, payload }) => ({ Record: await found(db, Number((payload as DocRecord)[key])) }) as never,
    { plant: byRecord },
  );

  registry.handle(
    calls.History,
    async ({ db, payload }) => {
      const p = payload as Record<string, unknown>;
      const id = Number(p[key]);
      await found(db, id);
      return documentHistory.list(
        db,
        decl.type,
        id,
        (p.Skip as number) ?? 0,
        (p.Take as number) ?? 100,
      ) as never;
    },
    { plant: byRecord },
  );

  registry.handle(
    calls.Update,
    async (ctx) => {
      const p = ctx.payload as { FieldName: string; Value: unknown } & DocRecord;
      const id = Number(p[key]);
      // The row lock orders concurrent changes of one record: each reads the value the last one left,
      // so the history's old → new chain has no gap.
      const before = await found(ctx.db, id, true);
      if (before.Deleted) throw invalid(`${key}: ${decl.noun} ${id} is deleted`);
      const refusal = await rules.checkChange?.({
        record: before,
        field: p.FieldName,
        value: p.Value,
        user: ctx.user!,
        db: ctx.db,
      });
      if (refusal) throw invalid(`${p.FieldName}: ${refusal}`);
      const between = await rules.checkRecord?.(ctx, {
        before,
        after: { ...before, [p.FieldName]: p.Value ?? null },
      });
      if (between) throw invalid(`${between.field}: ${between.reason}`);
      const old = before[p.FieldName];
      if (JSON.stringify(old) === JSON.stringify(p.Value ?? null)) return { Record: before } as never;
      await repo.setField(ctx.db, id, p.FieldName, p.Value ?? null);
      await history(ctx, id, p.FieldName, old, p.Value ?? null, decl.calls.update);
      const after = await found(ctx.db, id);
      await publish(ctx, after);
      await rules.afterChange?.(ctx, { before, after, field: p.FieldName });
      // A record that moved to another plant leaves the old plant's list too.
      if (decl.plantField && plantOfRecord(before) !== plantOfRecord(after)) {
        ctx.publish({
          topic: documentTopic(decl, plantOfRecord(before)),
          collection: DOCUMENT_COLLECTION,
          id: `${decl.type}:${id}`,
          doc: null,
        });
      }
      return { Record: after } as never;
    },
    { plant: byUpdate },
  );

  if (calls.Create) {
    registry.handle(
      calls.Create,
      async (ctx) => {
        const values = ctx.payload as DocRecord;
        for (const [field, value] of Object.entries(values)) {
          const refusal = await rules.checkChange?.({
            record: null,
            field,
            value,
            user: ctx.user!,
            db: ctx.db,
          });
          if (refusal) throw invalid(`${field}: ${refusal}`);
        }
        const between = await rules.checkRecord?.(ctx, { before: null, after: values });
        if (between) throw invalid(`${between.field}: ${between.reason}`);
        const id = await repo.insert(ctx.db, values);
        const record = await found(ctx.db, id);
        await history(ctx, id, '(created)', null, values, decl.calls.create!);
        await publish(ctx, record);
        await rules.afterChange?.(ctx, { before: null, after: record, field: null });
        return { Record: record } as never;
      },
      { plant: byPayload },
    );
  }

  if (calls.Delete) {
    registry.handle(
      calls.Delete,
      async (ctx) => {
        const id = Number((ctx.payload as DocRecord)[key]);
        const before = await found(ctx.db, id, true);
        if (before.Deleted) return { Record: before } as never;
        await repo.markDeleted(ctx.db, id);
        await history(ctx, id, '(deleted)', null, null, decl.calls.delete!);
        const after = await found(ctx.db, id);
        await publish(ctx, after);
        await rules.afterChange?.(ctx, { before, after, field: null });
        return { Record: after } as never;
      },
      { plant: byRecord },
    );
  }
  return repo;
}

/**
 * Publishes a record's new state on its type's live topic, as the kit's own calls do: for a document's
 * own calls that write a record outside a field update (a connection test recording when it was seen).
 */
export function publishRecord(ctx: CallContext<unknown>, declared: DocumentDecl, record: DocRecord): void {
  const plant = declared.plantField ? Number(record[declared.plantField]) : null;
  ctx.publish({
    topic: documentTopic(declared, plant),
    collection: DOCUMENT_COLLECTION,
    id: `${declared.type}:${record[declared.key]}`,
    doc: { Type: declared.type, ...record },
  });
}
