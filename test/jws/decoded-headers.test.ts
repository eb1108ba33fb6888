/**
 * Tokens that share a header segment share its decoding: the remembered header must be exactly what a
 * fresh decoding gives, read-only, and a header that was refused must be refused every time.
 */
import { describe, expect, it } from 'vitest';
import { MalformedTokenError } from '../../src/engine/errors.ts';
import { parseJwt } from '../../src/engine/jws/compact.ts';
import { segment } from '../helpers/tokens.ts';

const header = segment({ alg: 'RS256', kid: 'shared', typ: 'JWT' });

describe('decoded headers', () => {
  it('two tokens with one header segment get one frozen header, equal to a fresh decoding', () => {
    const a = parseJwt(`${header}.${segment({ sub: 'a' })}.c2ln`);
    const b = parseJwt(`${header}.${segment({ sub: 'b' })}.c2ln`);
    expect(b.header).toBe(a.header);
    expect(Object.isFrozen(a.header)).toBe(true);
    expect(a.header).toEqual({ alg: 'RS256', kid: 'shared', typ: 'JWT' });
    expect([a.payload, b.payload]).toEqual([{ sub: 'a' }, { sub: 'b' }]);
  });

  it('a remembered header is frozen through and through: nested members too', () => {
    const nested = segment({ alg: 'RS256', jwk: { kty: 'RSA', key_ops: ['verify'] }, crit: ['exp'] });
    const { header: shared } = parseJwt(`${nested}.${segment({ sub: 'a' })}.c2ln`);
    expect(parseJwt(`${nested}.${segment({ sub: 'b' })}.c2ln`).header).toBe(shared);
    const jwk = shared.jwk as { key_ops: string[] };
    expect([Object.isFrozen(shared), Object.isFrozen(jwk), Object.isFrozen(jwk.key_ops), Object.isFrozen(shared.crit)]).toEqual([true, true, true, true]);
    expect(() => jwk.key_ops.push('sign')).toThrow(TypeError);
  });

  it('a refused header is never remembered: refused again, with the same reason', () => {
    const bad = segment('{"alg":"RS256","alg":"none"}');
    for (let i = 0; i < 2; i++) {
      expect(() => parseJwt(`${bad}.${segment({})}.c2ln`)).toThrow(new MalformedTokenError('The JWT header repeats the member name "alg".'));
    }
    const noAlg = segment({ typ: 'JWT' });
    for (let i = 0; i < 2; i++) expect(() => parseJwt(`${noAlg}.${segment({})}.c2ln`)).toThrow(MalformedTokenError);
  });

  it('a remembered header does not excuse the rest of the token', () => {
    parseJwt(`${header}.${segment({ sub: 'ok' })}.c2ln`);
    expect(() => parseJwt(`${header}.${segment('{"sub":"a","sub":"b"}')}.c2ln`)).toThrow(MalformedTokenError);
    expect(() => parseJwt(`${header}.${segment({ sub: 'ok' })}.c2l=`)).toThrow(MalformedTokenError);
    expect(() => parseJwt(`${header}.${segment({ sub: 'ok' })}`)).toThrow(MalformedTokenError);
  });
});
