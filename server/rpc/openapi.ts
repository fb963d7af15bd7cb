import { z } from 'zod';
import type { Access, CallDef } from '../../domain/contract/call';
import { Headers, transportFields } from '../../domain/contract/wire';
import { UploadFiles } from '../../domain/platform/files';
import type { PermissionFlag } from '../../domain/platform/permissions';

/**
 * The OpenAPI 3.1 document of every registered call (issue 14 §4), generated from the call
 * declarations themselves with zod 4's own JSON Schema conversion, so it can never drift from what the
 * pipeline (rpc.plugin.ts) validates. Served at GET /api/openapi.json (openapi.route.ts), read by
 * /apibrowser and by the fuzzer (tests/fuzz.test.ts).
 *
 * How the wire contract is written down:
 * - each call is one path `/<call path>` (relative to the server `/api`) with its method, a second
 *   operation for `alsoMethod`, `operationId` like `postWebSaveHoliday`, the area (first path segment) as tag;
 * - the payload is `components.schemas.<Name>Payload` (the INPUT side of the zod schema: what a client
 *   sends, before transforms and defaults); a GET spells each payload field as a query parameter, a POST
 *   sends `allOf [TransportFields, payload]` as its JSON body (or as Big POST text);
 * - the answer is the Envelope with ResultJSON's decoded shape as `contentSchema` (the OUTPUT side of
 *   the result schema); a file call answers bytes, and JSON `{message}` on failure;
 * - who may call is `security` (public: none; else the session token) plus `x-permissions`
 *   `{access: 'public'|'user'} | {allOf|anyOf: flags}`, the very value the pipeline checks;
 * - every operation also carries `x-payload` / `x-result` ($refs) so tools find the call's own schemas
 *   without unpicking the transport.
 */

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  jsonSchemaDialect: string;
  servers: Array<{ url: string }>;
  tags: Array<{ name: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    parameters: Record<string, Parameter>;
    responses: Record<string, unknown>;
    securitySchemes: Record<string, unknown>;
  };
}

export type JsonSchema = Record<string, unknown>;

export interface Parameter {
  name: string;
  in: 'query' | 'header';
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

export type PermissionsExtension =
  | { access: 'public' | 'user' }
  | { allOf: PermissionFlag[] }
  | { anyOf: PermissionFlag[] };

export interface Operation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  parameters: Array<Parameter | { $ref: string }>;
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, unknown>;
  security: Array<Record<string, string[]>>;
  'x-permissions': PermissionsExtension;
  'x-payload': { $ref: string };
  'x-result': { $ref: string } | null;
  'x-response': 'envelope' | 'file';
  /** Parts of a schema JSON Schema cannot say (a custom check, a transform): shown as `{}` and listed here. */
  'x-schema-notes'?: string[];
}

const ref = (kind: 'schemas' | 'parameters' | 'responses', name: string) => ({
  $ref: `#/components/${kind}/${name}`,
});

/** `web/SaveHoliday` → `WebSaveHoliday`: a component name (OpenAPI allows only `[A-Za-z0-9._-]`). */
export function componentName(path: string): string {
  return path
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}

/**
 * One zod schema as a JSON Schema fragment that can sit inside the document: its own `$defs` (zod
 * writes recursive schemas as `#/$defs/...`, relative to ITS root) are moved into components.schemas
 * under a prefixed name and every reference to them rewritten, or the $refs would point nowhere.
 */
function convert(
  schema: z.ZodType,
  io: 'input' | 'output',
  name: string,
  schemas: Record<string, JsonSchema>,
  notes: string[],
): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    cycles: 'ref',
    reused: 'inline',
    // A custom check or a transform has no JSON Schema; rather than fail the whole document for one
    // field, say "anything" there and tell the reader which field it is.
    unrepresentable: (ctx) => {
      notes.push(
        `${name}${ctx.path.length ? `.${ctx.path.join('.')}` : ''}: ${ctx.message} (shown as any value)`,
      );
      return 'any';
    },
  }) as JsonSchema;
  delete json.$schema;
  const defs = (json.$defs as Record<string, JsonSchema> | undefined) ?? {};
  delete json.$defs;
  const renamed = (key: string) => `${name}_${componentName(key)}`;
  const target = (pointer: string) =>
    // `#` is a schema that refers to itself from its root: the component `name` is that root.
    pointer === '#'
      ? ref('schemas', name).$ref
      : ref('schemas', renamed(pointer.slice('#/$defs/'.length))).$ref;
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (!node || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) {
      out[k] = k === '$ref' && typeof v === 'string' && /^#(\/\$defs\/|$)/.test(v) ? target(v) : rewrite(v);
    }
    return out;
  };
  for (const [key, def] of Object.entries(defs)) schemas[renamed(key)] = rewrite(def) as JsonSchema;
  return rewrite(json) as JsonSchema;
}

