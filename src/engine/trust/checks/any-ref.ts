import { finding } from '../../findings.ts';
import type { Finding } from '../../types.ts';
import type { MatchCondition } from '../conditions.ts';
import { SOURCES, trustExample } from '../examples.ts';
import type { IssuerGrammar } from '../issuers/grammar.ts';
import { instance, runAdmitted, type SubValueRuns, type TrustRunCheck } from '../runs.ts';
import { valueEvidence, type TrustStatementContext } from '../statement.ts';

export const anyRef: TrustRunCheck = {
  code: 'TRUST_ANY_REF',
  severity: 'warning',
  title: 'The role admits every branch, tag, environment and pull request of a repository',
  docs: 'After the repository, GitHub\'s sub names what the job runs for: :ref:refs/heads/BRANCH, :ref:refs/tags/TAG, :environment:NAME or :pull_request. A * there admits all of them, and so does a pattern that matches a branch, a tag, an environment and a pull request alike (repo:acme/app:?*), and a customised subject template without a context part (repo:acme/app), whose sub is the same for every run. Conditions on the ref and environment keys and Deny statements with one condition are taken into account. Other issuers: GitLab\'s project_path:GROUP/PROJECT:* (or a project\'s customised sub without ref), Buildkite\'s organization:ORG:pipeline:PIPELINE:*, and CircleCI\'s org/ORG/project/PROJECT/user/* or any sub of its first token, which names no branch (docs/trust/issuers.md).',
  why: 'Anyone who can push a branch or open a pull request from a branch of the repository can run a workflow that assumes the role, without review and without the protection rules of the environment the deploy is meant to run in.',
  remediation: 'Pin what the job runs for: repo:acme/app:environment:production (with the environment\'s protection rules) or repo:acme/app:ref:refs/heads/main.',
  securitySeverity: 6.5,
  example: trustExample('The deploy role admits any workflow run of acme/app.', ['claim_patterns: { sub: "repo:acme@1001/app@2002:*" }']),
  sources: [SOURCES.githubOidc],
  // A binding that admits every run has no run left to single out.
  final: true,
  check({ statement, binding }) {
    const grammar = statement.grammar;
    if (grammar?.anyRef !== true) return [];
    return binding.kind === 'sub' ? everyRunOfValue(binding, grammar) : everyRunOfKey(statement, binding.condition, grammar);
  },
};

function everyRunOfValue({ value: v, carriesRun, admitted }: SubValueRuns, grammar: IssuerGrammar): Finding[] {
  const kinds = grammar.runs.filter((run) => run.kind !== 'pull request');
  if (admitted.filter((run) => run.kind !== 'pull request').length !== kinds.length) return [];
  const what = grammar.runs.length === 4
    ? admitted.some((run) => run.kind === 'pull request') ? 'every branch, tag, environment and pull request' : 'every branch, tag and environment'
    : `every ${kinds.map((run) => run.kind).join(' and ')}`;
  const noContext = grammar.words.repository === 'repository' ? ' (its subject template has no ref or environment part)' : ' (its sub does not name the run)';
  return [finding(anyRef, `The sub ${v.condition.operator} value "${v.condition.values[v.index] as string}" admits ${what} of the ${grammar.words.repository}${carriesRun ? '' : noContext}.`, valueEvidence(v))];
}

/**
 * A statement bound to one repository by the repository or repository_id key while its sub conditions
 * bind only the owner: whether every kind of run gets a sub they admit.
 */
function everyRunOfKey({ door, denies, subject }: TrustStatementContext, key: MatchCondition, grammar: IssuerGrammar): Finding[] {
  const groups = subject?.groups ?? [];
  const open = groups.flat().find((v) => v.condition.match === 'StringLike' && (v.condition.values[v.index] as string).endsWith('*'));
  if (groups.length > 0 && open === undefined) return [];
  const subOf = (context: string): string => (open === undefined ? grammar.anySubject(context) : `${instance((open.condition.values[open.index] as string).slice(0, -1))}x:${context}`);
  if (!grammar.runs.every((run) => runAdmitted(door, denies, { sub: subOf(run.context), ...run.claims }, grammar))) return [];
  const what = grammar.runs.length === 4 ? 'every branch, tag, environment and pull request' : `every ${grammar.runs.map((run) => run.kind).join(' and ')}`;
  return [finding(anyRef, `The ${key.operator} condition on ${key.claim} binds one ${grammar.words.repository}, and no condition binds its runs: ${what} of it is admitted.`, { field: key.field, operator: key.operator })];
}
