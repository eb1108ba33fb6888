import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findDuplicateMember, scanForDuplicate } from '../src/engine/jws/json.ts';

/** Serialises an object with one member name repeated, optionally escaped or spaced (any JSON whitespace), as an attacker would. */
function withDuplicate(obj: Record<string, unknown>, name: string, escapeFirst: boolean, space: string): string {
  const members = Object.entries(obj).map(([k, v]) => `${JSON.stringify(k)}${space}:${JSON.stringify(v)}`);
  const escaped = escapeFirst ? `"${[...name].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}"` : JSON.stringify(name);
  members.push(`${escaped}:1`, `${JSON.stringify(name)}:2`);
  return `{${members.join(',')}}`;
}

describe('duplicate member detection', () => {
  const json = fc.jsonValue({ maxDepth: 3 });
  const object = fc.dictionary(fc.string({ maxLength: 6 }), json, { maxKeys: 6 });

  it('the fast path never hides a duplicate the full scan finds', () => {
    fc.assert(
      fc.property(object, fc.string({ minLength: 1, maxLength: 5 }), fc.boolean(), fc.constantFrom('', ' ', '\t', '\n', '\r', ' \r\n'), (obj, name, escapeFirst, space) => {
        const rest = Object.fromEntries(Object.entries(obj).filter(([k]) => k !== name));
        const text = withDuplicate(rest, name, escapeFirst, space);
        const parsed: unknown = JSON.parse(text);
        expect(scanForDuplicate(text)).toBeDefined();
        expect(findDuplicateMember(text, parsed)).toBeDefined();
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees with the full scan on documents without duplicates', () => {
    fc.assert(
      fc.property(object, (obj) => {
        const text = JSON.stringify(obj);
        expect(findDuplicateMember(text, obj)).toBe(scanForDuplicate(text));
        expect(findDuplicateMember(text, obj)).toBeUndefined();
      }),
      { numRuns: 2000 },
    );
  });

  it('counts only own members: a property added to Object.prototype cannot hide a duplicate', () => {
    const text = '{"alg":"RS256","alg":"none"}';
    const proto = Object.prototype as Record<string, unknown>;
    Object.defineProperty(proto, 'polluted', { value: 1, enumerable: true, configurable: true, writable: true });
    try {
      expect(findDuplicateMember(text, JSON.parse(text))).toBe('alg');
    } finally {
      delete proto.polluted;
    }
  });

  it('finds duplicates in nested objects, escaped names and spaced colons', () => {
    const cases: [string, string][] = [
      ['{"a":{"b":1,"b":2}}', 'b'],
      ['{"a":1,"\\u0061":2}', 'a'],
      ['{"a" :1,"a":2}', 'a'],
      // Each JSON whitespace character after a name's closing quote hides a `":` from the quick count.
      ['{"a"\t:1,"a":2}', 'a'],
      ['{"a"\n:1,"a":2}', 'a'],
      ['{"a"\r:1,"a":2}', 'a'],
      ['{"a":1,"a" :2}', 'a'],
      ['{"a":[":x"],"a":1}', 'a'],
      ['{"__proto__":1,"__proto__":2}', '__proto__'],
    ];
    for (const [text, name] of cases) expect(findDuplicateMember(text, JSON.parse(text))).toBe(name);
    expect(findDuplicateMember('{"a":"\\":","b":{"a":1}}', JSON.parse('{"a":"\\":","b":{"a":1}}'))).toBeUndefined();
  });
});
