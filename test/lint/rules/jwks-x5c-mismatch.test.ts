import { jwksX5cMismatch } from '../../../src/engine/lint/rules/jwks-x5c-mismatch.ts';
import { ecKey, expiringIn, rsaKey, x5cCertificate } from '../../audit/certs.ts';
import { runRule } from '../rule-tester.ts';

const signer = ecKey();
const other = ecKey();
const rsa = rsaKey();
const own = x5cCertificate(signer.privateKey, expiringIn(60));
const foreign = x5cCertificate(other.privateKey, expiringIn(60));
const rsaCert = x5cCertificate(rsa.privateKey, expiringIn(60));
/** The same RSA key with a leading zero byte on n: another spelling of the same key. */
const paddedN = Buffer.concat([Buffer.from([0]), Buffer.from(rsa.jwk.n as string, 'base64url')]).toString('base64url');

runRule(jwksX5cMismatch, {
  valid: [
    { name: 'is silent when the certificate holds the JWK\'s key', jwks: { keys: [{ ...signer.jwk, kid: 'k', x5c: [own] }] } },
    { name: 'compares keys, not spellings: a modulus with a leading zero byte is the same key', jwks: { keys: [{ ...rsa.jwk, n: paddedN, kid: 'r', x5c: [rsaCert] }] } },
    { name: 'is silent when the JWK\'s own members are broken (JWKS_INVALID reports it)', jwks: { keys: [{ kty: 'EC', crv: 'P-256', x: signer.jwk.x, kid: 'no-y', x5c: [foreign] }] } },
    { name: 'is not run offline', jwks: 'skipped' },
  ],
  invalid: [
    {
      name: 'fires when the certificate holds another key of the same type',
      jwks: { keys: [{ ...signer.jwk, kid: 'ok', x5c: [own] }, { ...signer.jwk, kid: 'swapped', x5c: [foreign] }] },
      findings: [{
        severity: 'error',
        message: 'The x5c certificate of JWKS key 1 (kid "swapped") holds a EC P-256 key that is not the JWK\'s EC P-256 key.',
        evidence: { field: '/jwks_uri', key_index: 1, kid: 'swapped', jwk_key: 'EC P-256', certificate_key: 'EC P-256' },
      }],
    },
    {
      name: 'fires when the certificate holds a key of another type',
      jwks: { keys: [{ ...rsa.jwk, kid: 'r', x5c: [own] }] },
      findings: [{ evidence: { field: '/jwks_uri', key_index: 0, kid: 'r', jwk_key: 'RSA 2048', certificate_key: 'EC P-256' } }],
    },
  ],
});
