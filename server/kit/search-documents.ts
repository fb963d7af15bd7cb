import type { DocumentDecl } from '../../domain/kit/document';
import { searchableDocuments } from '../../domain/platform/search';
import type { Sql } from '../db/database';
import type { DocRecord, DocumentRepository } from './document.repository';
import { indexSearchEntries, registerSearchSource, removeSearchEntries, type SearchEntry } from './search';

/**
 * Kit documents in global search, from their declaration alone: the first `search: true` field is the
 * title, the others the detail, the record opens at `<route>?record=<key>`. registerDocument keeps the
 * index in step in each change's transaction; the source lets the start-up catch-up find the rest.
 */
export function documentSearchEntry(decl: DocumentDecl, record: DocRecord): SearchEntry {
  const values = Object.entries(decl.fields)
    .filter(([, f]) => f.search)
    .map(([name]) => record[name])
    .filter((v) => v !== null && v !== undefined && String(v).trim() !== '')
    .map(String);
  const key = Number(record[decl.key]);
  return {
    kind: decl.type,
    key,
    plantId: decl.plantField ? Number(record[decl.plantField]) : null,
    title: values[0] ?? `${decl.noun} ${key}`,
    detail: values.slice(1).join(' · '),
    link: `${decl.route}?record=${key}`,
  };
}

export interface DocumentSearch {
  /** After a create or a change: the record as it now is (a deleted one leaves the index). */
  changed(db: Sql, record: DocRecord): Promise<void>;
}

/** The search side of one kit document type; null when the type is not found by search. */
export function documentSearch(decl: DocumentDecl, repo: DocumentRepository): DocumentSearch | null {
  if (!searchableDocuments.some((d) => d.type === decl.type)) return null;
  registerSearchSource({
    kind: decl.type,
    async page(db, after, limit) {
      const rows = await repo.pageAfter(db, after === null ? 0 : Number(after), limit);
      return rows.map((r) => ({ ...documentSearchEntry(decl, r), cursor: String(r[decl.key]) }));
    },
  });
  return {
    async changed(db, record) {
      if (record.Deleted) await removeSearchEntries(db, decl.type, [Number(record[decl.key])]);
      else await indexSearchEntries(db, [documentSearchEntry(decl, record)]);
    },
  };
}
