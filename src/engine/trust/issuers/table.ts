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

export function grammarOf(issuer: string): IssuerGrammar | undefined {
  return ISSUER_GRAMMARS.find((g) => g.matches(issuer));
}
