/**
 * The access line is written by hand (every request writes one), through one escaping helper: its bytes
 * must be exactly JSON.stringify's for any request id, endpoint and outcome, whatever checks made them.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accessMembers } from '../../src/server/log/access-line.ts';
import { jsonString } from '../../src/server/log/json-text.ts';

const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), fc.uuid(), fc.string({ unit: 'grapheme-ascii', maxLength: 40 }));

describe('jsonString', () => {
  it('writes any string as JSON.stringify does', () => {
    fc.assert(fc.property(text, (s) => {
      expect(jsonString(s)).toBe(JSON.stringify(s));
    }), { numRuns: 5000 });
    for (const odd of ['', '"', '\\', '\n', '\u0000', '\u001f', '\u007f', 'é', '\u2028', '\ud800', 'a"b\\c', '"},"status":500,"x":"']) {
      expect(jsonString(odd)).toBe(JSON.stringify(odd));
    }
  });
});

describe('accessMembers', () => {
  it('gives JSON.stringify\'s members for any id, endpoint, outcome, status and duration', () => {
    fc.assert(fc.property(text, text, text, fc.integer({ min: 0, max: 599 }), fc.option(fc.nat({ max: 1e12 }), { nil: undefined }), (id, endpoint, outcome, status, micros) => {
      const members = accessMembers({ requestId: id, endpoint, status, outcome, ...(micros === undefined ? {} : { durationMicros: micros }) });
      const expected: Record<string, unknown> = { request_id: id, endpoint, status, outcome };
      if (micros !== undefined) expected.duration_ms = micros / 1000;
      expect(`{${members}}`).toBe(JSON.stringify(expected));
    }), { numRuns: 3000 });
  });

  it('keeps a request id that tries to close the line inside its own string', () => {
    const members = accessMembers({ requestId: 'x","status":500,"y":"', endpoint: 'POST /v1/validate/jwt', status: 200, outcome: 'valid', durationMicros: 1500 });
    expect(JSON.parse(`{${members}}`)).toEqual({ request_id: 'x","status":500,"y":"', endpoint: 'POST /v1/validate/jwt', status: 200, outcome: 'valid', duration_ms: 1.5 });
  });
});
