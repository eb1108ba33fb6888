import { finding } from '../../findings.ts';
import type { Finding } from '../../types.ts';
import { SOURCES, trustExample } from '../examples.ts';
import { instance, valueMatches, type TrustRunCheck } from '../runs.ts';
import type { IssuerGrammar } from '../issuers/grammar.ts';
import { valueEvidence, type TrustStatementContext } from '../statement.ts';
import { hasWildcard } from '../subject.ts';

export const refWildcard: TrustRunCheck = {
  code: 'TRUST_REF_WILDCARD',
  severity: 'warning',
  title: 'A wildcard inside the branch, tag or environment part of sub (refs/heads/*, main*, environment:*)',
  docs: 'Reported for a StringLike sub whose context has a * or ?, and which the statement lets through: ref:refs/heads/* (any branch), ref:refs/heads/main* (also main-evil), ref:refs/tags/* (any tag), environment:* and environment:prod-? (any environment so named); and for StringEqualsIgnoreCase on a context, which admits refs/heads/MAIN beside refs/heads/main (git ref names are case-sensitive, so that is another branch). The evidence says one subject it admits. Other issuers: GitLab\'s ref_type:branch:ref:* or ref:main*, Buildkite\'s ref:refs/heads/*, HCP Terraform\'s run_phase:* (a plan run, which any speculative plan starts, gets what an apply gets), and CircleCI\'s second token with a * anywhere before vcs-ref/ (a branch name may hold slashes and end with the pinned tail).',
  why: 'Anyone with write access can push a branch or tag of any name, and a workflow that names an environment creates it when it does not exist, without protection rules. A wildcard there admits runs that no reviewer or protection rule stands in front of.',
  remediation: 'Name the protected branch or environment exactly: repo:acme/app:ref:refs/heads/main, repo:acme/app:environment:production. Protect it (branch protection or rulesets, environment reviewers).',
  securitySeverity: 5.3,
  example: trustExample('The deploy role admits any branch whose name starts with main.', ['claim_patterns: { sub: "repo:acme@1001/app@2002:ref:refs/heads/main*" }']),
  sources: [SOURCES.githubOidc, SOURCES.githubAws],
  check({ statement, binding, admits }) {
    const grammar = statement.grammar;
    if (grammar === undefined) return [];
    if (binding.kind === 'key') return keyedRunWildcards(statement, grammar);
    const { value: v, prefix, context } = binding;
    const shown = `The sub ${v.condition.operator} value "${v.condition.values[v.index] as string}"`;
    const findings: Finding[] = [];
    if (v.condition.match === 'StringEqualsIgnoreCase' && grammar.hasRunContext(context) && context !== context.toUpperCase()) {
      // Git ref and environment names are case-sensitive: REFS/HEADS/MAIN is another branch, unprotected.
      const example = otherCase(context);
      if (valueMatches(v, grammar.join(prefix, example)) && admits({ sub: grammar.join(prefix, example), ...grammar.runClaimsOf(example) })) {
        findings.push(finding(refWildcard, `${shown} ignores letter case: it admits ${example}, a different branch or environment that anyone who can push a branch or edit a workflow can create.`, { ...valueEvidence(v), admits: example }));
      }
    }
    if (v.condition.match === 'StringLike' && grammar.wildRun(context)) {
      // A run the issuer really issues, where one fits (plan beside apply); else the wildcard filled in.
      const real = grammar.runs.map((run) => run.context).find((c) => c !== context && valueMatches(v, grammar.join(prefix, c)) && admits({ sub: grammar.join(prefix, c), ...grammar.runClaimsOf(c) }));
      const example = grammar.anyRef ? instance(context) : real ?? instance(context);
      if (valueMatches(v, grammar.join(prefix, example)) && admits({ sub: grammar.join(prefix, example), ...grammar.runClaimsOf(example) })) {
        const part = /(^|:)environment:/.test(context) ? 'environment' : /(^|:)run_phase:/.test(context) || !grammar.anyRef ? 'run phase' : 'ref';
        const who = part === 'run phase'
          ? '; a plan run, which any speculative plan of the workspace (a pull request\'s included) starts, then gets what an apply gets'
          : ', which anyone who can push a branch or tag or edit a workflow can produce';
        findings.push(finding(refWildcard, `${shown} has a wildcard in its ${part} part: it admits ${example}${who}.`, { ...valueEvidence(v), admits: example }));
      }
    }
    return findings;
  },
};

/** The context with the name after its kind (`ref:`, `environment:`) in upper case: the same run to IgnoreCase, not to git. */
function otherCase(context: string): string {
  return context.replace(/((?:^|:)(?:ref|environment):)([^:]*)/g, (_all, kind: string, name: string) => `${kind}${name.toUpperCase()}`);
}

/**
 * A repository bound by a key (repository_id, project_id) whose run is chosen by another condition
 * key: a wildcard in that key's value (ref refs/heads/*, GitLab's ref auto-deploy-*, a run phase) admits
 * runs nobody reviewed, as it does in the sub.
 */
function keyedRunWildcards({ bindings }: TrustStatementContext, grammar: IssuerGrammar): Finding[] {
  const findings: Finding[] = [];
  for (const { condition: c, positive } of bindings) {
    if (!positive || c.match !== 'StringLike' || c.claim === 'sub' || !grammar.runClaims.has(c.claim)) continue;
    c.values.forEach((value, i) => {
      const example = instance(value);
      if (!hasWildcard(value) || c.patterns[i]?.matches(example) !== true) return;
      const phase = /phase/.test(c.claim);
      findings.push(finding(refWildcard, `The ${c.operator} condition on ${c.claim}, value "${value}", has a wildcard: it admits ${example}${phase
        ? '; a plan run, which any speculative plan of the workspace (a pull request\'s included) starts, then gets what an apply gets'
        : ', which anyone who can push a branch or tag or edit a workflow can produce'}.`, { field: c.valueFields[i] ?? c.field, operator: c.operator, value, admits: example }));
    });
  }
  return findings;
}
