/**
 * Property-based: over 10,000+ random and mutated tokens and policies, validateJwt either resolves to
 * a response satisfying the response invariants, or rejects with MalformedTokenError /
 * RequestInvalidError; never anything else. A token mutated from a valid one is never valid.
 * Tokens are signed once and mutated many times, so the run stays fast on a loaded machine.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { MalformedTokenError, RequestInvalidError } from '../../src/engine/errors.ts';
import { JWS_ALGORITHMS } from '../../src/engine/types.ts';
import type { ValidateResponse } from '../../src/engine/types.ts';
import { validateJwt } from '../../src/engine/validate/validate.ts';
import {
  AUDIENCE, ISSUER, NOW, b64u, claims, fixedContext, goodToken, keyFor, policyFor, segment, signRaw, testKeys,
} from '../helpers/tokens.ts';
import { responseViolations } from '../helpers/response.ts';

const keys = testKeys();
const ctx = fixedContext();
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const BASE_ALGS = ['RS256', 'PS384', 'ES256', 'ES512', 'EdDSA', 'Ed448', 'HS256', 'HS512'] as const;

type Outcome = { kind: 'response'; res: ValidateResponse } | { kind: 'malformed' } | { kind: 'invalid-request' };

/** Runs the engine; throws (failing the property) on any outcome outside the contract. */
async function outcome(request: unknown): Promise<Outcome> {
  let res: ValidateResponse;
  try {
    res = await validateJwt(request, ctx);
  } catch (e) {
    if (e instanceof MalformedTokenError) return { kind: 'malformed' };
    if (e instanceof RequestInvalidError) {
      if (e.errors.length === 0 || e.errors.some((p) => typeof p.pointer !== 'string' || (p.pointer !== '' && !p.pointer.startsWith('/')))) {
        throw new Error(`RequestInvalidError with bad problems: ${JSON.stringify(e.errors)}`, { cause: e });
      }
      return { kind: 'invalid-request' };
    }
    throw new Error(`unexpected error ${String(e)}`, { cause: e });
  }
  const violations = responseViolations(res);
  if (violations.length > 0) throw new Error(`response violates the contract: ${violations.join('; ')}`);
  return { kind: 'response', res };
}

const base: Record<string, { token: string; policy: ReturnType<typeof policyFor> }> = {};
beforeAll(() => {
  for (const alg of BASE_ALGS) {
    const payload = claims({ scope: 'read write', tenant: 'acme', groups: ['a', 'b'] });
    base[alg] = {
      token: goodToken(alg, { payload, headerExtra: { kid: `k-${alg}` } }),
      policy: policyFor(alg, { required_scopes: ['read'], required_custom_claims: { tenant: 'acme' }, max_ttl_seconds: 3600, token_type: 'JWT' }),
    };
  }
});

describe('the unmutated base tokens are valid (so "never valid after mutation" means something)', () => {
  it.each(BASE_ALGS)('%s', async (alg) => {
    const o = await outcome({ token: base[alg]?.token, policy: base[alg]?.policy });
    expect(o.kind === 'response' && o.res.valid).toBe(true);
  });
});

// ---- mutations of real signed tokens ----

