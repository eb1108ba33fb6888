import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findDuplicateMember as find, scanForDuplicate } from '../../src/engine/jws/json.ts';

/** Both entry points: the public one (with its fast path) and the full scan must agree. */
function findDuplicateMember(text: string): string | undefined {
  const fast = find(text, JSON.parse(text));
  expect(scanForDuplicate(text)).toBe(fast);
  return fast;
}

describe('findDuplicateMember', () => {
  it.each([
    ['{"a":1,"a":2}', 'a'],
    ['{"alg":"RS256","alg":"none"}', 'alg'],
    ['{"a":1,"\\u0061":2}', 'a'],
    ['{"\\u0061":1,"a":2}', 'a'],
    ['{"\\u0061":1,"\\u0061":2}', 'a'],
    ['{"a" : 1 ,\n "a"\t:\r\n2}', 'a'],
    ['{"x":{"b":1,"b":2}}', 'b'],
    ['{"x":[{"c":1,"c":2}]}', 'c'],
    ['{"\\/":1,"/":2}', '/'],
    ['{"\\"":1,"\\u0022":2}', '"'],
    ['{"\\\\":1,"\\u005c":2}', '\\'],
    ['{"😀":1,"\\ud83d\\ude00":2}', '😀'],
    ['{"__proto__":1,"__proto__":2}', '__proto__'],
    ['{"":1,"":2}', ''],
  ])('%s repeats %j', (text, name) => {
    expect(() => JSON.parse(text) as unknown).not.toThrow();
    expect(findDuplicateMember(text)).toBe(name);
  });

  it.each([
    '{"a":1,"b":2}',
    '{"a":{"a":1}}',
    '{"a":[{"a":1},{"a":2}]}',
    '{"a":["a","a"]}',
    '{"a":"a","b":"a"}',
    '{"a":"\\",\\"a\\":","b":1}',
    '{"a":"\\\\","b":"\\\\\\""}',
    '{"x":"{\\"a\\":1,\\"a\\":2}"}',
    '{"a":1,"A":2}',
    '{"a":1,"a ":2}',
    '[{"a":1},{"a":1}]',
    '"a"',
    '{}',
  ])('%s has no duplicate', (text) => {
    expect(() => JSON.parse(text) as unknown).not.toThrow();
    expect(findDuplicateMember(text)).toBeUndefined();
  });

  it('property: JSON.stringify of any value has no duplicate member (compact and indented)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (v) => {
        expect(findDuplicateMember(JSON.stringify(v))).toBeUndefined();
        expect(findDuplicateMember(JSON.stringify(v, null, 2))).toBeUndefined();
      }),
      { numRuns: 2000 },
    );
  });

  it('property: appending a member that repeats an existing name (possibly escaped) is found', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ minLength: 1, maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { minKeys: 1, maxKeys: 5 }),
        fc.nat(),
        fc.boolean(),
        (obj, pick, escape) => {
          const names = Object.keys(obj);
          const name = names[pick % names.length] as string;
          const encoded = escape
            ? `"${[...name].map((ch) => `\\u${(ch.codePointAt(0) as number) > 0xffff ? '' : (ch.codePointAt(0) as number).toString(16).padStart(4, '0')}`).join('')}"`
            : JSON.stringify(name);
          // Supplementary characters are left as literal text when escaping.
          const key = escape && [...name].some((ch) => (ch.codePointAt(0) as number) > 0xffff) ? JSON.stringify(name) : encoded;
          const text = `${JSON.stringify(obj).slice(0, -1)},${key}:null}`;
          expect((JSON.parse(text) as Record<string, unknown>)[name]).toBeNull();
          expect(findDuplicateMember(text)).toBe(name);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
