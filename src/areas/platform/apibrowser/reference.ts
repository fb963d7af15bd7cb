/**
 * The pure part of /apibrowser: reads the served OpenAPI document (server/rpc/openapi.ts) into the
 * list of calls the screen shows, flattens a JSON Schema into the rows of a readable tree, and writes
 * an example payload to pre-fill "Try it". No React here, so it is unit tested in node.
 */
export type Schema = Record<string, unknown>;

export interface OpenApiDoc {
  info: { title: string; version: string };
  paths: Record<string, Record<string, OperationDoc>>;
  components: { schemas: Record<string, Schema> };
}

export interface OperationDoc {
  operationId: string;
  summary: string;
  tags: string[];
  'x-permissions': { access: 'public' | 'user' } | { allOf: string[] } | { anyOf: string[] };
  'x-payload': { $ref: string };
  'x-result': { $ref: string } | null;
  'x-response': 'envelope' | 'file';
}

export interface ApiCall {
  id: string;
  method: 'GET' | 'POST';
  path: string;
  area: string;
  summary: string;
  permissions: OperationDoc['x-permissions'];
  payload: Schema;
  result: Schema | null;
  file: boolean;
}

/** Every operation of the document, sorted by area then path then method. */
export function callsOf(doc: OpenApiDoc): ApiCall[] {
  const calls: ApiCall[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      calls.push({
        id: op.operationId,
        method: method.toUpperCase() as 'GET' | 'POST',
        path: path.replace(/^\//, ''),
        area: op.tags[0] ?? '',
        summary: op.summary,
        permissions: op['x-permissions'],
        payload: op['x-payload'],
        result: op['x-result'],
        file: op['x-response'] === 'file',
      });
    }
  }
  return calls.sort(
    (a, b) =>
      a.area.localeCompare(b.area) || a.path.localeCompare(b.path) || a.method.localeCompare(b.method),
  );
}

/** The calls matching a search (path, summary or a flag), grouped by area in order. */
export function groupCalls(calls: readonly ApiCall[], search: string): Array<[string, ApiCall[]]> {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const groups = new Map<string, ApiCall[]>();
  for (const call of calls) {
    const text = `${call.method} ${call.path} ${call.summary} ${flagsOf(call).join(' ')}`.toLowerCase();
    if (!words.every((w) => text.includes(w))) continue;
    groups.set(call.area, [...(groups.get(call.area) ?? []), call]);
  }
  return [...groups];
}

export function flagsOf(call: ApiCall): string[] {
  const p = call.permissions;
  return 'allOf' in p ? p.allOf : 'anyOf' in p ? p.anyOf : [];
}

export class Resolver {
  constructor(private readonly doc: OpenApiDoc) {}

  resolve(schema: Schema | undefined): Schema {
    let s = schema ?? {};
    for (let i = 0; i < 20 && typeof s.$ref === 'string'; i++) {
      const name = (s.$ref as string).split('/').pop() ?? '';
      s = this.doc.components.schemas[name] ?? {};
    }
    return s;
  }
}

/** One line of a schema tree: a field, its type and what it allows. */
export interface TreeRow {
  depth: number;
  name: string;
  type: string;
  required: boolean;
  rules: string[];
  description?: string;
}

function typeName(r: Resolver, schema: Schema): string {
  const s = r.resolve(schema);
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  const options = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (options) return options.map((o) => typeName(r, o)).join(' | ');
  if (s.type === 'array') return `${typeName(r, (s.items as Schema) ?? {})}[]`;
  if (Array.isArray(s.type)) return s.type.join(' | ');
  if (typeof s.type === 'string') return s.type;
  if (s.not && Object.keys(s.not as Schema).length === 0) return 'never';
  return s.properties ? 'object' : 'any';
}