const charArb = fc.constantFrom(...ALPHABET, '.', '=', '+', '/', ' ', '\n', 'é', '"', '\u0000');
const mutationArb = fc.oneof(
  fc.record({ op: fc.constant('flip' as const), at: fc.nat(), ch: charArb }),
  fc.record({ op: fc.constant('delete' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('insert' as const), at: fc.nat(), ch: charArb }),
  fc.record({ op: fc.constant('dropDot' as const), which: fc.nat(1) }),
  fc.record({ op: fc.constant('addDot' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('swap' as const), i: fc.nat(2), j: fc.nat(2) }),
  fc.record({ op: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('replaceSegment' as const), i: fc.nat(2), seg: fc.string({ unit: fc.constantFrom(...ALPHABET), maxLength: 60 }) }),
  fc.record({ op: fc.constant('realg' as const), alg: fc.constantFrom(...JWS_ALGORITHMS, 'none', 'NONE', 'nOnE') }),
  fc.record({ op: fc.constant('reclaim' as const), name: fc.constantFrom('exp', 'iss', 'aud', 'sub', 'scope', 'tenant', 'extra'), value: fc.jsonValue({ maxDepth: 2 }) }),
  fc.record({ op: fc.constant('reheader' as const), name: fc.constantFrom('kid', 'crit', 'b64', 'jwk', 'jku', 'typ', 'x5u'), value: fc.jsonValue({ maxDepth: 2 }) }),
  fc.record({ op: fc.constant('bitflip' as const), i: fc.nat(2), byte: fc.nat(), bit: fc.nat(7) }),
);
type Mutation = typeof mutationArb extends fc.Arbitrary<infer M> ? M : never;

function decodeJson(seg: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(Buffer.from(seg, 'base64url').toString('utf8'));
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function mutate(token: string, m: Mutation): string {
  const parts = token.split('.');
  switch (m.op) {
    case 'flip': {
      if (token.length === 0) return token;
      const at = m.at % token.length;
      return token.slice(0, at) + m.ch + token.slice(at + 1);
    }
    case 'delete': {
      if (token.length === 0) return token;
      const at = m.at % token.length;
      return token.slice(0, at) + token.slice(at + 1);
    }
    case 'insert': {
      const at = m.at % (token.length + 1);
      return token.slice(0, at) + m.ch + token.slice(at);
    }
    case 'dropDot': {
      let seen = -1;
      for (let i = 0; i < token.length; i++) {
        if (token[i] === '.' && ++seen === m.which) return token.slice(0, i) + token.slice(i + 1);
      }
      return token;
    }
    case 'addDot': {
      const at = m.at % (token.length + 1);
      return `${token.slice(0, at)}.${token.slice(at)}`;
    }
    case 'swap': {
      if (parts.length < 3) return token;
      const p = [...parts];
      [p[m.i], p[m.j]] = [p[m.j] as string, p[m.i] as string];
      return p.join('.');
    }
    case 'truncate':
      return token.slice(0, m.at % (token.length + 1));
    case 'replaceSegment': {
      if (parts.length < 3) return token;
      parts[m.i] = m.seg;
      return parts.join('.');
    }
    case 'realg': {
      const h = parts.length >= 3 ? decodeJson(parts[0] as string) : undefined;
      if (h === undefined) return token;
      parts[0] = segment({ ...h, alg: m.alg });
      return parts.join('.');
    }
    case 'reclaim': {
      const p = parts.length >= 3 ? decodeJson(parts[1] as string) : undefined;
      if (p === undefined) return token;
      parts[1] = segment({ ...p, [m.name]: m.value });
      return parts.join('.');
    }
    case 'reheader': {
      const h = parts.length >= 3 ? decodeJson(parts[0] as string) : undefined;
      if (h === undefined) return token;
      parts[0] = segment({ ...h, [m.name]: m.value });
      return parts.join('.');
    }
    case 'bitflip': {
      if (parts.length < 3) return token;
      const bytes = Buffer.from(parts[m.i] as string, 'base64url');
      if (bytes.length === 0) return token;
      const at = m.byte % bytes.length;
      bytes[at] = (bytes[at] as number) ^ (1 << m.bit);
      parts[m.i] = b64u(bytes);
      return parts.join('.');
    }
  }
}

describe('property: mutated real tokens', () => {
  it('never valid, always a contract response or a typed error (6,000 runs)', async () => {
    const counts = { response: 0, malformed: 0, 'invalid-request': 0, unchanged: 0 };
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...BASE_ALGS), fc.array(mutationArb, { minLength: 1, maxLength: 3 }), async (alg, mutations) => {
        const original = base[alg] as { token: string; policy: ReturnType<typeof policyFor> };
        const token = mutations.reduce(mutate, original.token);
        const o = await outcome({ token, policy: original.policy });
        if (token === original.token) {
          counts.unchanged++;
          return;
        }
        counts[o.kind]++;
        if (o.kind === 'response' && o.res.valid) throw new Error(`a mutated token is valid: ${JSON.stringify(mutations)}`);
      }),
      { numRuns: 6000 },
    );
    // The generator reaches every outcome class: mutations that keep the syntax reach the checks.
    expect(counts.response).toBeGreaterThan(500);
    expect(counts.malformed).toBeGreaterThan(500);
    // An empty token (a truncation to 0 that random runs may or may not reach) is a 422, not a 400:
    // asserted directly, since a random generator cannot be relied on to hit it in every run.
    const empty = base[BASE_ALGS[0] as keyof typeof base] as { policy: ReturnType<typeof policyFor> };
    expect((await outcome({ token: '', policy: empty.policy })).kind).toBe('invalid-request');
  });
});

// ---- random headers and payloads ----

