import { finding } from '../../findings.ts';
import { SOURCES, trustExample } from '../examples.ts';
import { valueEvidence, type TrustStatementCheck } from '../statement.ts';

export const subjectMutable: TrustStatementCheck = {
  code: 'TRUST_SUBJECT_MUTABLE',
  severity: 'warning',
  title: 'The role binds the repository by name only, not by its immutable ID',
  docs: 'GitHub\'s immutable sub, repo:OWNER@OWNER_ID/REPO@REPO_ID:…, is the default for repositories created, renamed or transferred after 2026-07-15; older repositories opt in. A condition written in the name form, repo:OWNER/REPO:…, or with the repository\'s ID left open (repo:acme@1001/app@*), matches whoever holds those names. Not reported when the repository ID is pinned, by the immutable form or by the repository_id condition key. Other issuers\' subjects are names too (GitLab paths, Buildkite and HCP Terraform slugs): pinning the ID claim where the role can (project_id, pipeline_id, terraform_workspace_id) clears it; CircleCI\'s sub is all IDs.',
  why: 'Names are recycled: when an organisation or repository is renamed or deleted, someone else can take the name, and tokens of their workflows carry the same name-only sub, which the role still trusts.',
  remediation: 'Opt the repository in to immutable subject claims and write the condition with both IDs (repo:acme@1001/app@2002:ref:refs/heads/main), or add a StringEquals condition on <issuer host>:repository_id.',
  securitySeverity: 4.3,
  example: trustExample('The deploy role pins acme/app\'s main branch by name only.', ['claim_patterns: { sub: "repo:acme/app:ref:refs/heads/main" }']),
  sources: [SOURCES.githubOidc],
  /** Each name-only value that binds the repository, or the repository key when that is the binding. */
  check({ subject, grammar }) {
    if (subject === undefined || grammar === undefined) return [];
    const { byKey, repositoryGroups, workflowKey } = subject;
    const immutable = byKey?.immutable === true || repositoryGroups.some((g) => g.every((v) => v.binding.level === 'repository' && v.binding.immutable));
    if (immutable) return [];
    const named = repositoryGroups.flat().filter((v) => v.binding.level === 'repository' ? !v.binding.immutable : v.binding.level === 'owner' && !v.binding.ownerById);
    if (named.length > 0 && grammar.words.repository !== 'repository') {
      const { owner, repository, immutable: how } = grammar.words;
      return named.map((v) => finding(subjectMutable, `The sub ${v.condition.operator} value "${v.condition.values[v.index]}" binds the ${v.binding.level === 'owner' ? owner : `${owner} and ${repository}`} by name only. ${how ?? ''}`.trimEnd(), valueEvidence(v)));
    }
    if (named.length > 0) {
      return named.map((v) => finding(subjectMutable,
        `The sub ${v.condition.operator} value "${v.condition.values[v.index]}" binds ${v.binding.level === 'owner' ? `the owner by name only${workflowKey === undefined ? '' : ' (with the pinned job_workflow_ref)'}` : 'the owner and repository by name, without their immutable IDs (repo:OWNER@ID/REPO@ID:…)'}.`,
        valueEvidence(v)));
    }
    if (byKey !== undefined) {
      return [finding(subjectMutable, `The ${byKey.condition.operator} condition on ${byKey.condition.claim} binds the ${grammar.words.repository} by name only; pin ${grammar.repositoryKeys.byId.map((k) => k.claim).join(' or ')} too.`, { field: byKey.condition.field, operator: byKey.condition.operator })];
    }
    return [];
  },
};
