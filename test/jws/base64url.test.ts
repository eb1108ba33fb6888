import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeStrictBase64url, isStrictBase64url } from '../../src/engine/jws/base64url.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

describe('isStrictBase64url', () => {
  it('accepts the empty string and canonical encodings', () => {
    expect(isStrictBase64url('')).toBe(true);
    expect(isStrictBase64url('AA')).toBe(true); // one zero byte
    expect(isStrictBase64url('AAA')).toBe(true); // two zero bytes
    expect(isStrictBase64url('AAAA')).toBe(true);
    expect(isStrictBase64url('-_-_')).toBe(true);
  });
  it('refuses padding, the standard alphabet, whitespace and non-ASCII', () => {
    for (const s of ['AA==', 'AAA=', 'AB+/', 'AB/C', 'AB C', 'AB\nC', 'ABé', 'AB\u0000C', 'A.BC', 'ＡＡ']) expect(isStrictBase64url(s), s).toBe(false);
  });
  it('refuses a length of 1 mod 4 (no byte string encodes to it)', () => {
    expect(isStrictBase64url('A')).toBe(false);
    expect(isStrictBase64url('AAAAA')).toBe(false);
  });
  it('refuses non-canonical trailing bits: "AB" (0x00 plus a stray bit) and "AAB"', () => {
    expect(Buffer.from('AB', 'base64url')).toEqual(Buffer.from('AA', 'base64url')); // Node decodes both the same
    expect(isStrictBase64url('AB')).toBe(false);
    expect(isStrictBase64url('AAB')).toBe(false);
    expect(isStrictBase64url('AQ')).toBe(true); // 0x01
    expect(isStrictBase64url('AAE')).toBe(true); // 0x00 0x01
  });
  it('property: strict ⇔ decoding then re-encoding gives the same text (one encoding per byte string)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...ALPHABET, '=', '+', '/', ' ', 'é'), maxLength: 24 }), (s) => {
        const canonical = Buffer.from(s, 'base64url').toString('base64url') === s && /^[A-Za-z0-9_-]*$/.test(s);
        expect(isStrictBase64url(s)).toBe(canonical);
      }),
      { numRuns: 3000 },
    );
  });
  it('property: every byte string encodes to a strict string that decodes back', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), (bytes) => {
        const s = Buffer.from(bytes).toString('base64url');
        expect(isStrictBase64url(s)).toBe(true);
        expect(decodeStrictBase64url(s)?.equals(Buffer.from(bytes))).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('decodeStrictBase64url', () => {
  it('returns undefined for a non-strict string', () => {
    expect(decodeStrictBase64url('AB==')).toBeUndefined();
    expect(decodeStrictBase64url('AB')).toBeUndefined();
  });
  it('decodes a strict string', () => {
    expect(decodeStrictBase64url('aGk')?.toString()).toBe('hi');
  });
});
