import { generateKeyPairSync, sign, verify } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rawEcdsaToDer, verifySignature } from '../src/engine/jws/verify.ts';

const CURVES = [
  { alg: 'ES256', curve: 'P-256', hash: 'sha256', size: 32 },
  { alg: 'ES384', curve: 'P-384', hash: 'sha384', size: 48 },
  { alg: 'ES512', curve: 'P-521', hash: 'sha512', size: 66 },
] as const;

describe('R‖S to DER re-encoding', () => {
  for (const c of CURVES) {
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: c.curve });
    const key = { type: 'public' as const, key: publicKey };

    it(`${c.alg}: agrees with Node's ieee-p1363 verification on real and mutated signatures`, () => {
      fc.assert(
        fc.property(fc.uint8Array({ minLength: 1, maxLength: 64 }), fc.nat(2 * c.size - 1), fc.integer({ min: 0, max: 255 }), (msg, at, byte) => {
          const data = Buffer.from(msg);
          const raw = sign(c.hash, data, { key: privateKey, dsaEncoding: 'ieee-p1363' });
          expect(verifySignature(c.alg, key, data, raw)).toBe(true);
          const mutated = Buffer.from(raw);
          mutated[at] = byte;
          const nodeSays = verify(c.hash, data, { key: publicKey, dsaEncoding: 'ieee-p1363' }, mutated);
          expect(verifySignature(c.alg, key, data, mutated)).toBe(nodeSays);
        }),
        { numRuns: 150 },
      );
    });

    it(`${c.alg}: zero, all-ones and high-bit halves encode as minimal DER INTEGERs and never verify`, () => {
      const data = Buffer.from('x');
      for (const fill of [0x00, 0xff, 0x80]) {
        const sig = Buffer.alloc(2 * c.size, fill);
        const der = rawEcdsaToDer(sig);
        expect(der[0]).toBe(0x30);
        expect(verifySignature(c.alg, key, data, sig)).toBe(false);
      }
      // r = s = 0: two INTEGER 0 (02 01 00), which OpenSSL refuses.
      expect(rawEcdsaToDer(Buffer.alloc(2 * c.size)).toString('hex')).toBe('3006020100020100');
    });
  }

  it('uses the long length form once the sequence passes 127 bytes (P-521)', () => {
    const sig = Buffer.alloc(132, 0xff);
    const der = rawEcdsaToDer(sig);
    expect([...der.subarray(0, 3)]).toEqual([0x30, 0x81, der.length - 3]);
    expect(der.length - 3).toBe(2 * (2 + 1 + 66));
  });
});