function rulesOf(s: Schema): string[] {
  const rules: string[] = [];
  const pairs: Array<[string, string]> = [
    ['minimum', '≥'],
    ['exclusiveMinimum', '>'],
    ['maximum', '≤'],
    ['exclusiveMaximum', '<'],
    ['minLength', 'min length'],
    ['maxLength', 'max length'],
    ['minItems', 'min items'],
    ['maxItems', 'max items'],
    ['format', 'format'],
    ['pattern', 'pattern'],
    ['default', 'default'],
  ];
  for (const [key, label] of pairs) {
    if (s[key] !== undefined)
      rules.push(`${label} ${typeof s[key] === 'string' ? s[key] : JSON.stringify(s[key])}`);
  }
  return rules;
}

/** The object (or the object inside an anyOf/array) whose fields are shown one level down. */
function objectInside(r: Resolver, schema: Schema): Schema | null {
  const s = r.resolve(schema);
  if (s.properties) return s;
  if (s.type === 'array') return objectInside(r, (s.items as Schema) ?? {});
  for (const o of ((s.anyOf ?? s.oneOf) as Schema[] | undefined) ?? []) {
    const inner = objectInside(r, o);
    if (inner) return inner;
  }
  return null;
}

/** The schema as rows, nested fields indented; stops at `maxDepth` and at a schema already open above. */
export function treeRows(r: Resolver, schema: Schema, maxDepth = 6): TreeRow[] {
  const rows: TreeRow[] = [];
  const walk = (object: Schema, depth: number, open: Set<Schema>) => {
    const props = (object.properties ?? {}) as Record<string, Schema>;
    const required = new Set((object.required as string[] | undefined) ?? []);
    for (const [name, raw] of Object.entries(props)) {
      const s = r.resolve(raw);
      const inner = ((s.anyOf ?? s.oneOf) as Schema[] | undefined)?.map((o) => r.resolve(o)) ?? [];
      const ruled = inner.find((o) => o.type !== 'null') ?? s;
      rows.push({
        depth,
        name,
        type: typeName(r, raw),
        required: required.has(name),
        rules: rulesOf(ruled.type === 'array' ? { ...ruled, ...r.resolve(ruled.items as Schema) } : ruled),
        ...(typeof s.description === 'string' ? { description: s.description } : {}),
      });
      const child = objectInside(r, raw);
      if (child && depth < maxDepth && !open.has(child)) walk(child, depth + 1, new Set([...open, child]));
    }
  };
  const root = objectInside(r, schema);
  if (root) walk(root, 0, new Set([root]));
  else
    rows.push({
      depth: 0,
      name: '',
      type: typeName(r, schema),
      required: true,
      rules: rulesOf(r.resolve(schema)),
    });
  return rows;
}

/** A payload that passes the schema as far as JSON Schema says, to pre-fill "Try it" (required fields only). */
export function examplePayload(r: Resolver, schema: Schema, depth = 0): unknown {
  const s = r.resolve(schema);
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const options = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (options?.length) {
    const first = options.find((o) => r.resolve(o).type !== 'null') ?? options[0];
    return examplePayload(r, first as Schema, depth);
  }
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  if (s.properties || type === 'object') {
    const out: Record<string, unknown> = {};
    if (depth > 5) return out;
    const props = (s.properties ?? {}) as Record<string, Schema>;
    for (const key of (s.required as string[] | undefined) ?? []) {
      out[key] = examplePayload(r, props[key] ?? {}, depth + 1);
    }
    return out;
  }
  if (type === 'array') return depth > 5 ? [] : [examplePayload(r, (s.items as Schema) ?? {}, depth + 1)];
  if (type === 'integer' || type === 'number') {
    const min = typeof s.minimum === 'number' ? s.minimum : null;
    const max = typeof s.maximum === 'number' ? s.maximum : null;
    return Math.min(Math.max(1, min ?? 1), max ?? 1);
  }
  if (type === 'boolean') return false;
  if (type === 'null') return null;
  if (type === 'string') {
    if (s.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
    if (s.format === 'date-time') return new Date().toISOString().slice(0, 19) + 'Z';
    const pattern = typeof s.pattern === 'string' ? s.pattern : '';
    if (pattern.includes('\\d{4}-\\d{2}-\\d{2}')) return new Date().toISOString().slice(0, 10);
    if (pattern.includes(':[0-5]\\d')) return '08:00';
    return '';
  }
  return null;
}
