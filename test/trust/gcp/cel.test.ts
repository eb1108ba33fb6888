/**
 * Reading attribute conditions, by example, from CEL's language definition: string literals (quotes,
 * escapes, raw and triple-quoted strings), field selection and indexing on `assertion`, `attribute`
 * and `google`, `==`, `!=`, `in`, `&&`, `||`, `!`, the string functions, `true` and `false`; how the
 * condition becomes disjuncts (negation pushed inward, `&&` distributed over `||`); what is kept as
 * an unknown test; and what is refused for its size.
 */
import { describe, expect, it } from 'vitest';
import { tokenize } from '../../../src/engine/trust/gcp/cel-lexer.ts';
import { MAX_ALTERNATIVES, readCondition, type Dnf } from '../../../src/engine/trust/gcp/cel-logic.ts';

/** The disjuncts in a short form: `claim op values`, `!` for a negated test, `?why` for an unknown one. */
function shape(source: string): string[][] | string {
  const r = readCondition(source);
  if (r.kind !== 'dnf') return r.kind;
  return (r.dnf as Dnf).map((conjunct) => conjunct.map(({ atom, negated }) => {
    const sign = negated ? '!' : '';
    if (atom.kind === 'unknown') return `${sign}?${source.slice(atom.span.at, atom.span.end)}`;
    const t = atom.test;
    const what = t.op === 'equals' ? t.values.join('|') : t.op === 'matches' ? t.pattern : t.value;
    return `${sign}${atom.ref.root}.${atom.ref.name} ${t.op} ${what}`;
  }));
}

describe('CEL string literals', () => {
  const value = (source: string): string => {
    const [t] = tokenize(source);
    if (t?.kind !== 'string') throw new Error(`${source} is not a string literal`);
    return t.text;
  };
  it.each([
    ['\'acme\'', 'acme'],
    ['"acme"', 'acme'],
    ['\'it\\\'s\'', 'it\'s'],
    ['"say \\"hi\\""', 'say "hi"'],
    ['\'\\x41\\u00e9\\U0001F600\'', 'Aé😀'],
    ['\'\\101\'', 'A'],
    ['\'a\\tb\\nc\\\\\'', 'a\tb\nc\\'],
    ['r\'\\d+\'', '\\d+'],
    ['R"\\n"', '\\n'],
    ['\'\'\'it\'s\'\'\'', 'it\'s'],
    ['"""two\nlines"""', 'two\nlines'],
  ])('%s is %j', (source, expected) => {
    expect(value(source)).toBe(expected);
  });

  it('bytes are not strings, and a broken literal is a syntax error', () => {
    expect(tokenize('b\'x\'')[0]?.kind).toBe('bytes');
    expect(shape('assertion.sub == \'open')).toBe('syntax');
    expect(shape('assertion.sub == \'\\q\'')).toBe('syntax');
    expect(shape('assertion.sub == \'a\nb\'')).toBe('syntax');
  });
});

describe('tests the checker evaluates', () => {
  it.each([
    ['assertion.repository_owner == \'acme\'', [['assertion.repository_owner equals acme']]],
    ['assertion[\'repository\'] == "acme/app"', [['assertion.repository equals acme/app']]],
    ['\'acme/app\' == assertion.repository', [['assertion.repository equals acme/app']]],
    ['attribute.repository != \'evil/app\'', [['!attribute.repository equals evil/app']]],
    ['google.subject == \'repo:acme/app:ref:refs/heads/main\'', [['google.subject equals repo:acme/app:ref:refs/heads/main']]],
    ['assertion.ref in [\'refs/heads/main\', \'refs/heads/release\']', [['assertion.ref equals refs/heads/main|refs/heads/release']]],
    ['\'admins\' in google.groups', [['google.groups member admins']]],
    ['assertion.sub.startsWith(\'repo:acme/\')', [['assertion.sub startsWith repo:acme/']]],
    ['assertion.sub.endsWith(\':environment:prod\')', [['assertion.sub endsWith :environment:prod']]],
    ['assertion.ref.contains(\'release\')', [['assertion.ref contains release']]],
    ['assertion.repository.matches(\'^acme/\')', [['assertion.repository matches ^acme/']]],
    ['matches(assertion.repository, \'^acme/\')', [['assertion.repository matches ^acme/']]],
    ['.assertion.sub == \'x\'', [['assertion.sub equals x']]],
  ])('%s', (source, expected) => {
    expect(shape(source)).toEqual(expected);
  });
});

