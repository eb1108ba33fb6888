/**
 * Which IAM role trust policies are about CI tokens at all. A plan or a template holds many roles that
 * only AWS services or accounts assume (ec2.amazonaws.com, another account's root); judging those for
 * GitHub's tokens would report, for each, that no statement lets such tokens in. A role is left out
 * only when no statement could let a web identity token in: every statement is a JSON object whose
 * principal names no identity provider that could be an OIDC one, and no wildcard. Anything else (a
 * statement the gate cannot read, a principal it cannot know) is judged.
 */
import { isRecord } from '../../config/values.ts';

/** A Federated principal that could be an OIDC provider: an oidc-provider ARN, a wildcard, or a value not known. */
function couldBeOidc(federated: unknown): boolean {
  const values = Array.isArray(federated) ? federated : [federated];
  return values.some((v) => typeof v !== 'string' || v.includes('*') || /:oidc-provider\//i.test(v));
}

function statementCouldAdmit(statement: unknown): boolean {
  if (!isRecord(statement)) return true;
  // A Deny lets no one in by itself.
  if (statement.Effect === 'Deny') return false;
  if (statement.NotPrincipal !== undefined) return true;
  const principal = statement.Principal;
  if (principal === undefined) return false;
  if (!isRecord(principal)) return true;
  if (principal.Federated !== undefined && couldBeOidc(principal.Federated)) return true;
  const aws = principal.AWS;
  const awsValues = Array.isArray(aws) ? aws : aws === undefined ? [] : [aws];
  return awsValues.some((v) => typeof v !== 'string' || v === '*');
}

/** Whether the trust policy could let a web identity token assume the role: then it is judged. */
export function trustsWebIdentity(policy: Record<string, unknown>): boolean {
  const statements = policy.Statement;
  if (statements === undefined) return false;
  return (Array.isArray(statements) ? statements : [statements]).some(statementCouldAdmit);
}
