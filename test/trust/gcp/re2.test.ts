/**
 * The RE2 subset of `matches()`, by example, each rule written from the documentation that states it:
 * CEL's language definition (a match succeeds on any substring; anchors pin it) and RE2's syntax page
 * (`.` without the s flag is not a newline; `$` is the end of the text, like `\z`; `\d \w \s` are ASCII
 * classes, `\s` without the vertical tab; a negated class matches a newline; characters are code
 * points). Then: what is outside the subset is reported, matching stays linear on patterns that make
 * backtracking engines explode, and the StringLike approximations match a superset.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { approximate } from '../../../src/engine/trust/gcp/re2-approx.ts';
import { compileRe2 } from '../../../src/engine/trust/gcp/re2-match.ts';
import { parseRegex } from '../../../src/engine/trust/gcp/re2-parse.ts';
import { compileStringLike } from '../../../src/engine/trust/string-like.ts';
import { referenceMatches } from './reference.ts';

function matches(value: string, pattern: string): boolean {
  const parsed = parseRegex(pattern);
  if (!parsed.ok) throw new Error(`${pattern}: ${parsed.why}`);
  return compileRe2(pattern, parsed.node).matches(value);
}

/** [value, pattern, RE2's answer, the rule]. */
const TABLE: readonly [string, string, boolean, string][] = [
  ['foobar', 'foo.*', true, 'CEL: "foobar".matches("foo.*") is true'],
  ['evilacme/app', 'acme/app', true, 'CEL: a match of any substring succeeds'],
  ['acme/app-evil', 'acme/app', true, 'CEL: the end is open too without $'],
  ['evilacme/app', '^acme/app$', false, 'CEL: ^ and $ force a full match'],
  ['acme/app', '^acme/app$', true, 'CEL: ^ and $ force a full match'],
  ['anything', '', true, 'the empty pattern matches the empty substring'],
  ['a\nb', 'a.b', false, 'RE2: . is any character but a newline (s=false)'],
  ['a\rb', 'a.b', true, 'RE2: . matches a carriage return'],
  ['a\nb', 'a[^x]b', true, 'RE2: a negated class matches a newline'],
  ['a\nb', 'a\\Sb', false, 'RE2: \\S is not whitespace; newline is whitespace'],
  ['a\nb', 'a\\Db', true, 'RE2: \\D matches a newline'],
  ['abc\n', 'abc$', false, 'RE2: $ is the end of the text (like \\z, not \\Z)'],
  ['x\nabc', '^abc', false, 'RE2: ^ is the start of the text without the m flag'],
  ['\u0663', '\\d', false, 'RE2: \\d is [0-9] only'],
  ['7', '^\\d$', true, 'RE2: \\d is [0-9]'],
  ['\u000b', '\\s', false, 'RE2: \\s is [\\t\\n\\f\\r ], without the vertical tab'],
  ['\f', '\\s', true, 'RE2: \\s has the form feed'],
  ['é', '\\w', false, 'RE2: \\w is [0-9A-Za-z_]'],
  ['_', '^\\w$', true, 'RE2: \\w has the underscore'],
  ['b', '^[a-c]$', true, 'RE2: a class range'],
  ['b', '^[^a-c]$', false, 'RE2: a negated class'],
  [']', '^[]a]$', true, 'RE2: ] first in a class is literal'],
  ['-', '^[a-]$', true, 'RE2: - last in a class is literal'],
  ['ac', '^ab*c$', true, 'RE2: * repeats zero or more times'],
  ['ac', '^ab+c$', false, 'RE2: + repeats one or more times'],
  ['abbc', '^ab?c$', false, 'RE2: ? is zero or one'],
  ['abbc', '^ab*?c$', true, 'RE2: a lazy quantifier matches the same strings'],
  ['lib', '^(app|lib)$', true, 'RE2: alternation in a group'],
  ['libx', '^(app|lib)$', false, 'RE2: the group is anchored at both ends'],
  ['lib', '^(?:app|lib)$', true, 'RE2: a non-capturing group'],
  ['lib', '^(?P<name>app|lib)$', true, 'RE2: a named group'],
  ['x', '^app|lib$', false, 'RE2: | has the lowest precedence'],
  ['xlib', '^app|lib$', true, 'RE2: | has the lowest precedence'],
  ['.', '^\\.$', true, 'RE2: an escaped punctuation character is itself'],
  ['x', '^\\.$', false, 'RE2: an escaped dot is not any character'],
  ['a/b', '^a\\/b$', true, 'RE2: \\/ is a slash'],
  ['😀', '^.$', true, 'RE2 reads code points: . matches one astral character'],
  ['😀', '^..$', false, 'RE2 reads code points: an astral character is one'],
  ['a{', 'a{', true, 'RE2: { that starts no repetition is literal'],
  ['a{x}', '^a{x}$', true, 'RE2: {x} is not a repetition'],
  ['\t', '^\\t$', true, 'RE2: \\t is a tab'],
];

