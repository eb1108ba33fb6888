/**
 * The reading of a flexible credential's claims matching expression: the grammar Microsoft documents
 * (claims['NAME'] OPERATOR 'COMPARAND', clauses joined by and), what ends the reading (anything else:
 * the whole expression is then not evaluated), and that reading is linear in the expression's length.
 */
import { describe, expect, it } from 'vitest';
import { readExpression } from '../../../src/engine/trust/azure/expression.ts';

describe('readExpression', () => {
  it('reads Microsoft\'s examples as clauses joined by and', () => {
    expect(readExpression("claims['sub'] matches 'repo:contoso/contoso-repo:ref:refs/heads/*'")).toEqual({
      ok: true, clauses: [{ claim: 'sub', operator: 'matches', comparand: 'repo:contoso/contoso-repo:ref:refs/heads/*', at: 0 }],
    });
    const two = readExpression("claims['sub'] eq 'repo:contoso/contoso-repo:ref:refs/heads/main' and claims['repository_id'] eq '456789' and claims['job_workflow_ref'] matches 'foo-org/bar-repo/.github/workflows/*@refs/heads/main'");
    expect(two.ok && two.clauses.map((c) => [c.claim, c.operator, c.comparand])).toEqual([
      ['sub', 'eq', 'repo:contoso/contoso-repo:ref:refs/heads/main'],
      ['repository_id', 'eq', '456789'],
      ['job_workflow_ref', 'matches', 'foo-org/bar-repo/.github/workflows/*@refs/heads/main'],
    ]);
  });

  it('keeps the comparand as written, spaces, and the word and, included', () => {
    const read = readExpression("claims['sub'] eq 'organization:acme:project:Default Project:workspace:a and b:run_phase:apply'");
    expect(read.ok && read.clauses[0]?.comparand).toBe('organization:acme:project:Default Project:workspace:a and b:run_phase:apply');
  });

  it('takes surrounding and repeated white space, and any operator word (the caller judges it)', () => {
    const read = readExpression("  claims['sub']   startswith\t'repo:acme/'  and  claims['x'] eq ''  ");
    expect(read.ok && read.clauses.map((c) => [c.claim, c.operator, c.comparand])).toEqual([['sub', 'startswith', 'repo:acme/'], ['x', 'eq', '']]);
  });

  it.each([
    ['', 'empty'],
    ["claims['sub'] eq 'a' or claims['sub'] eq 'b'", '`and` only'],
    ["claims['sub'] eq 'a' AND claims['sub'] eq 'b'", '`and` only'],
    ["(claims['sub'] eq 'a')", 'claim lookup'],
    ["not claims['sub'] eq 'a'", 'claim lookup'],
    ["claims[\"sub\"] eq 'a'", 'claim lookup'],
    ["claims['sub'] eq \"a\"", 'single quotes'],
    ["claims['sub'] in ['a', 'b']", 'single quotes'],
    ["claims['sub'] eq 'it''s'", 'quote'],
    ["claims['sub'] eq 'a\\' and claims['sub'] eq 'b'", 'backslash'],
    ["claims['sub'] eq 'a", 'never closed'],
    ["claims['sub eq 'a'", 'plain name'],
    ["claims['sub']eq 'a'", 'space'],
    ["claims['sub'] eq'a'", 'space'],
    ["claims['sub'] matches 'repo:contoso/contoso-repo:ref:refs/heads/*'.", 'end of the expression'],
    ["claims['sub'] eq 'a' and", '`and`'],
  ])('does not read %j (%s)', (text, why) => {
    const read = readExpression(text);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.why).toContain(why);
  });

});