function permissions(access: Access): PermissionsExtension {
  if (access === 'public' || access === 'user') return { access };
  return 'allOf' in access ? { allOf: [...access.allOf] } : { anyOf: [...access.anyOf] };
}

function accessSentence(access: Access): string {
  if (access === 'public') return 'Anyone, without a login.';
  if (access === 'user') return 'Any logged-in employee.';
  return 'allOf' in access
    ? `A logged-in employee holding every one of: ${access.allOf.join(', ')}.`
    : `A logged-in employee holding at least one of: ${access.anyOf.join(', ')}.`;
}

/** The parts every call shares: envelope, transport fields, headers, error answers, the session token. */
function sharedComponents(): Pick<
  OpenApiDocument['components'],
  'parameters' | 'responses' | 'securitySchemes'
> & {
  schemas: Record<string, JsonSchema>;
} {
  const schemas: Record<string, JsonSchema> = {
    Envelope: {
      type: 'object',
      description:
        'Every call answers this (spec 000 §3.3). Error: bad input or not allowed; Sorry: a business rule refused it; Silent: refused without a message to show. ResultJSON is the JSON text of the result, gzipped and base64-encoded when ResultCompressed.',
      required: ['Sorry', 'Error', 'Silent', 'Message', 'ResultJSON', 'ResultCompressed', 'ReturnOrder'],
      properties: {
        Sorry: { type: 'boolean' },
        Error: { type: 'boolean' },
        Silent: { type: 'boolean' },
        Message: { type: 'string' },
        ResultJSON: { type: 'string', contentMediaType: 'application/json' },
        ResultCompressed: { type: 'boolean' },
        ReturnOrder: { type: ['integer', 'null'], description: 'The ReturnOrder header, echoed.' },
      },
    },
    TransmissionInfo: {
      type: 'object',
      description: 'TransmissionInfoJSON (spec 000 §7.1), sent as JSON text.',
      properties: {
        DeviceOS: { type: 'string' },
        DeviceType: { const: 'web' },
        PlantID: { type: ['integer', 'null'] },
        EmployeeID: { type: ['integer', 'null'] },
      },
    },
    TransportFields: {
      type: 'object',
      description:
        'Fields the request layer adds to every GET query and POST body; never part of a call’s own payload.',
      properties: {
        TransmissionInfoJSON: {
          type: 'string',
          contentMediaType: 'application/json',
          contentSchema: ref('schemas', 'TransmissionInfo'),
        },
        Token: { type: 'string', description: 'The session token (the Authorization header is preferred).' },
        Interface: { type: 'string', description: 'The interface the client works in (spec 000 §1).' },
        PostQueueEmpty: {
          type: 'boolean',
          description: 'POST from the post queue: nothing else is waiting.',
        },
        PostID: {
          type: 'string',
          maxLength: 100,
          description:
            'POST from the post queue: a repeated PostID answers the first result and is not applied again.',
        },
      },
    },
    FileFailure: {
      type: 'object',
      description: 'A file call that fails answers JSON with a message instead of bytes (spec 000 §8).',
      required: ['message'],
      properties: { message: { type: 'string' }, Message: { type: 'string' } },
    },
  };
  const header = (name: string, description: string, schema: JsonSchema): Parameter => ({
    name,
    in: 'header',
    required: false,
    description,
    schema,
  });
  const parameters: Record<string, Parameter> = {
    CompressionHeader: header(Headers.compression, 'May the server gzip ResultJSON (true/false).', {
      type: 'string',
      enum: ['true', 'false'],
    }),
    EmployeeIDHeader: header(
      Headers.employeeId,
      'The employee the client believes is logged in; a token of another employee answers 401.',
      { type: 'string', pattern: '^[0-9]+$' },
    ),
    ConnectionIDHeader: header(Headers.connectionId, 'The hub connection id of this client.', {
      type: 'string',
    }),
    ReturnOrderHeader: header(Headers.returnOrder, 'A counter the server echoes in the envelope.', {
      type: 'string',
      pattern: '^[0-9]+$',
    }),
    BigPostHeader: header(
      Headers.bigPost,
      'true when the body is sent as text/plain (the JSON text of a normal body, up to 100 MB).',
      { type: 'string', enum: ['true'] },
    ),
  };
  for (const field of ['TransmissionInfoJSON', 'Token', 'Interface'] as const) {
    parameters[`${field}Query`] = {
      name: field,
      in: 'query',
      required: false,
      description: 'Transport field (see components.schemas.TransportFields).',
      schema: { type: 'string' },
    };
  }
  const failure = (description: string) => ({
    description,
    content: { 'application/json': { schema: ref('schemas', 'Envelope') } },
  });
  const responses = {
    Unauthorized: failure(
      'No valid session: the status text is "Your session has expired. Please log in again" or "This session belongs to another user".',
    ),
    Forbidden: failure('The session lacks the permission flags of x-permissions.'),
    NotFound: failure('No call of that method and path.'),
    TooManyRequests: failure('Too many failed logins; Retry-After says when to try again.'),
    ServerFault: failure('A server fault, with a reference to quote; nothing was saved.'),
  };
  const securitySchemes = {
    sessionToken: {
      type: 'apiKey',
      in: 'header',
      name: Headers.authorization,
      description:
        'The TokenID answered by web/Login, raw or as "Bearer <token>" (the Token transport field also works).',
    },
  };
  return { schemas, parameters, responses, securitySchemes };
}

