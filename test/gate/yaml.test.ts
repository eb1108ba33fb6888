/**
 * loadYaml's own checks: YAML 1.2 only, every byte of text counted (a `!!binary` value included),
 * duplicate keys found after the size check, and one error for a bracket or quote never closed.
 */
import { describe, expect, it } from 'vitest';
import { loadYaml, MAX_YAML_TEXT } from '../../src/gate/config/yaml.ts';
import { duplicateKeyOffsets } from '../../src/gate/config/yaml-keys.ts';
import { findUnclosed } from '../../src/gate/config/yaml-unclosed.ts';

describe('the YAML version', () => {
  it('a %YAML 1.1 directive is one error at its line, and nothing is read', () => {
    const y = loadYaml('# comment\n%YAML 1.1\n---\nat: 2026-01-01T00:00:00Z\nx: yes\n');
    expect(y.errors).toEqual([{
      message: 'the file asks for another YAML version with a %YAML directive; oidc-gate reads YAML 1.2 only',
      position: { line: 2, column: 1 },
      remediation: 'Remove the %YAML directive (and the --- after it, if nothing else needs it): config files are read as YAML 1.2.',
    }]);
    expect(y.data).toBeUndefined();
  });

  it('%YAML 1.2 is read as usual', () => {
    expect(loadYaml('%YAML 1.2\n---\nx: yes\n').data).toEqual({ x: 'yes' });
  });
});

describe('text of a !!binary value counts', () => {
  it('an anchored binary value and its aliases pass the text limit and are refused', () => {
    const bytes = Math.ceil(MAX_YAML_TEXT / 4) + 1;
    const blob = Buffer.alloc(bytes, 0x41).toString('base64');
    expect(loadYaml(`a: &b !!binary ${blob}\nc: [*b, *b, *b]\n`).tooLarge).toBe('text');
    expect(loadYaml(`a: &b !!binary ${blob}\nc: [*b, *b]\n`).tooLarge).toBeUndefined();
  });
});

describe('duplicate keys', () => {
  it('are found in every map, each at its second spelling, in document order', () => {
    const y = loadYaml('a: 1\nb:\n  c: 1\n  c: 2\na: 3\nl:\n  - x: 1\n    x: 1\n');
    expect(y.errors.map((e) => [e.message, e.position.line, e.position.column])).toEqual([
      ['a key appears twice in one mapping (DUPLICATE_KEY)', 4, 3],
      ['a key appears twice in one mapping (DUPLICATE_KEY)', 5, 1],
      ['a key appears twice in one mapping (DUPLICATE_KEY)', 8, 5],
    ]);
  });

  it('1 and "1" are one key once read; distinct keys and an alias are not duplicates', () => {
    const y = loadYaml('1: a\n"1": b\n');
    expect(y.errors.map((e) => e.position.line)).toEqual([2]);
    expect(duplicateKeyOffsets(loadYaml('a: &x {k: 1}\nb: *x\nc: *x\n').doc.contents)).toEqual([]);
  });

  it('a map too large to check is refused by its size before any key is compared', () => {
    const many = Array.from({ length: 20_000 }, (_, i) => `k${i}: 0`).join('\n');
    const y = loadYaml(`${many}\nk0: 1\n`);
    expect(y.tooLarge).toBe('nodes');
    expect(y.errors).toEqual([]);
  });
});

describe('findUnclosed', () => {
  it.each([
    ['a: [1, 2\nb: 3\n', 3, '['],
    ['a: {x: 1\nb: 3\n', 3, '{'],
    ['a: [1, {b: 2]\n', 7, '{'],
    ['a: [1\nb: [2\n', 3, '['],
    ['a: "x\nb: 3\n', 3, '"'],
    ["a: 'it''s\nb: 3\n", 3, "'"],
  ])('%j: the opening at offset %i', (source, offset, opener) => {
    const found = findUnclosed(source);
    expect(found?.offset).toBe(offset);
    expect(found?.message).toContain(`the ${opener} here`);
  });

  it.each(['a: [1, {b: 2}]\n', 'a: "x\\"y"\n', "a: 'it''s'\n", 'a: plain text\n'])('none in %j', (source) => {
    expect(findUnclosed(source)).toBeUndefined();
  });
});
