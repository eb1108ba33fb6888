import { describe, expect, it } from 'vitest';
import { parseInstant } from '../../src/gate/config/instant.ts';

describe('parseInstant: RFC 3339 date-times on a real calendar', () => {
  it.each([
    ['2026-01-01T00:00:00Z', '2026-01-01T00:00:00.000Z'],
    ['2026-01-01t00:00:00z', '2026-01-01T00:00:00.000Z'],
    ['2026-01-01 00:00:00Z', '2026-01-01T00:00:00.000Z'],
    ['2026-01-01T05:30:00+05:30', '2026-01-01T00:00:00.000Z'],
    ['2025-12-31T19:00:00-05:00', '2026-01-01T00:00:00.000Z'],
    ['2026-01-01T00:00:00-00:00', '2026-01-01T00:00:00.000Z'],
    ['2026-01-01T00:00:00.5Z', '2026-01-01T00:00:00.500Z'],
    ['2026-01-01T00:00:00.123456789Z', '2026-01-01T00:00:00.123Z'],
    ['2024-02-29T12:00:00Z', '2024-02-29T12:00:00.000Z'],
    ['2000-02-29T00:00:00Z', '2000-02-29T00:00:00.000Z'],
    ['2026-04-30T23:59:59Z', '2026-04-30T23:59:59.000Z'],
    ['2026-12-31T23:59:59+23:59', '2026-12-31T00:00:59.000Z'],
  ])('accepts %s as %s', (text, iso) => {
    const parsed = parseInstant(text);
    expect(parsed.ok).toBe(true);
    expect(parsed.ok && new Date(parsed.ms).toISOString()).toBe(iso);
  });

  it('reads years below 100 as written, not as 19xx', () => {
    const parsed = parseInstant('0099-01-01T00:00:00Z');
    expect(parsed.ok && new Date(parsed.ms).getUTCFullYear()).toBe(99);
  });

  it.each([
    ['0', 'is not in that form'],
    ['March 7', 'is not in that form'],
    ['2026-01-01', 'is not in that form'],
    ['2026-01-01T00:00:00', 'is not in that form'],
    ['2026-01-01T00:00Z', 'is not in that form'],
    ['2026-1-01T00:00:00Z', 'is not in that form'],
    ['2026-01-01T00:00:00+0530', 'is not in that form'],
    ['2026-01-01T00:00:00.Z', 'is not in that form'],
    [' 2026-01-01T00:00:00Z', 'is not in that form'],
    ['2026-01-01T00:00:00Z\n', 'is not in that form'],
    ['2026-02-30T00:00:00Z', 'has day 30, but February 2026 has 28 days'],
    ['2026-02-29T00:00:00Z', 'has day 29, but February 2026 has 28 days'],
    ['1900-02-29T00:00:00Z', 'has day 29, but February 1900 has 28 days'],
    ['2026-04-31T00:00:00Z', 'has day 31, but April 2026 has 30 days'],
    ['2026-01-00T00:00:00Z', 'has day 00, but January 2026 has 31 days'],
    ['2026-13-01T00:00:00Z', 'has month 13, but months run from 01 to 12'],
    ['2026-00-01T00:00:00Z', 'has month 00, but months run from 01 to 12'],
    ['2026-01-01T24:00:00Z', 'has hour 24, but hours run from 00 to 23'],
    ['2026-01-01T00:60:00Z', 'has minute 60, but minutes run from 00 to 59'],
    ['2026-12-31T23:59:60Z', 'has second 60, but seconds run from 00 to 59'],
    ['2026-01-01T00:00:00+24:00', 'has the offset +24:00, but offsets run from 00:00 to 23:59'],
    ['2026-01-01T00:00:00-05:60', 'has the offset -05:60, but offsets run from 00:00 to 23:59'],
  ])('refuses %j: %s', (text, reason) => {
    expect(parseInstant(text)).toEqual({ ok: false, reason });
  });

  it.each([[0], [1767225600], [null], [new Date(0)], [['2026-01-01T00:00:00Z']]])('refuses the non-string %j', (value) => {
    expect(parseInstant(value)).toEqual({ ok: false, reason: 'is not a string in that form' });
  });
});