describe('matches(): RE2 rules', () => {
  for (const [value, pattern, expected, rule] of TABLE) {
    it(`${JSON.stringify(value)}.matches(${JSON.stringify(pattern)}) is ${expected}: ${rule}`, () => {
      expect(matches(value, pattern)).toBe(expected);
      expect(referenceMatches(value, pattern)).toBe(expected);
    });
  }

  it('reports what is outside the subset, and what RE2 refuses, instead of guessing', () => {
    for (const pattern of ['a{2}', 'a{2,}', 'a{1,3}', '(?i)acme', '\\bacme', '\\pL', '[[:alpha:]]', '\\x41', '\\Qa\\E', '\\z']) {
      expect(parseRegex(pattern).ok, pattern).toBe(false);
    }
    for (const pattern of ['*a', 'a**', '(a', 'a)', '[a', '[z-a]', 'a\\']) {
      expect(parseRegex(pattern).ok, pattern).toBe(false);
    }
  });

  it('answers where a backtracking engine explodes (its cost is the bench\'s: npm run bench)', () => {
    const value = 'a'.repeat(20_000);
    for (const pattern of ['(a*)*b', '(a|a)*b', '(a+)+$b', '^(a|aa)*c']) expect(matches(value, pattern), pattern).toBe(false);
    expect(matches(`${value}b`, '(a*)*b')).toBe(true);
  });
});

describe('StringLike approximations of a pattern', () => {
  it('open ends become stars, classes ?, repeats *, top-level choices one pattern each', () => {
    const approx = (p: string): string[] => {
      const parsed = parseRegex(p);
      if (!parsed.ok) throw new Error(parsed.why);
      return approximate(parsed.node);
    };
    expect(approx('acme/app')).toEqual(['*acme/app*']);
    expect(approx('^acme/app$')).toEqual(['acme/app']);
    expect(approx('^repo:acme/app:ref:refs/heads/main')).toEqual(['repo:acme/app:ref:refs/heads/main*']);
    expect(approx('^acme/(app|lib)$')).toEqual(['acme/app', 'acme/lib']);
    expect(approx('^a[0-9]c$')).toEqual(['a?c']);
    expect(approx('^a.c$')).toEqual(['a*c']);
    expect(approx('^ab*c$')).toEqual(['a*c']);
    expect(approx('(^a|b)c$')).toEqual(['ac', '*bc']);
  });

  const ALPHABET = ['a', 'b', '/', '.', '\n', '😀'];
  const atom = fc.oneof(
    fc.constantFrom(...ALPHABET.map((c) => (c === '.' ? '\\.' : c === '\n' ? '\\n' : c))),
    fc.constantFrom('.', '[ab]', '[^a]', '\\d', '\\w', '\\s', '^', '$'),
  );
  const regex: fc.Arbitrary<string> = fc.letrec<{ re: string }>((tie) => ({
    re: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      atom,
      fc.tuple(tie('re'), fc.constantFrom('*', '+', '?', '')).map(([r, q]) => (q === '' ? r : `(${r})${q}`)),
      fc.tuple(tie('re'), tie('re')).map(([a, b]) => `${a}${b}`),
      fc.tuple(tie('re'), tie('re')).map(([a, b]) => `(${a}|${b})`),
    ),
  })).re;
  const value = fc.array(fc.constantFrom(...ALPHABET, '1', ' '), { maxLength: 8 }).map((cs) => cs.join(''));

  it('the automaton agrees with the reference matcher, and some approximation matches whatever the pattern does', () => {
    fc.assert(fc.property(regex, value, (pattern, text) => {
      const parsed = parseRegex(pattern);
      if (!parsed.ok) return;
      const actual = compileRe2(pattern, parsed.node).matches(text);
      expect(actual, `${JSON.stringify(text)}.matches(${JSON.stringify(pattern)})`).toBe(referenceMatches(text, pattern));
      if (actual) expect(approximate(parsed.node).some((a) => compileStringLike(a).matches(text)), `${pattern} on ${JSON.stringify(text)}`).toBe(true);
    }), { seed: 27_020, numRuns: 3000 });
  });
});
