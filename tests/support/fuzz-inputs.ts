/**
 * Inputs for the API fuzzer (tests/fuzz.test.ts), generated from the JSON Schemas of the served
 * /api/openapi.json: one valid-looking payload per call, and hostile ones, each the valid-looking
 * payload with ONE thing wrong, so a refusal is about that thing. Deterministic (no randomness): a
 * failure names the exact input and reproduces on the next run.
 */
export type Schema = Record<string, unknown>;

export interface FuzzInput {
  /** What is wrong with it, for the report: `PlantID=2147483648`, `WeekStart missing`, ... */
  label: string;
  /** The payload (transport fields are added by the sender). */
  values: Record<string, unknown>;
  /** GET only: raw query text appended as is (repeated and bracketed parameters). */
  extraQuery?: string;
  /** POST only: the body is this JSON text instead of JSON.stringify(values) (`__proto__` keys). */
  rawBody?: string;
}

export class SchemaReader {
  constructor(private readonly doc: Schema) {}

  /** Follows `$ref`s into the document. */
  resolve(schema: Schema | undefined): Schema {
    let s = schema ?? {};
    for (let i = 0; i < 20 && typeof s.$ref === 'string'; i++) {
      let node: unknown = this.doc;
      for (const key of (s.$ref as string).slice(2).split('/')) node = (node as Schema)[key];
      s = (node as Schema) ?? {};
    }
    return s;
  }

  /** One of the schema's non-null alternatives (nullable fields are written `anyOf [X, null]`). */
  main(schema: Schema | undefined): Schema {
    let s = this.resolve(schema);
    for (let i = 0; i < 10; i++) {
      const options = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
      if (!options?.length) break;
      s = this.resolve(options.find((o) => this.resolve(o).type !== 'null') ?? options[0]);
    }
    return s;
  }

  typeOf(schema: Schema | undefined): string {
    const s = this.main(schema);
    if (s.const !== undefined) return typeof s.const === 'number' ? 'number' : typeof s.const;
    if (Array.isArray(s.enum)) return typeof s.enum[0] === 'number' ? 'number' : 'string';
    const type = Array.isArray(s.type) ? (s.type as string[]).find((t) => t !== 'null') : (s.type as string);
    if (type) return type;
    if (s.properties) return 'object';
    return 'any';
  }

  /** A value the schema accepts, as far as JSON Schema can say (a refinement may still refuse it). */
  example(schema: Schema | undefined, depth = 0): unknown {
    const s = this.main(schema);
    if (s.const !== undefined) return s.const;
    if (Array.isArray(s.enum)) return s.enum[0];
    if (Array.isArray(s.allOf)) {
      return Object.assign({}, ...(s.allOf as Schema[]).map((p) => this.example(p, depth + 1)));
    }
    switch (this.typeOf(s)) {
      case 'object': {
        const out: Record<string, unknown> = {};
        if (depth > 6) return out;
        const props = (s.properties ?? {}) as Record<string, Schema>;
        for (const key of (s.required as string[] | undefined) ?? [])
          out[key] = this.example(props[key], depth + 1);
        return out;
      }
      case 'array': {
        const min = Number(s.minItems ?? 0);
        return depth > 6
          ? []
          : Array.from({ length: Math.max(min, 1) }, () => this.example(s.items as Schema, depth + 1));
      }
      case 'integer':
      case 'number': {
        const min =
          typeof s.minimum === 'number'
            ? s.minimum
            : typeof s.exclusiveMinimum === 'number'
              ? s.exclusiveMinimum + 1
              : null;
        const max = typeof s.maximum === 'number' ? s.maximum : null;
        let v = 1;
        if (min !== null && v < min) v = min;
        if (max !== null && v > max) v = max;
        return v;
      }
      case 'boolean':
        return false;
      case 'null':
        return null;
      case 'string':
        return stringExample(s);
      default:
        return 'x';
    }
  }
}

const dateLike = /Date|Week|Day|Month|Year|Holiday|From$|To$|Until|Since/;
const timeLike = /Time$|Start$|End$|At$|Hour/;

function stringExample(s: Schema): string {
  const format = s.format as string | undefined;
  if (format === 'uuid') return '5f0c9a52-1c1e-4a55-9b8e-2f4d3c2a1b00';
  if (format === 'date-time') return '2026-03-02T08:00:00Z';
  if (format === 'date') return '2026-03-02';
  if (format === 'email') return 'fuzz@example.com';
  if (format === 'uri' || format === 'url') return 'https://example.com/';
  const min = Number(s.minLength ?? 1);
  const max = Number(s.maxLength ?? 1000);
  const candidates = [
    '2026-03-02',
    '08:00',
    '2026-03-02T08:00:00Z',
    '2026-03-02T08:00:00.000Z',
    'Fuzz',
    'fuzz',
    'A1',
    '1',
    '000001',
    '1.bmp',
    'https://example.com/',
    '5f0c9a52-1c1e-4a55-9b8e-2f4d3c2a1b00',
  ];
  const pattern = typeof s.pattern === 'string' ? new RegExp(s.pattern, 'u') : null;
  for (const c of candidates) {
    const padded = c.length < min ? c + 'x'.repeat(min - c.length) : c;
    if (padded.length <= max && (!pattern || pattern.test(padded))) return padded;
  }
  return 'x'.repeat(Math.min(Math.max(min, 1), max));
}

