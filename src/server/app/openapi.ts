import {
  customClaimValueSchema, customClaimValueUnrolled, findingSchema, healthSchema, MAX_ARRAY_ITEMS, OPERATIONS, problemSchema,
  verifyPolicySchema, type Operation,
} from '../../engine/index.ts';
import { MAX_BODY_BYTES } from '../http/body.ts';
import { HTTP_LIMITS } from '../http/http-limits.ts';

export const API_VERSION = 'v0.0.1';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/**
 * The same schema objects the engine compiles, with shared sub-schemas (found by identity, so
 * nothing is copied by hand) replaced by $ref into components. A shared schema that refers to
 * itself by its $id (a recursive one) is pointed at its component instead, since components drop $id.
 */
function component(schema: object, shared: Map<object, string>, root: boolean, used: string[] = []): Json {
  if (!root) {
    const name = shared.get(schema);
    if (name !== undefined) {
      used.push(name);
      return { $ref: `#/components/schemas/${name}` };
    }
  }
  if (Array.isArray(schema)) return schema.map((s: unknown) => (typeof s === 'object' && s !== null ? component(s, shared, false, used) : (s as Json)));
  const out: Record<string, Json> = {};
  for (const [k, v] of Object.entries(schema)) {
    // Dialect and identity belong to the document (jsonSchemaDialect), not to each component.
    if (root && (k === '$schema' || k === '$id')) continue;
    // Definitions that are components already are published once, there.
    if (k === '$defs' && Object.values(v as object).every((d) => shared.has(d as object))) continue;
    if (k === '$ref' && typeof v === 'string') {
      out[k] = componentRefById(v, shared) ?? v;
      continue;
    }
    out[k] = typeof v === 'object' && v !== null ? component(v as object, shared, false, used) : (v as Json);
  }
  return out;
}

function componentRefById(id: string, shared: Map<object, string>): string | undefined {
  for (const [schema, name] of shared) {
    if ((schema as { $id?: unknown }).$id === id) return `#/components/schemas/${name}`;
  }
  return undefined;
}

const problemResponse = (description: string, extraHeaders: Record<string, Json> = {}): Json => ({
  description,
  headers: { 'X-Request-Id': { $ref: '#/components/headers/RequestId' }, ...extraHeaders },
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
});

function jsonResponse(description: string, schema: string): Json {
  return {
    description,
    headers: { 'X-Request-Id': { $ref: '#/components/headers/RequestId' } },
    content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } },
  };
}

/** One engine operation as the document describes it: its request and response components, and every problem it can answer. */
function operationObject(o: Operation): Json {
  return {
    operationId: o.operationId,
    summary: o.summary,
    description: o.description,
    tags: [o.tag],
    parameters: [{ $ref: '#/components/parameters/RequestId' }],
    requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${o.request.name}` } } } },
    responses: {
      200: jsonResponse('The outcome. Every finding travels here: read valid and findings.', o.response.name),
      400: { $ref: `#/components/responses/${o.malformedToken === true ? 'MalformedToken' : 'BadRequest'}` },
      401: { $ref: '#/components/responses/Unauthorized' },
      405: { $ref: '#/components/responses/MethodNotAllowed' },
      408: { $ref: '#/components/responses/RequestTimeout' },
      413: { $ref: '#/components/responses/PayloadTooLarge' },
      415: { $ref: '#/components/responses/UnsupportedMediaType' },
      422: { $ref: '#/components/responses/RequestInvalid' },
      431: { $ref: '#/components/responses/HeadersTooLarge' },
      500: { $ref: '#/components/responses/Internal' },
      503: { $ref: '#/components/responses/Timeout' },
    },
  };
}

/** HTTP-level answers any path can give, before routing. */
const httpErrors = {
  400: { $ref: '#/components/responses/BadRequest' },
  408: { $ref: '#/components/responses/RequestTimeout' },
  431: { $ref: '#/components/responses/HeadersTooLarge' },
} as const;

/**
 * Sub-schemas of requests published as components of their own, found by identity (nothing is copied
 * by hand). Each is listed right after the first request that uses it.
 */