const algArb = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...JWS_ALGORITHMS, 'none', 'NONE', 'None') },
  { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.constant(null), fc.array(fc.string({ maxLength: 5 }), { maxLength: 2 }), fc.boolean()) },
);
/** Mostly `good`, sometimes anything: keeps a fair share of random tokens valid, so every branch is reached. */
function mostly<T>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 4, arbitrary: good }, { weight: 1, arbitrary: bad });
}
const timeArb = (lo: number, hi: number) => mostly(
  fc.integer({ min: lo, max: hi }),
  fc.oneof(
    fc.integer({ min: NOW - 100_000, max: NOW + 100_000 }),
    fc.double(),
    fc.string({ maxLength: 12 }),
    fc.constant(null),
    fc.constantFrom('1e309', '-1e309', '1e-400'), // as raw JSON number text, see rawJson below
    fc.jsonValue({ maxDepth: 1 }),
  ),
);
const headerArb = fc.record(
  {
    alg: algArb,
    typ: mostly(fc.constantFrom('JWT', 'at+jwt', 'application/at+jwt', 'AT+JWT'), fc.jsonValue({ maxDepth: 1 })),
    kid: fc.oneof(fc.string({ maxLength: 20 }), fc.jsonValue({ maxDepth: 1 })),
    crit: fc.oneof(fc.array(fc.string({ maxLength: 6 }), { maxLength: 2 }), fc.jsonValue({ maxDepth: 1 })),
    b64: fc.oneof(fc.boolean(), fc.jsonValue({ maxDepth: 1 })),
    jku: fc.constant('http://127.0.0.1:1/jwks'),
  },
  { requiredKeys: ['alg'] },
).chain((h) => fc.subarray(Object.keys(h), { minLength: 0 }).map((kept) => {
  // Drop each optional member with some probability; crit and b64 rarely survive, so many tokens get past them.
  const out: Record<string, unknown> = { alg: h.alg };
  for (const k of kept) if (k !== 'alg' && (k !== 'crit' || kept.length % 3 === 0)) out[k] = h[k as keyof typeof h];
  return out as { alg: unknown } & Record<string, unknown>;
}));
const payloadArb = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record(
      {
        iss: mostly(fc.constant(ISSUER), fc.oneof(fc.constant(`${ISSUER}/`), fc.jsonValue({ maxDepth: 1 }))),
        aud: mostly(fc.constantFrom(AUDIENCE, [AUDIENCE, 'x']), fc.oneof(fc.array(fc.string({ maxLength: 6 }), { maxLength: 3 }), fc.jsonValue({ maxDepth: 1 }))),
        exp: timeArb(NOW + 1, NOW + 3000),
        nbf: timeArb(NOW - 3000, NOW),
        iat: timeArb(NOW - 3000, NOW),
        scope: mostly(fc.constantFrom('read', 'readonly write', ''), fc.jsonValue({ maxDepth: 1 })),
        scp: mostly(fc.array(fc.constantFrom('read', 'write', 'x'), { maxLength: 3 }), fc.jsonValue({ maxDepth: 1 })),
        tenant: mostly(fc.constant('acme'), fc.jsonValue({ maxDepth: 2 })),
      },
      { requiredKeys: ['iss', 'aud'] },
    ),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

/** JSON text where the placeholder strings '1e309' etc. become raw numbers JSON.stringify cannot write. */
function rawJson(value: unknown): string {
  return JSON.stringify(value).replace(/"(-?1e309|1e-400)"/g, '$1');
}

describe('property: random headers, payloads and signatures', () => {
  it('always a contract response or a typed error (3,000 runs)', async () => {
    const seen = { valid: 0, invalid: 0, malformed: 0, 'invalid-request': 0 };
    await fc.assert(
      fc.asyncProperty(headerArb, payloadArb, fc.constantFrom(...BASE_ALGS), fc.oneof(fc.constant('sign' as const), fc.uint8Array({ maxLength: 140 })), async (header, payload, policyAlg, sig) => {
        const signingInput = `${b64u(rawJson(header))}.${b64u(rawJson(payload))}`;
        let signature: string;
        if (sig === 'sign') {
          // A real signature with the policy key, when the header alg is one we can sign.
          const alg = typeof header.alg === 'string' && (JWS_ALGORITHMS as readonly string[]).includes(header.alg) ? header.alg : policyAlg;
          signature = b64u(signRaw(alg, signingInput, keyFor(alg).sign));
        } else {
          signature = b64u(sig);
        }
        const policy = { ...policyFor(policyAlg), allowed_algs: [policyAlg, 'none', ...(typeof header.alg === 'string' && (JWS_ALGORITHMS as readonly string[]).includes(header.alg) ? [header.alg] : [])] };
        const o = await outcome({ token: `${signingInput}.${signature}`, policy });
        seen[o.kind === 'response' ? (o.res.valid ? 'valid' : 'invalid') : o.kind]++;
        if (o.kind === 'response' && o.res.valid) {
          // Only a genuinely signed token with a usable alg can be valid.
          if (sig !== 'sign') throw new Error('a token with a random signature is valid');
          if (typeof header.alg !== 'string' || header.alg.toLowerCase() === 'none') throw new Error('an unsigned token is valid');
        }
      }),
      { numRuns: 3000 },
    );
    // Not degenerate: some random tokens pass every check, many reach the checks and fail, some are malformed.
    expect(seen.valid).toBeGreaterThan(0);
    expect(seen.invalid).toBeGreaterThan(500);
    expect(seen.malformed).toBeGreaterThan(100);
  });
});

// ---- random policies ----

