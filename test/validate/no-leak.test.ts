/**
 * Secrets never leak: across failing requests, neither the response nor the error (message,
 * errors[], stack) contains the secret, the PEM body, or the token.
 */
import { describe, expect, it } from 'vitest';
import { validateJwt } from '../../src/engine/validate/validate.ts';
import { NOW, body, claims, fixedContext, goodToken, jwt, policyFor, testKeys, withSignature } from '../helpers/tokens.ts';

const keys = testKeys();
const ctx = fixedContext();

const SECRET = 'Tr0ub4dor&3-correct-horse-battery-staple-0123456789';
const SHORT_SECRET = 'hunter2-short';

/** Distinctive fragments that must never appear: the full value plus long chunks of it. */
function fragments(value: string): string[] {
  const out = [value];
  const flat = value.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
  for (let i = 0; i + 24 <= flat.length; i += 24) out.push(flat.slice(i, i + 24));
  return out;
}

async function outcome(request: unknown): Promise<string> {
  try {
    return JSON.stringify(await validateJwt(request, ctx));
  } catch (e) {
    const err = e as Error & { errors?: unknown; code?: string };
    return JSON.stringify({ name: err.name, code: err.code, message: err.message, errors: err.errors, stack: err.stack, string: String(err) });
  }
}

const privatePem = keys.rsa.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const ecPrivatePem = keys.p256.privateKey.export({ type: 'sec1', format: 'pem' }).toString();

interface Case {
  name: string;
  request: () => Record<string, unknown>;
  secrets: () => string[];
}

const cases: Case[] = [
  {
    name: 'bad HMAC signature',
    request: () => body(jwt('HS256', { key: 'attacker' }), policyFor('HS256', { secret: SECRET })),
    secrets: () => [SECRET],
  },
  {
    name: 'weak secret warning',
    request: () => body(jwt('HS256', { key: SHORT_SECRET }), policyFor('HS256', { secret: SHORT_SECRET })),
    secrets: () => [SHORT_SECRET],
  },
  {
    name: 'HMAC secret with every claim failing',
    request: () => body(jwt('HS256', { payload: { iss: 'x', aud: 'y', exp: NOW - 1 }, key: SECRET }), policyFor('HS256', { secret: SECRET, required_claims: ['sub'], token_type: 'at+jwt' })),
    secrets: () => [SECRET],
  },
  {
    name: 'key mismatch (public key for HS256)',
    request: () => body(jwt('HS256', { key: keys.rsa.pem }), policyFor('RS256', { allowed_algs: ['HS256'] })),
    secrets: () => [keys.rsa.pem],
  },
  {
    name: 'key mismatch (secret for RS256)',
    request: () => body(goodToken('RS256'), policyFor('RS256', { public_key: undefined, secret: SECRET })),
    secrets: () => [SECRET],
  },
  {
    name: 'bad RSA signature',
    request: () => body(jwt('RS256', { key: keys.rsaOther.privateKey }), policyFor('RS256')),
    secrets: () => [keys.rsa.pem],
  },
  {
    name: '422: private key PEM as public_key',
    request: () => body(goodToken('RS256'), policyFor('RS256', { public_key: privatePem })),
    secrets: () => [privatePem],
  },
  {
    name: '422: EC private key PEM as public_key',
    request: () => body(goodToken('ES256'), policyFor('ES256', { public_key: ecPrivatePem })),
    secrets: () => [ecPrivatePem],
  },
  {
    name: '422: bad base64url secret',
    request: () => body(goodToken('HS256'), policyFor('HS256', { secret: `${SECRET}+/==`, secret_encoding: 'base64url' })),
    secrets: () => [SECRET],
  },
  {
    name: '422: both secret and public key',
    request: () => body(goodToken('RS256'), policyFor('RS256', { secret: SECRET })),
    secrets: () => [SECRET, keys.rsa.pem],
  },
  {
    name: '422: unknown field next to a secret',
    request: () => body(goodToken('HS256'), { ...policyFor('HS256', { secret: SECRET }), audience: 'x' }),
    secrets: () => [SECRET],
  },
  {
    name: '422: secret of the wrong type',
    request: () => body(goodToken('HS256'), { ...policyFor('HS256'), secret: [SECRET] }),
    secrets: () => [SECRET],
  },
  {
    name: '422: garbage PEM',
    request: () => body(goodToken('RS256'), policyFor('RS256', { public_key: keys.rsa.pem.replace('MII', 'XXX') })),
    secrets: () => [keys.rsa.pem.replace('MII', 'XXX')],
  },
  {
    name: '400: malformed token (duplicate header member) with a secret policy',
    request: () => body(jwt('HS256', { header: '{"alg":"HS256","alg":"none"}', key: SECRET }), policyFor('HS256', { secret: SECRET })),
    secrets: () => [SECRET],
  },
  {
    name: '400: non-canonical base64url signature',
    request: () => {
      const t = jwt('HS256', { key: SECRET });
      const s = t.split('.')[2] as string;
      return body(withSignature(t, `${s.slice(0, -1)}B`), policyFor('HS256', { secret: SECRET }));
    },
    secrets: () => [SECRET],
  },
];

describe('no secret, key or token in any response or error', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const request = c.request();
    const text = await outcome(request);
    const token = request.token as string;
    const forbidden = [...c.secrets().flatMap(fragments), token, token.split('.')[2] ?? '', token.split('.').slice(0, 2).join('.')].filter((f) => f.length >= 8);
    for (const f of forbidden) expect(text, `leaked ${f.slice(0, 16)}…`).not.toContain(f);
  });
  it('the checker itself catches a leak (guard against a vacuous test)', () => {
    const leaky = JSON.stringify({ message: `bad key ${keys.rsa.pem}` });
    expect(fragments(keys.rsa.pem).some((f) => leaky.includes(f))).toBe(true);
  });
  it('a PROFILE_NOT_FOUND response does not carry the token', async () => {
    const token = goodToken('RS256', { payload: claims({ secret_claim: 'do-not-echo-me-please' }) });
    const text = await outcome({ token, issuer_profile_id: 'p' });
    expect(text).not.toContain(token);
    expect(text).not.toContain('do-not-echo-me-please');
  });
});