export interface OpenApiOptions {
  version?: string;
}

/** The document for these calls (the registry's `all()` entries' `call`). Pure: no I/O, no clock. */
export function buildOpenApi(calls: readonly CallDef[], options: OpenApiOptions = {}): OpenApiDocument {
  const shared = sharedComponents();
  const schemas = shared.schemas;
  const paths: OpenApiDocument['paths'] = {};
  const tags = new Set<string>();
  // The registry answers a call once per method it is served by (files/Download): describe it once.
  const sorted = [...new Set(calls)].sort((a, b) => a.path.localeCompare(b.path));
  const names = new Set<string>();

  for (const call of sorted) {
    // Two calls on one path by different methods would otherwise share their component names.
    let name = componentName(call.path);
    if (names.has(name)) name = `${name}${call.method}`;
    names.add(name);
    const notes: string[] = [];
    const payloadName = `${name}Payload`;
    const payload = convert(call.payload, 'input', payloadName, schemas, notes);
    schemas[payloadName] = payload;
    const file = call.response === 'file';
    let resultName: string | null = null;
    if (!file) {
      resultName = `${name}Result`;
      schemas[resultName] = convert(call.result, 'output', resultName, schemas, notes);
    }
    const tag = call.path.split('/')[0] ?? 'api';
    tags.add(tag);
    const pathItem: Record<string, Operation> = {};
    for (const method of [call.method, call.alsoMethod].filter((m): m is 'GET' | 'POST' => !!m)) {
      pathItem[method.toLowerCase()] = operation(call, method, payload, payloadName, resultName, tag, notes);
    }
    paths[`/${call.path}`] = { ...paths[`/${call.path}`], ...pathItem };
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Steelworks API',
      version: options.version ?? '0.0.0',
      description:
        'Every call of the product, generated from its zod declarations (domain/). Calls are served under /api/<path>; GET values travel in the query, POST values in a JSON body; every answer is the Envelope (file downloads answer bytes). Bad input answers an Error envelope with HTTP 200 naming the field.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: '/api' }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: { ...shared, schemas },
  };
}