const pemArb = fc.constantFrom(keys.rsa.pem, keys.p256.pem, keys.ed25519.pem, keys.rsa1024.pem, keys.ed448.pem, 'garbage',
  '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n', keys.p256.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
/** One field of a policy and a value for it: mostly well typed, sometimes junk. */
const policyFieldArb = fc.oneof(
  fc.tuple(fc.constant('secret'), mostly(fc.oneof(fc.constant(keys.secret), fc.string({ minLength: 1, maxLength: 40 })), fc.jsonValue({ maxDepth: 1 }))),
  fc.tuple(fc.constant('secret_encoding'), mostly(fc.constantFrom('utf8', 'base64url'), fc.jsonValue({ maxDepth: 1 }))),
  fc.tuple(fc.constant('public_key'), mostly(pemArb, fc.jsonValue({ maxDepth: 1 }))),
  fc.tuple(fc.constant('issuer'), mostly(fc.constantFrom(ISSUER, `${ISSUER}/`, ISSUER.toUpperCase()), fc.jsonValue({ maxDepth: 1 }))),
  fc.tuple(fc.constant('audiences'), mostly(fc.array(fc.constantFrom(AUDIENCE, 'x', 'y'), { minLength: 1, maxLength: 3 }), fc.jsonValue({ maxDepth: 1 }))),
  fc.tuple(fc.constant('allowed_algs'), mostly(fc.array(fc.constantFrom(...JWS_ALGORITHMS, 'none'), { minLength: 1, maxLength: 4 }), fc.array(fc.string({ maxLength: 6 }), { maxLength: 3 }))),
  fc.tuple(fc.constant('required_claims'), mostly(fc.array(fc.constantFrom('sub', 'jti', 'tenant', 'iss'), { maxLength: 3 }), fc.jsonValue({ maxDepth: 1 }))),
  fc.tuple(fc.constant('required_scopes'), mostly(fc.array(fc.constantFrom('read', 'write', 'admin'), { maxLength: 3 }), fc.jsonValue({ maxDepth: 1 }))),
  fc.tuple(fc.constant('required_custom_claims'), mostly(fc.dictionary(fc.constantFrom('tenant', 'groups', 'org', 'sub'), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }), fc.jsonValue({ maxDepth: 1 }))),
  fc.tuple(fc.constant('max_ttl_seconds'), mostly(fc.integer({ min: 1, max: 100_000 }), fc.oneof(fc.integer({ min: -5, max: 0 }), fc.double(), fc.jsonValue({ maxDepth: 0 })))),
  fc.tuple(fc.constant('clock_skew_seconds'), mostly(fc.integer({ min: 0, max: 86_400 }), fc.oneof(fc.integer({ min: -5, max: 100_000 }), fc.double(), fc.jsonValue({ maxDepth: 0 })))),
  fc.tuple(fc.constant('token_type'), mostly(fc.constantFrom('JWT', 'at+jwt'), fc.jsonValue({ maxDepth: 0 }))),
  fc.tuple(fc.constantFrom('audience', 'unknown'), fc.jsonValue({ maxDepth: 0 })),
  fc.tuple(fc.constantFrom('delete:secret', 'delete:public_key', 'delete:issuer', 'delete:audiences', 'delete:allowed_algs'), fc.constant(null)),
);

function applyFields(policy: Record<string, unknown>, fields: [string, unknown][]): Record<string, unknown> {
  const out = { ...policy };
  for (const [k, v] of fields) {
    if (k.startsWith('delete:')) delete out[k.slice(7)];
    else out[k] = v;
  }
  return out;
}

describe('property: random policy shapes and bodies', () => {
  it('always a contract response or a typed error (1,500 runs)', async () => {
    const seen = { response: 0, malformed: 0, 'invalid-request': 0 };
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...BASE_ALGS), fc.array(policyFieldArb, { maxLength: 4 }), fc.nat(4).map((n) => n === 0), async (alg, fields, withProfile) => {
        const original = base[alg] as { token: string; policy: ReturnType<typeof policyFor> };
        const request: Record<string, unknown> = { token: original.token, policy: applyFields({ ...original.policy }, fields) };
        if (withProfile) request.issuer_profile_id = 'p';
        seen[(await outcome(request)).kind]++;
      }),
      { numRuns: 1500 },
    );
    expect(seen['invalid-request']).toBeGreaterThan(100);
    expect(seen.response).toBeGreaterThan(300);
  });
  it('arbitrary JSON bodies never escape the typed errors (500 runs)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.record({ token: fc.jsonValue({ maxDepth: 1 }), policy: fc.jsonValue({ maxDepth: 2 }), issuer_profile_id: fc.jsonValue({ maxDepth: 0 }) }, { requiredKeys: [] })), async (b) => {
        await outcome(b);
      }),
      { numRuns: 500 },
    );
  });
});