describe('disjuncts', () => {
  it('&& joins tests, || makes alternatives, && distributes over ||', () => {
    expect(shape('assertion.a == \'1\' && assertion.b == \'2\'')).toEqual([['assertion.a equals 1', 'assertion.b equals 2']]);
    expect(shape('assertion.a == \'1\' || assertion.b == \'2\'')).toEqual([['assertion.a equals 1'], ['assertion.b equals 2']]);
    expect(shape('(assertion.a == \'1\' || assertion.b == \'2\') && (assertion.c == \'3\' || assertion.d == \'4\')')).toEqual([
      ['assertion.a equals 1', 'assertion.c equals 3'], ['assertion.a equals 1', 'assertion.d equals 4'],
      ['assertion.b equals 2', 'assertion.c equals 3'], ['assertion.b equals 2', 'assertion.d equals 4'],
    ]);
  });

  it('! is pushed to the tests (De Morgan), and double negation cancels', () => {
    expect(shape('!(assertion.a == \'1\' || assertion.b == \'2\')')).toEqual([['!assertion.a equals 1', '!assertion.b equals 2']]);
    expect(shape('!(assertion.a == \'1\' && assertion.b != \'2\')')).toEqual([['!assertion.a equals 1'], ['assertion.b equals 2']]);
    expect(shape('!!(assertion.a == \'1\')')).toEqual([['assertion.a equals 1']]);
    expect(shape('!(assertion.a in [])')).toEqual([[]]);
  });

  it('true and false: always, never, and what they absorb', () => {
    expect(shape('true')).toEqual([[]]);
    expect(shape('false')).toEqual([]);
    expect(shape('assertion.a == \'1\' || true')).toEqual([[]]);
    expect(shape('assertion.a == \'1\' && false')).toEqual([]);
    expect(shape('\'a\' == \'a\'')).toEqual([[]]);
    expect(shape('\'a\' in [\'b\']')).toEqual([]);
  });
});

describe('unknown tests: kept, named by their text, taken to admit', () => {
  it.each([
    'assertion.sub.size() > 3',
    'assertion.run_attempt == 1',
    'assertion.ref_protected == true',
    'assertion.x == assertion.y',
    'assertion.a.b == \'x\'',
    'has(assertion.environment)',
    'assertion.x.lowerAscii() == \'acme\'',
    '(assertion.a == \'x\' ? true : false)',
    'assertion.a in [\'x\', 1]',
    'assertion.sub',
  ])('%s', (source) => {
    const got = shape(source);
    expect(got).toEqual([[`?${source.startsWith('(') ? source.slice(1, -1) : source}`]]);
  });

  it('an unknown test inside a formula stays in its place', () => {
    expect(shape('assertion.repository == \'acme/app\' && assertion.sub.size() > 3')).toEqual([['assertion.repository equals acme/app', '?assertion.sub.size() > 3']]);
    expect(shape('!has(assertion.x)')).toEqual([['!?has(assertion.x)']]);
  });
});

describe('limits', () => {
  it(`more than ${MAX_ALTERNATIVES} alternatives, or nesting past 32, is refused`, () => {
    const seven = Array.from({ length: 7 }, (_, i) => `(assertion.a${i} == '1' || assertion.b${i} == '2')`).join(' && ');
    expect(shape(seven)).toBe('limit');
    const six = Array.from({ length: 6 }, (_, i) => `(assertion.a${i} == '1' || assertion.b${i} == '2')`).join(' && ');
    expect((shape(six) as string[][]).length).toBe(64);
    expect(shape(`${'('.repeat(33)}true${')'.repeat(33)}`)).toBe('limit');
    expect(shape(`${'('.repeat(30)}true${')'.repeat(30)}`)).toEqual([[]]);
    expect(shape(`${'!'.repeat(40)}true`)).toBe('limit');
  });
});
