/**
 * Vault's matching rules for JWT roles, as HashiCorp documents them, in a table: each row a role, a
 * token's claims and what Vault does with the login. Every row is run through the lint as a case (the
 * checker's outcome must be Vault's) and through the reference (vault-reference.ts), so the reference
 * used by the property test is pinned to the documentation too. The glob rows also run the matcher alone.
 */
import { describe, expect, it } from 'vitest';
import { createEngineContext } from '../../../src/engine/context.ts';
import { lintTrustPolicy } from '../../../src/engine/trust/lint.ts';
import { compileVaultGlob } from '../../../src/engine/trust/vault/glob.ts';
import { goGlob, referenceDecision } from './vault-reference.ts';
import { githubClaims, role, VAULT_AUDIENCE } from './vault-tester.ts';

type Row = [name: string, role: Record<string, unknown>, claims: Record<string, unknown>, vault: 'allow' | 'deny'];

const g = (bound: Record<string, unknown>): Record<string, unknown> => role({ bound_subject: '', bound_claims_type: 'glob', bound_claims: bound });
const s = (bound: Record<string, unknown>): Record<string, unknown> => role({ bound_subject: '', bound_claims: bound });

const ROWS: Row[] = [
  // bound_claims_type "string": the value must match exactly.
  ['string: the same value', s({ ref: 'refs/heads/main' }), githubClaims(), 'allow'],
  ['string: * is a plain character', s({ ref: 'refs/heads/*' }), githubClaims(), 'deny'],
  ['string: * matches only itself', s({ ref: 'refs/heads/*' }), githubClaims({ ref: 'refs/heads/*' }), 'allow'],
  ['string: letter case counts', s({ repository: 'Acme/App' }), githubClaims(), 'deny'],
  ['string: a list of values, any one', s({ ref: ['refs/heads/dev', 'refs/heads/main'] }), githubClaims(), 'allow'],
  ['string: a list of values, none', s({ ref: ['refs/heads/dev', 'refs/heads/qa'] }), githubClaims(), 'deny'],
  ['string: a claim the token lacks', s({ environment: 'production' }), githubClaims(), 'deny'],
  ['string: every bound claim must match', s({ repository: 'acme/app', ref: 'refs/heads/dev' }), githubClaims(), 'deny'],
  ['string: a list claim matches when one member does', s({ groups: 'deploy' }), githubClaims({ groups: ['read', 'deploy'] }), 'allow'],
  ['string: a list claim with no matching member', s({ groups: 'deploy' }), githubClaims({ groups: ['read'] }), 'deny'],
  ['string: a JSON Pointer of one claim', s({ '/repository': 'acme/app' }), githubClaims(), 'allow'],
  ['string: an empty list of values matches nothing', s({ ref: [] }), githubClaims(), 'deny'],
  // bound_claims_type "glob": * any run, ? and everything else literal, the whole value.
  ['glob: * at the end', g({ repository: 'acme/*' }), githubClaims({}, 'acme/other'), 'allow'],
  ['glob: * matches nothing too', g({ ref: 'refs/heads/main*' }), githubClaims(), 'allow'],
  ['glob: the whole value must match', g({ repository: 'acme/app' }), githubClaims({}, 'acme/app-fork'), 'deny'],
  ['glob: ? is a plain character', g({ ref: 'refs/heads/mai?' }), githubClaims(), 'deny'],
  ['glob: ? matches only itself', g({ ref: 'refs/heads/mai?' }), githubClaims({ ref: 'refs/heads/mai?' }), 'allow'],
  ['glob: ? with a star is still literal', g({ ref: 'refs/heads/*?' }), githubClaims(), 'deny'],
  ['glob: [] are plain characters', g({ ref: 'refs/heads/[a-z]*' }), githubClaims(), 'deny'],
  ['glob: a star in the middle', g({ sub: 'repo:acme/*:ref:refs/heads/main' }), githubClaims({}, 'acme/other'), 'allow'],
  ['glob: a star in the middle does not skip the end', g({ sub: 'repo:acme/*:ref:refs/heads/main' }), githubClaims({ sub: 'repo:acme/other:ref:refs/heads/main-x' }), 'deny'],
  ['glob: a list of globs, any one', g({ ref: ['refs/tags/*', 'refs/heads/ma*'] }), githubClaims(), 'allow'],
  ['glob: a list claim matches when one member does', g({ groups: 'team-*' }), githubClaims({ groups: ['read', 'team-ops'] }), 'allow'],
  ['glob: letter case counts', g({ repository: 'ACME/*' }), githubClaims(), 'deny'],
  // bound_audiences: the token's aud (a string or a list) must hold one of them.
  ['bound_audiences: aud is one of them', role({ bound_audiences: ['x', VAULT_AUDIENCE] }), githubClaims({ sub: 'repo:acme@1001/app@2002:ref:refs/heads/main' }), 'allow'],
  ['bound_audiences: a list aud holding one of them', role(), githubClaims({ sub: 'repo:acme@1001/app@2002:ref:refs/heads/main', aud: ['other', VAULT_AUDIENCE] }), 'allow'],
  ['bound_audiences: an aud not listed', role(), githubClaims({ sub: 'repo:acme@1001/app@2002:ref:refs/heads/main', aud: 'https://github.com/acme' }), 'deny'],
  ['bound_audiences: a token without aud', role(), githubClaims({ sub: 'repo:acme@1001/app@2002:ref:refs/heads/main', aud: undefined }), 'deny'],
  ['bound_audiences: compared exactly', role(), githubClaims({ sub: 'repo:acme@1001/app@2002:ref:refs/heads/main', aud: `${VAULT_AUDIENCE}/` }), 'deny'],
  ['no bound_audiences: a token with an aud is refused since 1.17, let in before it (the version is not known: allowed)', role({ bound_audiences: [] }), githubClaims({ sub: 'repo:acme@1001/app@2002:ref:refs/heads/main' }), 'allow'],
  ['no bound_audiences: a token without aud gets in', role({ bound_audiences: [] }), githubClaims({ sub: 'repo:acme@1001/app@2002:ref:refs/heads/main', aud: undefined }), 'allow'],
  ['no bound_audiences: an empty aud gets in', role({ bound_audiences: [] }), githubClaims({ sub: 'repo:acme@1001/app@2002:ref:refs/heads/main', aud: [] }), 'allow'],
  // bound_subject: sub must equal it.
  ['bound_subject: equal', role(), githubClaims({ sub: 'repo:acme@1001/app@2002:ref:refs/heads/main' }), 'allow'],
  ['bound_subject: another branch', role(), githubClaims({ sub: 'repo:acme@1001/app@2002:ref:refs/heads/dev' }), 'deny'],
  ['bound_subject: * is a plain character', role({ bound_subject: 'repo:acme@1001/app@2002:*' }), githubClaims({ sub: 'repo:acme@1001/app@2002:ref:refs/heads/main' }), 'deny'],
  // user_claim: the token must carry it.
  ['user_claim: present', s({ repository: 'acme/app', '/ref': 'refs/heads/main' }), githubClaims(), 'allow'],
  ['user_claim: a claim the token lacks', role({ bound_subject: '', user_claim: 'email', bound_claims: { repository: 'acme/app' } }), githubClaims(), 'deny'],
  ['user_claim: actor, as GitHub\'s guide sets it', role({ bound_subject: '', user_claim: 'actor', bound_claims: { repository: 'acme/app' } }), githubClaims(), 'allow'],
  // role_type.
  ['role_type oidc refuses a JWT login', role({ role_type: 'oidc' }), githubClaims({ sub: 'repo:acme@1001/app@2002:ref:refs/heads/main' }), 'deny'],
];

