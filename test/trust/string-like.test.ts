import { describe, expect, it } from 'vitest';
import { compileStringLike } from '../../src/engine/trust/string-like.ts';

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