const REQUEST_PARTS = new Map<object, string>([
  [verifyPolicySchema, 'VerifyPolicy'],
  [customClaimValueSchema, 'CustomClaimValue'],
  // The validator's written-out copy of the same schema: published as the recursive form.
  [customClaimValueUnrolled, 'CustomClaimValue'],
]);
const PUBLISHED_PART = new Map<string, object>([['VerifyPolicy', verifyPolicySchema], ['CustomClaimValue', customClaimValueSchema]]);

/** Components every response shares (and the error and health bodies): listed last. */
const COMMON: readonly [string, object][] = [['Finding', findingSchema], ['Problem', problemSchema], ['Health', healthSchema]];

/**
 * The component schemas: each operation's request (followed by the request parts it introduces), then
 * each operation's response, then the common ones.
 */
function componentSchemas(): Record<string, Json> {
  const shared = new Map<object, string>([...REQUEST_PARTS, [findingSchema, 'Finding']]);
  const schemas: Record<string, Json> = {};
  const publishRequest = (name: string, schema: object): void => {
    if (name in schemas) return;
    const used: string[] = [];
    schemas[name] = component(schema, shared, true, used);
    for (const part of used) {
      const partSchema = PUBLISHED_PART.get(part);
      if (partSchema !== undefined) publishRequest(part, partSchema);
    }
  };
  for (const o of OPERATIONS) publishRequest(o.request.name, o.request.schema);
  for (const o of OPERATIONS) schemas[o.response.name] = component(o.response.schema, shared, true);
  for (const [name, schema] of COMMON) schemas[name] = component(schema, shared, true);
  return schemas;
}

