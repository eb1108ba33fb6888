import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileStringLike, INDEXOF_MAX_SEGMENT, matchCost } from '../../src/engine/trust/string-like.ts';

const like = (pattern: string, value: string): boolean => compileStringLike(pattern).matches(value);

describe('AWS StringLike patterns', () => {
  it('* matches any run of characters, none included, and / and : too', () => {
    expect(like('repo:acme/app:*', 'repo:acme/app:ref:refs/heads/main')).toBe(true);
    expect(like('repo:acme/app:*', 'repo:acme/app:')).toBe(true);
    expect(like('repo:acme/*', 'repo:acme/other:pull_request')).toBe(true);
    expect(like('*', '')).toBe(true);
    expect(like('a*b*c', 'abc')).toBe(true);
    expect(like('a*b*c', 'axxbyyc')).toBe(true);
    expect(like('a*b*c', 'axxbyy')).toBe(false);
    expect(like('a*a', 'a')).toBe(false);
  });

  it('? matches exactly one character', () => {
    expect(like('v?', 'v1')).toBe(true);
    expect(like('v?', 'v')).toBe(false);
    expect(like('v?', 'v12')).toBe(false);
    expect(like('*?x', 'x')).toBe(false);
    expect(like('*?x', 'ax')).toBe(true);
    expect(like('a*?b?*c', 'a_b_c')).toBe(true);
  });

  it('everything else is literal and case-sensitive: no regular expression syntax', () => {
    expect(like('repo:acme/app.ref', 'repo:acme/appXref')).toBe(false);
    expect(like('a+b', 'aab')).toBe(false);
    expect(like('(x|y)', '(x|y)')).toBe(true);
    expect(like('[ab]', 'a')).toBe(false);
    expect(like('^acme$', '^acme$')).toBe(true);
    expect(like('\\d', '\\d')).toBe(true);
    expect(like('Repo:acme', 'repo:acme')).toBe(false);
  });

  it('reports whether it has a wildcard', () => {
    expect(compileStringLike('repo:acme/app:ref:refs/heads/main').wildcard).toBe(false);
    expect(compileStringLike('v?').wildcard).toBe(true);
    expect(compileStringLike('a*').wildcard).toBe(true);
  });

  it('never backtracks: a pattern made to blow up a backtracking matcher is answered at once', () => {
    // *a*a*…*b against aaaa…: a backtracking matcher tries every way to split the a's (exponential).
    const pattern = `${'*a'.repeat(500)}*b`;
    const value = 'a'.repeat(16_000);
    expect(like(pattern, value)).toBe(false);
    expect(like(pattern, `${value}b`)).toBe(true);
    const questions = `*${'a?'.repeat(200)}b`;
    expect(like(questions, 'a'.repeat(16_000))).toBe(false);
  });
});

