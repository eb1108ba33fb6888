import { finding } from '../../findings.ts';
import type { Finding } from '../../types.ts';
import type { Door, MatchCondition } from '../conditions.ts';
import { SOURCES, trustExample } from '../examples.ts';
import { githubGrammar } from '../issuers/github.ts';
import { hasWildcard } from '../subject.ts';
import type { GrammarWords } from '../issuers/grammar.ts';
import { positiveOn, rank, valueEvidence, type MissingFields, type SubjectValue, type TrustStatementCheck, type TrustStatementContext } from '../statement.ts';

export const subjectUnbounded: TrustStatementCheck = {
  code: 'TRUST_SUBJECT_UNBOUNDED',
  severity: 'error',
  title: 'The role admits repositories of more than one owner, or every repository of one owner',
  docs: 'A statement is bounded when its sub (or its repository or repository_id condition key) pins one repository, by name or by ID, or when an owner-wide sub goes with a job_workflow_ref pinned to one workflow at one ref (the central reusable-workflow pattern). Reported: no binding at all; *, repo:*, a wildcard in the owner or repository name (repo:acme/*, repo:acme*, repo:acme/app*) or a * in the owner\'s ID (repo:acme@*/app@2002: it matches any run of characters, the slash and another repository\'s name included); an owner-only customised subject (repository_owner:acme, repository_owner_id:123:*); any customised subject without a repository, such as environment:production; and a job_workflow_ref-only subject. A repository or organisation chooses its own subject template, so a stranger can give theirs one that writes environment:production and nothing else, and anyone who can call a public reusable workflow gets its job_workflow_ref. A statement\'s conditions all hold together, so its narrowest binding counts, and a Deny statement with one condition (Deny when sub is StringNotLike repo:acme/app:*) binds every Allow statement. The same holds in every trust format (a Google Cloud provider with its bindings, an Azure federated credential, a Vault role) and for every issuer whose subject grammar is known: GitLab\'s project_path:acme/* (subgroups included), Buildkite\'s organization:acme:*, HCP Terraform\'s organization:acme:project:*:workspace:*:*, CircleCI\'s org/ORG/project/* (docs/trust/issuers.md); a condition on an owner key alone (repository_owner, namespace_path) is reported at that key.',
  why: 'Any repository whose workflow can request an ID token for the role\'s audience can then assume the role: with repo:acme/* every repository of the organisation (and every pull request in them), with environment:production any repository on GitHub that names an environment so. This is the most common way CI gets production cloud access it should not have.',
  remediation: 'Pin the owner and the repository (and, better, the branch or environment): repo:acme@1001/app@2002:ref:refs/heads/main or repo:acme@1001/app@2002:environment:production. For a customised subject template, keep repo in it.',
  securitySeverity: 9.1,
  example: trustExample('The deploy role admits every repository of the acme organisation.', ['claim_patterns: { sub: "repo:acme/*" }']),
  sources: [SOURCES.githubOidc, SOURCES.githubAws, SOURCES.datadog],
  // A statement that binds no one repository has no repository whose naming or runs could be judged.
  final: true,
  check(ctx) {
    const subject = ctx.subject;
    if (subject === undefined) return otherIssuer(ctx);
    if (subject.tightest <= 0) return [];
    if (subject.groups.length === 0 && subject.ownerKey !== undefined) {
      const c = subject.ownerKey;
      const words = ctx.grammar?.words ?? githubGrammar.words;
      return [finding(subjectUnbounded, `The ${c.operator} condition on ${c.claim} binds the ${words.owner} only, and nothing binds sub or the ${words.repository}: every ${words.repository} of ${c.values.join(' or ')} can use a token this role accepts.`, { field: c.valueFields[0] ?? c.field, operator: c.operator, value: c.values[0] })];
    }
    return unbounded(ctx.door, subject.groups, subject.workflowKey !== undefined, ctx.missing, ctx.grammar?.words ?? githubGrammar.words);
  },
};

function unbounded(door: Door, groups: readonly (readonly SubjectValue[])[], workflowKey: boolean, missing: MissingFields, words: GrammarWords): Finding[] {
  const github = words === githubGrammar.words;
  if (groups.length === 0) {
    return [finding(subjectUnbounded, github
      ? 'No condition binds sub (or the repository): a workflow of any repository can use a token this role accepts.'
      : `No condition binds sub (or the ${words.repository}): a job of any ${words.repository} can use a token this role accepts.`, { field: missing.sub(door) })];
  }
  return groups.flat().filter((v) => rank(v.binding, workflowKey) > 0).map((v) => finding(subjectUnbounded,
    `The sub ${v.condition.operator} value "${v.condition.values[v.index]}" ${v.binding.level === 'owner'
      ? github ? 'admits every repository of its owner (and a job_workflow_ref pinned to one workflow at one ref would bound it)' : `admits every ${words.repository} of its ${words.owner}`
      : github ? 'pins no repository: a workflow of another owner can get a token whose sub matches it (a repository chooses its own subject template)' : `pins no ${words.owner}: a job of another ${words.owner} can get a token whose sub matches it`}.`,
    valueEvidence(v)));
}

/** For an issuer whose subject grammar the checker does not know: only a sub anyone's token can meet. */
function otherIssuer({ door, bindings, missing }: TrustStatementContext): Finding[] {
  const subs = positiveOn(bindings, 'sub');
  if (subs.length === 0) {
    return [finding(subjectUnbounded, 'No condition binds sub: any workload the issuer issues tokens to can use a token this role accepts.', { field: missing.sub(door) })];
  }
  // Without a grammar the first `key:value` (or `key/value`) part is taken to name the owner: a wildcard
  // in it, or before it, lets another owner's subject match.
  const open = (c: MatchCondition, v: string): boolean => c.match === 'StringLike' && wildInOwnerPart(v);
  if (!subs.every((c) => c.values.some((v) => open(c, v)))) return [];
  return subs.flatMap((c) => c.values.flatMap((v, i) => (open(c, v)
    ? [finding(subjectUnbounded, v.startsWith('*') || v.startsWith('?')
      ? `The sub ${c.operator} value "${v}" begins with a wildcard, so any subject the issuer issues can match it.`
      : `The sub ${c.operator} value "${v}" has a wildcard in its first part, which names the owner in every CI subject the checker knows: another owner's subject can match it.`,
    { field: c.valueFields[i], operator: c.operator, value: v })]
    : [])));
}

/** A wildcard before the end of the first `key:value` part (the separator `:` or `/`). */
function wildInOwnerPart(value: string): boolean {
  const first = value.search(/[:/]/);
  const second = first < 0 ? -1 : value.slice(first + 1).search(/[:/]/);
  const end = first < 0 ? value.length : second < 0 ? value.length : first + 1 + second;
  return hasWildcard(value.slice(0, end));
}
