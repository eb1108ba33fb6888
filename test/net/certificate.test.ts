/**
 * A certificate's notAfter is read from X509Certificate.validTo, the one form every supported Node line
 * has (validToDate is Node 22.10+; on Node 20 reading it crashed every successful HTTPS fetch).
 */
import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testPki } from './servers.ts';
import { certificateNotAfter } from '../../src/engine/net/certificate.ts';

const at = (validTo: string): string | undefined => certificateNotAfter({ validTo })?.toISOString();

describe('certificateNotAfter', () => {
  it('reads the form Node prints, OpenSSL\'s "Mon DD HH:MM:SS YYYY GMT", with the day padded by a space', () => {
    expect(at('Nov 27 12:00:00 2026 GMT')).toBe('2026-11-27T12:00:00.000Z');
    expect(at('Mar  1 00:00:05 2030 GMT')).toBe('2030-03-01T00:00:05.000Z');
    expect(at('Feb 29 23:59:59 2028 GMT')).toBe('2028-02-29T23:59:59.000Z');
    expect(at('Dec 31 23:59:59 9999 GMT')).toBe('9999-12-31T23:59:59.000Z');
    expect(at('Jan  1 00:00:00 1950 GMT')).toBe('1950-01-01T00:00:00.000Z');
    expect(at('Jun 15 08:30:00.25 2027 GMT')).toBe('2027-06-15T08:30:00.250Z');
  });

  it('reads ISO 8601 too, should a Node print it that way', () => {
    expect(at('2026-11-27T12:00:00.000Z')).toBe('2026-11-27T12:00:00.000Z');
  });

  it('is undefined for a date that does not exist or text that is no date', () => {
    for (const text of ['Feb 30 00:00:00 2026 GMT', 'Feb 29 00:00:00 2027 GMT', 'Foo 12 00:00:00 2026 GMT', '', 'never']) expect(at(text)).toBeUndefined();
  });

  it('agrees with validToDate where the Node running the tests has it', () => {
    const certificate = new X509Certificate(testPki().certPem);
    // eslint-disable-next-line no-restricted-properties -- compared with, where this Node has it
    const native = (certificate as { validToDate?: Date }).validToDate;
    expect(certificateNotAfter(certificate)).toBeInstanceOf(Date);
    if (native !== undefined) expect(certificateNotAfter(certificate)?.toISOString()).toBe(native.toISOString());
  });
});
