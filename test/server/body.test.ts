import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isJsonContentType, MAX_JSON_DEPTH, parseJsonBody, scanJson } from '../../src/server/http/body.ts';

describe('scanJson', () => {
  it.each([
    ['{"a":1,"a":2}', 'a'],
    ['{"a":1,"\\u0061":2}', 'a'],
    ['{"x":{"b":[1,{"c":1,"c":1}]}}', 'c'],
    ['{"a\\"b":1,"a\\"b":2}', 'a"b'],
    ['{"k":"v\\\\","k":1}', 'k'],
    ['{ "a" : 1 , "a" : 2 }', 'a'],
  ])('finds the duplicate in %s', (text, name) => {
    expect(scanJson(text)).toContain(`"${name}"`);
  });

  it.each([
    '{"a":1,"b":{"a":2}}',
    '{"a":"\\"a\\":1","b":"a"}',
    '{"a":"\\\\","b":"\\\\\\""}',
    '[{"a":1},{"a":1}]',
    '{"a":["a","a"],"b":"a:"}',
    '"just a string"',
  ])('accepts %s', (text) => {
    expect(scanJson(text)).toBeUndefined();
  });

  it('agrees with a decoded walk on random JSON (no false duplicate)', () => {
    fc.assert(fc.property(fc.jsonValue(), (v) => {
      expect(scanJson(JSON.stringify(v) ?? 'null')).toBeUndefined();
    }), { numRuns: 500 });
  });

  it('limits depth', () => {
    expect(scanJson(`${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`)).toBeUndefined();
    expect(scanJson(`${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`)).toContain('deeper');
  });
});

describe('parseJsonBody', () => {
  it('never quotes the input in its message', () => {
    const r = parseJsonBody('{"token":"eyJhbGciOiJIUzI1NiJ9.secret-part"');
    expect(r).toEqual({ ok: false, pointer: '', message: 'the request body is not valid JSON' });
  });
});

describe('isJsonContentType', () => {
  it.each([
    ['application/json', true], ['Application/JSON', true], ['application/json;charset=utf-8', true], ['application/json; charset="UTF-8"', true],
    ['application/merge-patch+json', true], ['application/json; charset=utf-16', false], ['text/json', false], ['application/jsonx', false],
    ['', false], [undefined, false], ['application/+json', false],
  ])('%s -> %s', (value, expected) => {
    expect(isJsonContentType(value)).toBe(expected);
  });
});