function operation(
  call: CallDef,
  method: 'GET' | 'POST',
  payload: JsonSchema,
  payloadName: string,
  resultName: string | null,
  tag: string,
  notes: string[],
): Operation {
  const common = ['CompressionHeader', 'EmployeeIDHeader', 'ConnectionIDHeader', 'ReturnOrderHeader'].map(
    (p) => ref('parameters', p),
  );
  const parameters: Operation['parameters'] = [...common];
  let requestBody: Operation['requestBody'];
  if (method === 'GET') {
    parameters.push(
      ...['TransmissionInfoJSONQuery', 'TokenQuery', 'InterfaceQuery'].map((p) => ref('parameters', p)),
    );
    const properties = (payload.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((payload.required as string[] | undefined) ?? []);
    for (const [field, schema] of Object.entries(properties)) {
      if ((transportFields as readonly string[]).includes(field)) continue;
      parameters.push({ name: field, in: 'query', required: required.has(field), schema });
    }
  } else {
    parameters.push(ref('parameters', 'BigPostHeader'));
    const body = { allOf: [ref('schemas', 'TransportFields'), ref('schemas', payloadName)] };
    const content: Record<string, { schema: JsonSchema }> = {
      'application/json': { schema: body },
      'text/plain': { schema: { type: 'string', contentMediaType: 'application/json', contentSchema: body } },
    };
    if (call.path === UploadFiles.path) {
      content['multipart/form-data'] = {
        schema: {
          allOf: [
            ref('schemas', 'TransportFields'),
            {
              type: 'object',
              properties: {
                files: {
                  type: 'array',
                  maxItems: 20,
                  items: { type: 'string', contentMediaType: 'application/octet-stream' },
                },
              },
            },
          ],
        },
      };
    }
    requestBody = { required: true, content };
  }

  const responses: Record<string, unknown> = {};
  if (call.response === 'file') {
    responses['200'] = {
      description: 'The file’s bytes, with Content-Disposition: attachment.',
      content: {
        'application/octet-stream': {
          schema: { type: 'string', contentMediaType: 'application/octet-stream' },
        },
      },
    };
    responses['4XX'] = {
      description: 'Refused: bad input, no session, not allowed, or no such file.',
      content: { 'application/json': { schema: ref('schemas', 'FileFailure') } },
    };
  } else {
    responses['200'] = {
      description:
        'The envelope. On success ResultJSON holds the result; bad input or a business refusal answers Error or Sorry, also with 200.',
      content: {
        'application/json': {
          schema: {
            allOf: [
              ref('schemas', 'Envelope'),
              {
                properties: {
                  ResultJSON: {
                    type: 'string',
                    contentMediaType: 'application/json',
                    contentSchema: ref('schemas', resultName!),
                  },
                },
              },
            ],
          },
        },
      },
    };
    if (call.access !== 'public') responses['401'] = ref('responses', 'Unauthorized');
    if (typeof call.access === 'object') responses['403'] = ref('responses', 'Forbidden');
    if (call.path === 'web/Login') responses['429'] = ref('responses', 'TooManyRequests');
    responses['500'] = ref('responses', 'ServerFault');
  }

  return {
    operationId: `${method.toLowerCase()}${componentName(call.path)}`,
    summary: call.summary,
    description: `Who may call: ${accessSentence(call.access)}`,
    tags: [tag],
    parameters,
    ...(requestBody ? { requestBody } : {}),
    responses,
    // Public calls need no token (a stale one is ignored); every other call needs the session.
    security: call.access === 'public' ? [] : [{ sessionToken: [] }],
    'x-permissions': permissions(call.access),
    'x-payload': ref('schemas', payloadName),
    'x-result': resultName ? ref('schemas', resultName) : null,
    'x-response': call.response ?? 'envelope',
    ...(notes.length ? { 'x-schema-notes': [...notes] } : {}),
  };
}

/** Every `$ref` in the document that does not point at something in it (empty when all resolve). */
export function danglingRefs(doc: unknown): string[] {
  const dangling: string[] = [];
  const resolve = (pointer: string): boolean => {
    if (!pointer.startsWith('#/')) return false;
    let node: unknown = doc;
    for (const raw of pointer.slice(2).split('/')) {
      const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      if (!node || typeof node !== 'object' || !(key in node)) return false;
      node = (node as Record<string, unknown>)[key];
    }
    return true;
  };
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) walk(item);
      return;
    }
    if (!node || typeof node !== 'object') return;
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') {
        if (!resolve(v)) dangling.push(v);
      } else walk(v);
    }
  };
  walk(doc);
  return dangling;
}