describe('Vault\'s matching rules (HashiCorp\'s JWT/OIDC auth method and API documentation)', () => {
  for (const [name, r, claims, vault] of ROWS) {
    it(name, async () => {
      expect(referenceDecision(r, claims), 'reference').toBe(vault);
      const res = await lintTrustPolicy({ vault_jwt_role: structuredClone(r), cases: [{ name, claims: structuredClone(claims), expect: vault }] }, createEngineContext());
      expect(res.metadata.cases[0]?.outcome, JSON.stringify(res.findings.map((f) => f.code))).toBe(vault);
    });
  }
});

describe('the glob matcher, against go-glob\'s algorithm', () => {
  const table: [string, string, boolean][] = [
    ['', '', true], ['', 'a', false], ['*', '', true], ['*', 'anything', true], ['**', 'x', true],
    ['a', 'a', true], ['a', 'A', false], ['a*', 'a', true], ['a*', 'ab', true], ['a*', 'ba', false],
    ['*a', 'ba', true], ['*a', 'ab', false], ['a*b', 'ab', true], ['a*b', 'axxb', true], ['a*b', 'a', false],
    ['ab*b', 'ab', false], ['a*ba', 'aba', true], ['a*b*c', 'abc', true], ['a*b*c', 'acb', false],
    ['?', '?', true], ['?', 'a', false], ['a?*', 'a?x', true], ['a?*', 'abx', false], ['*?', 'x?', true], ['*?', 'xy', false],
    ['*?*', 'a?b', true], ['*?*', 'ab', false], ['a*?*b', 'a??b', true], ['x*.*y', 'x..y', true], ['[ab]*', '[ab]c', true], ['[ab]*', 'ac', false],
  ];
  for (const [pattern, value, matches] of table) {
    it(`${JSON.stringify(pattern)} against ${JSON.stringify(value)}: ${matches}`, () => {
      expect(goGlob(pattern, value), 'go-glob').toBe(matches);
      expect(compileVaultGlob(pattern).matches(value), 'checker').toBe(matches);
    });
  }

  it('a long piece between stars with a ? (the Knuth-Morris-Pratt search)', () => {
    const piece = `${'ab'.repeat(80)}?${'ab'.repeat(20)}`;
    const pattern = `x*${piece}*y`;
    const hit = `x${'ab'.repeat(50)}${piece}zzy`;
    const miss = `x${'ab'.repeat(300)}y`;
    expect(compileVaultGlob(pattern).matches(hit)).toBe(true);
    expect(goGlob(pattern, hit)).toBe(true);
    expect(compileVaultGlob(pattern).matches(miss)).toBe(false);
    expect(goGlob(pattern, miss)).toBe(false);
    expect(compileVaultGlob(pattern).weight).toBe(3);
  });
});
