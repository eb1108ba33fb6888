import { buildkiteGrammar } from './buildkite.ts';
import { circleciGrammar } from './circleci.ts';
import { githubGrammar } from './github.ts';
import { gitlabGrammar } from './gitlab.ts';
import type { IssuerGrammar } from './grammar.ts';
import { terraformCloudGrammar } from './terraform-cloud.ts';

/**
 * Every CI issuer whose subject grammar the checker knows. An issuer not here is judged only on what
 * needs no grammar: a sub condition missing, or one that begins with a wildcard.
 */
export const ISSUER_GRAMMARS: readonly IssuerGrammar[] = [githubGrammar, gitlabGrammar, circleciGrammar, buildkiteGrammar, terraformCloudGrammar];

/**
 * The issuer's grammar by its URL; for an issuer whose URL says nothing (a self-managed GitLab, a GitHub
 * Enterprise Server, a Terraform Enterprise), the first grammar any sub value shown looks like, so a
 * group-wide pattern is judged as one whatever the host, and a value of another shape beside it cannot
 * switch the grammar off (it is judged by that grammar too, and one that fits it nowhere binds nobody).
 */
export function grammarOf(issuer: string, subs: readonly string[] = []): IssuerGrammar | undefined {
  const byUrl = ISSUER_GRAMMARS.find((g) => g.matches(issuer));
  if (byUrl !== undefined || subs.length === 0) return byUrl;
  return ISSUER_GRAMMARS.find((g) => g.looksLike !== undefined && subs.some((s) => g.looksLike?.test(s) === true));
}