/** The OpenAPI 3.1 description of /v1: the engine's operations table, with their request and response schemas. */
export function buildOpenApiDocument(): Json {
  const schemas = componentSchemas();
  const paths: Record<string, Json> = {};
  for (const o of OPERATIONS) paths[o.path] = { [o.method.toLowerCase()]: operationObject(o) };
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'oidc-gate',
      version: API_VERSION,
      summary: 'JWT validation under a trust policy and OIDC provider configuration lint.',
      description:
        'Validate a JWT against an inline policy or a registered issuer profile, lint an OIDC provider configuration, '
        + 'and fetch a provider discovery document. Findings are reported on the 200 channel; errors are RFC 9457 '
        + `problem+json. Request bodies are JSON, at most ${MAX_BODY_BYTES} bytes, and their arrays hold at most `
        + `${MAX_ARRAY_ITEMS} items. Headers (at most ${HTTP_LIMITS.maxHeaderBytes} bytes) must arrive within `
        + `${HTTP_LIMITS.headersTimeoutMs / 1000} s, and the body and the answer within 10 s of the headers. `
        + 'A path that is not listed here answers 404 with a Problem body (code NOT_FOUND); bytes that are not '
        + 'HTTP/1.1 answer 400 (code BAD_REQUEST).',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: 'http://127.0.0.1:8080', description: 'Default local address (PORT, HOST).' }],
    security: [{ apiKey: [] }],
    tags: [
      { name: 'validate', description: 'JWT validation.' },
      { name: 'lint', description: 'OIDC provider configuration lint and discovery.' },
      { name: 'meta', description: 'Service description, health and metrics.' },
    ],
    paths: {
      ...paths,
      '/v1/openapi.json': {
        get: {
          operationId: 'getOpenApiDocument',
          summary: 'This OpenAPI document',
          tags: ['meta'],
          security: [],
          responses: {
            200: { description: 'The OpenAPI 3.1 document.', content: { 'application/json': { schema: { type: 'object' } } } },
            ...httpErrors,
            405: { $ref: '#/components/responses/MethodNotAllowed' },
          },
        },
      },
      '/healthz': {
        get: {
          operationId: 'getHealth',
          summary: 'Liveness',
          description: 'ok while serving; draining (503) once SIGTERM was received.',
          tags: ['meta'],
          security: [],
          responses: {
            200: jsonResponse('Serving.', 'Health'),
            ...httpErrors,
            405: { $ref: '#/components/responses/MethodNotAllowed' },
            503: jsonResponse('Draining after SIGTERM; take the instance out of rotation.', 'Health'),
          },
        },
      },
      '/metrics': {
        get: {
          operationId: 'getMetrics',
          summary: 'Prometheus metrics',
          description:
            'Prometheus text exposition format (version 0.0.4), this process only: oidc_gate_http_requests_total (endpoint, status), '
            + 'oidc_gate_http_request_duration_seconds (endpoint), oidc_gate_findings_total (code), oidc_gate_jwks_cache_total (state), '
            + 'oidc_gate_signature_cache_total (result), oidc_gate_signature_cache_entries, oidc_gate_signature_cache_evictions_total, '
            + 'and the Node.js process metrics (process_*, nodejs_*). Needs the API key unless the service runs with METRICS_PUBLIC=true.',
          tags: ['meta'],
          security: [{ apiKey: [] }, {}],
          responses: {
            200: {
              description: 'The metrics.',
              headers: { 'X-Request-Id': { $ref: '#/components/headers/RequestId' } },
              content: { 'text/plain; version=0.0.4; charset=utf-8': { schema: { type: 'string' } } },
            },
            ...httpErrors,
            401: { $ref: '#/components/responses/Unauthorized' },
            405: { $ref: '#/components/responses/MethodNotAllowed' },
          },
        },
      },
    },
    components: {
      schemas,
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API key from API_KEYS / API_KEYS_FILE (or the one generated at start). Not a JWT: the token to validate travels in the body.',
        },
      },
      parameters: {
        RequestId: {
          name: 'X-Request-Id',
          in: 'header',
          required: false,
          description: 'Correlation id, echoed back; 1-128 characters of A-Z a-z 0-9 . _ : -. Anything else is replaced by a generated UUID.',
          schema: { type: 'string', pattern: '^[A-Za-z0-9._:-]{1,128}$' },
        },
      },
      headers: {
        RequestId: { description: 'The request id (the one sent, or a generated UUID).', schema: { type: 'string' } },
      },
      responses: {
        MalformedToken: problemResponse('MALFORMED_TOKEN: the token is not a parseable compact JWS; or BAD_REQUEST: the bytes received are not a valid HTTP/1.1 request.'),
        BadRequest: problemResponse('BAD_REQUEST: the bytes received are not a valid HTTP/1.1 request (request line, header or framing).'),
        HeadersTooLarge: problemResponse(`HEADERS_TOO_LARGE: the request line and headers exceed ${HTTP_LIMITS.maxHeaderBytes} bytes.`),
        Unauthorized: problemResponse('UNAUTHORIZED: the Authorization header is missing, not Bearer, or not a configured API key.', {
          'WWW-Authenticate': { description: 'Bearer realm="oidc-gate"', schema: { type: 'string' } },
        }),
        MethodNotAllowed: problemResponse('METHOD_NOT_ALLOWED: see the Allow header.', {
          Allow: { description: 'The methods this endpoint accepts.', schema: { type: 'string' } },
        }),
        RequestTimeout: problemResponse(`TIMEOUT: the headers were not received within ${HTTP_LIMITS.headersTimeoutMs / 1000} s, or the body within 10 s of them.`),
        PayloadTooLarge: problemResponse(`PAYLOAD_TOO_LARGE: the body exceeds ${MAX_BODY_BYTES} bytes.`),
        UnsupportedMediaType: problemResponse('UNSUPPORTED_MEDIA_TYPE: the Content-Type is not application/json (charset, when given, must be UTF-8).'),
        RequestInvalid: problemResponse(`REQUEST_INVALID: the body is not JSON, not UTF-8, repeats a member name, or does not match the schema (an array over ${MAX_ARRAY_ITEMS} items included); errors lists each field.`),
        Internal: problemResponse('INTERNAL: an unexpected fault; quote the request id.'),
        Timeout: problemResponse('TIMEOUT: the request was not answered within 10 s.'),
      },
    },
  };
}

/** The committed openapi.json, byte for byte: two-space JSON and a final newline. */
export function renderOpenApiDocument(): string {
  return `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`;
}
