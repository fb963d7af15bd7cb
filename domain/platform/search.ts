import { z } from 'zod';
import { type Access, defineCall } from '../contract/call';
import { Count, PlantID, Text } from '../contract/fields';
import { type DocumentDecl, passes } from '../kit/document';
import { documentTypes } from '../kit/documents';
import type { PermissionFlag } from './permissions';

/**
 * Global search (issue 16 item 9): one box that finds records of every kind the user may see. Each
 * kind says who may find it (the flags of the screen its results open) and whether its records are
 * plant data (a plant-bound user finds only their own plant's). The server keeps one search index
 * (server/kit/search.ts) that the areas feed; this list is what the index may hold and what the
 * screens group results by.
 */
export interface SearchKind {
  /** Machine name: the index's `kind` column, `Kind` in answers. */
  kind: string;
  /** Group heading (English; screens translate it). */
  label: string;
  access: Access;
  /** Plant data: a plant-bound user finds only their own plant's records of this kind. */
  plantScoped: boolean;
}

const documentKind = (decl: DocumentDecl): SearchKind => ({
  kind: decl.type,
  label: decl.nounPlural.charAt(0).toUpperCase() + decl.nounPlural.slice(1),
  access: decl.access.read,
  plantScoped: Boolean(decl.plantField),
});

/** Kit document types found by search: those with a `search: true` field and a screen to open. */
export const searchableDocuments: readonly DocumentDecl[] = documentTypes.filter(
  (d) => d.route && Object.values(d.fields).some((f) => f.search),
);

/**
 * The kinds of the areas that are not (yet) kit documents, each fed by its own area. Forms, work
 * orders and parts join when their areas are built (docs/DOCUMENT-KIT.md "Global search"); a kit
 * document type that takes a hand-made kind's name replaces it here.
 */
const areaKinds: SearchKind[] = [
  {
    kind: 'employee',
    label: 'Employees',
    access: { anyOf: ['employeeAdministrator', 'superAdministrator'] },
    // Employee records are the company directory, not plant data (domain/platform/plant-scope.ts).
    plantScoped: false,
  },
  {
    kind: 'job',
    label: 'Jobs and plans',
    access: { anyOf: ['viewProductionPlans', 'editProductionPlans'] },
    plantScoped: true,
  },
  {
    kind: 'order',
    label: 'Orders',
    access: { anyOf: ['accessPm'] },
    // A customer order is followed from the PM interface wherever it is built (pm/GetOrderHeader).
    plantScoped: false,
  },
];

export const searchKinds: readonly SearchKind[] = [
  ...areaKinds.filter((k) => !searchableDocuments.some((d) => d.type === k.kind)),
  ...searchableDocuments.map(documentKind),
];

export const searchKindNames = searchKinds.map((k) => k.kind) as [string, ...string[]];

/** The kinds a user with these flags may find. */
export function searchKindsFor(flags: ReadonlySet<PermissionFlag | string>): SearchKind[] {
  return searchKinds.filter((k) => passes(k.access, flags as ReadonlySet<string>));
}

/**
 * Search text as the index keeps it and queries compare it: accents and case folded ("Nómina" and
 * "NOMINA" are both "nomina"), runs of white space made one.
 */
export function foldSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The words a query is matched by (letters and digits only: they go into a text-search query). */
export function searchWords(query: string): string[] {
  return foldSearchText(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
}

export const SEARCH_TAKE_MAX = 50;
/** Totals are counted up to here ("1000+"): a one-letter query must not count half a million rows. */
export const SEARCH_COUNT_CAP = 1000;

/** How a result matched, best first: the ranking's tiers. */
export const matchKinds = ['exact', 'prefix', 'word', 'contains', 'fuzzy'] as const;
export type MatchKind = (typeof matchKinds)[number];

export const SearchResult = z.object({
  Kind: z.string(),
  /** The record's key in its area (an id, a job number). */
  Key: z.string(),
  Title: z.string(),
  Detail: z.string(),
  /** The record's screen. */
  Link: z.string(),
  PlantID: z.number().int().nullable(),
  Match: z.enum(matchKinds),
});
export type SearchResult = z.infer<typeof SearchResult>;

export const SearchGroup = z.object({
  Kind: z.string(),
  Label: z.string(),
  /** How many match in all, counted up to SEARCH_COUNT_CAP. */
  Total: Count(),
  /** True when there are more than SEARCH_COUNT_CAP. */
  Capped: z.boolean(),
  Results: z.array(SearchResult),
});
export type SearchGroup = z.infer<typeof SearchGroup>;

export const GlobalSearch = defineCall({
  method: 'GET',
  path: 'web/GlobalSearch',
  summary:
    'Records of every kind the caller may see that match a text, ranked (the whole text, then its start, then a word starting so, then anywhere, then close spellings), grouped by kind.',
  access: 'user',
  payload: z.object({
    Query: Text(100).refine((q) => searchWords(q).length > 0, {
      message: 'must contain at least one letter or digit',
    }),
    /** Only this kind (the "more" of one group). */
    Kind: z.enum(searchKindNames).optional(),
    /** Results per kind (default 5). */
    Take: z.number().int().min(1).max(SEARCH_TAKE_MAX).optional(),
    /** Plant data of this plant only; a plant-bound user always gets their own plant's. */
    PlantID: PlantID.optional(),
  }),
  result: z.object({ Query: z.string(), Groups: z.array(SearchGroup) }),
});
