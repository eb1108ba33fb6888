/**
 * Redaction fails closed: a value that does not have the shape the request schema expects is
 * recorded as "[redacted]" and its strings are masked, since a secret written with a missing space
 * or one level off lands exactly there; a public_key is kept only when it is exactly one public key
 * PEM; and the members of an entry refused for an unknown key are masked before it is dropped.
 * The black-box runs of the same problems are in review-redaction.test.ts; these name each rule.
 */
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { entryValuesToMask, isPublicKeyText, profileValuesToMask, redactRequest, requestValuesToMask } from '../../src/gate/outputs/redact.ts';

const SECRET = 'S3cret-no-space-4b8c9d0e1f2a3b4c';
const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const PEM = publicKey.export({ type: 'spki', format: 'pem' }) as string;
const PKCS8 = privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64');

describe('a value of the wrong shape is redacted and masked', () => {
  it.each([
    ['a policy written as one string (secret:xyz, no space)', { policy: `secret:${SECRET}` }],
    ['a policy written as a list', { policy: [{ issuer: 'https://id.example' }, { secret: SECRET }] }],
    ['a map under a field that takes a string (token_type:)', { policy: { issuer: 'i', token_type: { secret: SECRET } } }],
    ['a map inside a list of strings', { policy: { issuer: 'i', audiences: ['api://x', { secret: SECRET }] } }],
    ['issuer_profile_id written as a map', { issuer_profile_id: { secret: SECRET } }],
  ])('%s', (_what, body) => {
    const request = { token: 'a.b.c', ...body };
    const out = JSON.stringify(redactRequest(request, 'validate'));
    expect(out).not.toContain(SECRET);
    expect(out).toContain('"[redacted]"');
    expect(requestValuesToMask(request, 'validate').some((m) => m.includes(SECRET))).toBe(true);
  });

  it('in a lint request too: alg_policy written as a string, an audience written as a map', () => {
    const request = { issuer: 'https://id.example', alg_policy: `client_secret:${SECRET}`, audiences: [{ k: SECRET }] };
    expect(redactRequest(request, 'lint')).toEqual({ issuer: 'https://id.example', alg_policy: '[redacted]', audiences: ['[redacted]'] });
    expect(requestValuesToMask(request, 'lint')).toEqual([`client_secret:${SECRET}`, SECRET]);
  });

  it('values of the right shape stay, so the request can be replayed', () => {
    const request = {
      token: 'a.b.c',
      policy: { issuer: 'https://id.example', audiences: ['api://x'], allowed_algs: ['ES256'], public_key: PEM, max_ttl_seconds: 600, required_custom_claims: { team: { any: ['shape'] } } },
    };
    expect(redactRequest(request, 'validate').policy).toEqual(request.policy);
    expect(requestValuesToMask(request, 'validate')).toEqual([]);
  });

  it('a number where an integer is expected is a shape error; a whole one is not', () => {
    expect((redactRequest({ token: 't', policy: { max_ttl_seconds: 1.5 } }).policy as Record<string, unknown>).max_ttl_seconds).toBe('[redacted]');
    expect((redactRequest({ token: 't', policy: { max_ttl_seconds: 60 } }).policy as Record<string, unknown>).max_ttl_seconds).toBe(60);
  });
});

describe('public_key is kept only as exactly one public key PEM', () => {
  it.each([
    ['text before the armor', `note: rotated in May\n${PEM}`],
    ['a private key under it', `${PEM}${PKCS8}\n`],
    ['two PEM blocks', `${PEM}${PEM}`],
  ])('%s is redacted and masked', (_what, value) => {
    expect(isPublicKeyText(value)).toBe(false);
    expect((redactRequest({ token: 't', policy: { public_key: value } }).policy as Record<string, unknown>).public_key).toBe('[redacted]');
  });

  it('a private key under the public one is masked line by line', () => {
    expect(requestValuesToMask({ token: 't', policy: { public_key: `${PEM}${PKCS8}\n` } }, 'validate')).toContain(PKCS8);
  });

  it('surrounding white space and CRLF line ends are fine', () => {
    expect(isPublicKeyText(`\n${PEM}\n\n  `)).toBe(true);
    expect(isPublicKeyText(PEM.replace(/\n/g, '\r\n'))).toBe(true);
  });
});

describe('an entry refused for an unknown key is masked before it is dropped', () => {
  it('a provider\'s client_secret, a sample\'s secrte, a profile\'s sekret', () => {
    expect(entryValuesToMask({ name: 'idp', issuer: 'https://id.example', client_secret: 'provider-client-secret-Ty6r' }, ['name', 'discover'], 'lint'))
      .toEqual(['provider-client-secret-Ty6r']);
    expect(entryValuesToMask({ name: 's', token: 'a.b.c', secrte: 'sample-secrte-value-Qm4n' }, ['name', 'token_file', 'expect', 'at'], 'validate'))
      .toEqual(['sample-secrte-value-Qm4n']);
    expect(profileValuesToMask({ id: 'p', issuer: 'https://id.example', sekret: 'profile-sekret-value-Lp0o' })).toEqual(['profile-sekret-value-Lp0o']);
  });

  it('the gate\'s own keys (name, expect, at, token_file) are not masked, and a profile\'s secret is, at any length', () => {
    expect(entryValuesToMask({ name: 'a-long-sample-name', token_file: 'tokens/a-long-file.jwt', expect: 'invalid', at: '2026-01-01T00:00:00Z' },
      ['name', 'token_file', 'expect', 'at'], 'validate')).toEqual([]);
    expect(profileValuesToMask({ id: 'p', secret: 'short' })).toEqual(['short']);
  });

  it('an entry that is not a map at all is masked whole', () => {
    expect(entryValuesToMask(`secret:${SECRET}`, ['name'], 'validate')).toEqual([`secret:${SECRET}`]);
  });
});