const LONG = 'x'.repeat(100_000);

/** The hostile values for one field, by what the field holds. */
function hostileValues(reader: SchemaReader, name: string, schema: Schema, method: 'GET' | 'POST') {
  const s = reader.main(schema);
  const type = reader.typeOf(s);
  const values: Array<[string, unknown]> = [];
  const generic: Array<[string, unknown]> = [
    ['null', null],
    ['object', { a: 1 }],
    ['array', [1, 2]],
  ];
  if (type === 'integer' || type === 'number') {
    values.push(
      ['2147483648', 2147483648],
      ['-2147483649', -2147483649],
      ['2^53', 2 ** 53],
      ['text', 'abc'],
      ['-1', -1],
      ['0', 0],
      ['1.5', 1.5],
    );
  } else if (type === 'boolean') {
    values.push(['text', 'yes'], ['number', 1]);
  } else if (type === 'string' || type === 'any') {
    values.push(['NUL', 'a\u0000b']);
    if (
      s.format === 'date' ||
      s.format === 'date-time' ||
      dateLike.test(name) ||
      timeLike.test(name) ||
      /\\d\{4\}|\\d\{2\}:/.test(String(s.pattern ?? ''))
    ) {
      values.push(
        ['2026-02-30', '2026-02-30'],
        ['2026-99-99', '2026-99-99'],
        ['9999-12-31', '9999-12-31'],
        ['0000-01-01', '0000-01-01'],
        ['0000-01-01T00:00:00Z', '0000-01-01T00:00:00Z'],
        ['2026-02-30T08:00:00Z', '2026-02-30T08:00:00Z'],
        ['24:00', '24:00'],
        ['23:60', '23:60'],
      );
    }
    values.push(['long', method === 'GET' ? LONG.slice(0, 6000) : LONG], ['number', 12345], ['empty', '']);
    if (Array.isArray(s.enum)) values.push(['not in the list', 'NOT_A_CHOICE']);
  } else if (type === 'array') {
    values.push(['text', 'x'], ['[null]', [null]], ['[NUL]', ['a\u0000b']], ['[2^53]', [2 ** 53]]);
  } else if (type === 'object') {
    values.push(['text', 'x'], ['{__proto__}', JSON.parse('{"__proto__":{"polluted":true}}')]);
  }
  // The type-specific values first: under a cap they are the ones that found faults.
  return [...values, ...generic];
}

/**
 * The hostile inputs of one call: each field missing (when required), of a wrong type, at and beyond
 * its bounds, NUL and very long text, impossible dates and times; plus an unknown field, a
 * `__proto__` key, and on GET a repeated and a bracketed (`X[a]=`) parameter.
 */
export function hostileInputs(
  reader: SchemaReader,
  payloadSchema: Schema,
  method: 'GET' | 'POST',
  base: Record<string, unknown>,
): FuzzInput[] {
  const payload = reader.main(payloadSchema);
  const props = (payload.properties ?? {}) as Record<string, Schema>;
  const required = new Set((payload.required as string[] | undefined) ?? []);
  // One list per field, then taken in turns (each field's first value, then each field's second...),
  // so a cap on the batch still reaches every field.
  const perField: FuzzInput[][] = [];
  for (const [name, schema] of Object.entries(props)) {
    const list: FuzzInput[] = [];
    const missing = () => {
      const { [name]: _gone, ...rest } = base;
      list.push({ label: `${name} missing`, values: rest });
    };
    for (const [label, value] of hostileValues(reader, name, schema, method)) {
      const values = { ...base, [name]: value };
      if (method === 'GET' && value !== null && typeof value === 'object') {
        // A query has no objects or arrays: send what a careless client would, X[a]=1 or X=1&X=2.
        const { [name]: _gone, ...rest } = values;
        const extraQuery = Array.isArray(value)
          ? value.map((v) => `${encodeURIComponent(name)}=${encodeURIComponent(String(v))}`).join('&')
          : `${encodeURIComponent(name)}%5Ba%5D=1`;
        list.push({ label: `${name}=${label}`, values: rest, extraQuery });
      } else {
        list.push({ label: `${name}=${label}`, values });
      }
      // Each list leads with the value that found most faults (ids over int4, NUL, dates), then missing.
      if (list.length === 1 && required.has(name)) missing();
    }
    perField.push(list);
  }
  const inputs: FuzzInput[] = [];
  inputs.push({ label: 'unknown field', values: { ...base, NoSuchField: 'x' } });
  if (method === 'POST') {
    const text = JSON.stringify(base);
    inputs.push({
      label: '__proto__ key',
      values: base,
      rawBody: `{"__proto__":{"Error":true,"isAdmin":true},${text.slice(1)}`.replace(/,}$/, '}'),
    });
  } else {
    inputs.push({ label: '__proto__ parameter', values: base, extraQuery: '__proto__%5BisAdmin%5D=1' });
  }
  const longest = Math.max(0, ...perField.map((l) => l.length));
  for (let i = 0; i < longest; i++) for (const list of perField) if (list[i]) inputs.push(list[i]!);
  return inputs;
}