/** The obviously-correct reference: a regular expression, `*` any run, `?` any one code unit, all else escaped. */
function reference(pattern: string): RegExp {
  const body = [...pattern].map((c) => (c === '*' ? '[\\s\\S]*' : c === '?' ? '[\\s\\S]' : c.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&'))).join('');
  return new RegExp(`^${body}$`);
}

describe('AWS StringLike patterns against a regular-expression reference', () => {
  it('agree on random patterns and values over a small alphabet', () => {
    const pattern = fc.string({ unit: fc.constantFrom('a', 'b', '.', '*', '?'), maxLength: 14 });
    const value = fc.string({ unit: fc.constantFrom('a', 'b', '.', '\u0101'), maxLength: 24 });
    fc.assert(fc.property(pattern, value, (p, v) => {
      expect(compileStringLike(p).matches(v)).toBe(reference(p).test(v));
    }), { numRuns: 20_000 });
  });

  it('agree on long segments (several 32-bit words, literal ones past indexOf), patterns cut from the value', () => {
    // A value, and a pattern made from it: runs replaced by *, characters by ?, and now and then one
    // character changed, so both matches and near misses come with segments of up to hundreds of characters.
    const edit = fc.record({ at: fc.nat(), kind: fc.constantFrom('star', 'question', 'question', 'change'), length: fc.nat({ max: 6 }) });
    const arbitrary = fc.tuple(fc.string({ unit: fc.constantFrom('a', 'b', 'c', '\u0100', '\u4e00'), minLength: 1, maxLength: 400 }), fc.array(edit, { maxLength: 12 }));
    fc.assert(fc.property(arbitrary, ([value, edits]) => {
      let p = value;
      for (const e of edits) {
        const at = e.at % p.length;
        if (e.kind === 'star') p = `${p.slice(0, at)}*${p.slice(at + e.length)}`;
        else if (e.kind === 'question') p = `${p.slice(0, at)}?${p.slice(at + 1)}`;
        else p = `${p.slice(0, at)}${p[at] === 'a' ? 'b' : 'a'}${p.slice(at + 1)}`;
        if (p === '') p = '*';
      }
      expect(compileStringLike(p).matches(value)).toBe(reference(p).test(value));
      // The same pattern, tried on a value with room to search: both ends kept, the middle doubled.
      const longer = value.slice(0, value.length >> 1) + value + value.slice(value.length >> 1);
      expect(compileStringLike(p).matches(longer)).toBe(reference(p).test(longer));
    }), { numRuns: 3_000 });
  });

  it('find a long segment across word boundaries and after false starts', () => {
    for (const length of [31, 32, 33, 63, 64, 65, 100, 129, 200, 1000]) {
      const segment = `${'a'.repeat(length - 1)}b`;
      const value = `x${'a'.repeat(3 * length)}b${'a'.repeat(length)}y`;
      const withQuestion = `?${segment.slice(1)}`;
      for (const middle of [segment, withQuestion]) {
        expect(compileStringLike(`x*${middle}*y`).matches(value)).toBe(true);
        expect(compileStringLike(`x*${middle}*b*y`).matches(value)).toBe(false);
        expect(compileStringLike(`x*${middle}a*y`).matches(value)).toBe(true);
        expect(compileStringLike(`x*${middle}${'a'.repeat(length)}y`).matches(value)).toBe(true);
        expect(compileStringLike(`x*${middle}${'a'.repeat(length + 1)}y`).matches(value)).toBe(false);
      }
    }
  });
});

describe('StringLike cost', () => {
  it('weight: 1, plus ceil(length / 32) for each segment between stars searched bit-parallel', () => {
    expect(compileStringLike('repo:acme/app:ref:refs/heads/main').weight).toBe(1);
    expect(compileStringLike('repo:acme/app:*').weight).toBe(1);
    expect(compileStringLike('*:ref:refs/heads/*').weight).toBe(1);
    // Segments anchored at either end are compared in place, once.
    expect(compileStringLike('v?').weight).toBe(1);
    expect(compileStringLike('repo:acme/*:environment:prod-?').weight).toBe(1);
    expect(compileStringLike(`${'?'.repeat(100)}*${'?'.repeat(100)}`).weight).toBe(1);
    // Between stars: a `?` makes the segment bit-parallel, one word per 32 characters.
    expect(compileStringLike('*?*').weight).toBe(2);
    expect(compileStringLike(`*?${'a'.repeat(31)}*`).weight).toBe(2);
    expect(compileStringLike(`*?${'a'.repeat(32)}*`).weight).toBe(3);
    expect(compileStringLike(`*?${'a'.repeat(1000)}b*`).weight).toBe(1 + 32);
    expect(compileStringLike('*a?*b?*c').weight).toBe(3);
    // A literal segment is searched with indexOf up to INDEXOF_MAX_SEGMENT characters, bit-parallel past it.
    expect(compileStringLike(`*${'a'.repeat(INDEXOF_MAX_SEGMENT)}*`).weight).toBe(1);
    expect(compileStringLike(`*${'a'.repeat(INDEXOF_MAX_SEGMENT + 1)}*`).weight).toBe(1 + Math.ceil((INDEXOF_MAX_SEGMENT + 1) / 32));
    expect(compileStringLike(`${'*a'.repeat(500)}*`).weight).toBe(1);
    // Empty segments (`**`) cost nothing.
    expect(compileStringLike('a****b').weight).toBe(1);
    expect(compileStringLike('a**?**b').weight).toBe(2);
  });

  it('matchCost is (value length + pattern length) × weight', () => {
    const plain = compileStringLike('repo:acme/*');
    expect(matchCost(0, plain)).toBe(11);
    expect(matchCost(16_384, plain)).toBe(16_384 + 11);
    const costly = compileStringLike(`*?${'a'.repeat(62)}*`);
    expect(costly.weight).toBe(3);
    expect(matchCost(1000, costly)).toBe((1000 + 65) * 3);
  });
});
