/**
 * What a federated identity credential must be to be judged at all. A credential Microsoft Graph would
 * refuse to store (subject and claimsMatchingExpression together, or neither) never exists in Entra, so
 * it is refused here too, as is one over the size limits: it is never judged in part.
 */
import type { RequestProblem } from '../../errors.ts';
import { MAX_ARRAY_ITEMS, MAX_PATTERN_LENGTH } from '../../schema/limits.ts';
import { isRecord } from '../aws-conditions.ts';
import { readExpression } from './expression.ts';

/** A credential's size at the most, as JSON text in UTF-8 bytes (Entra's own limits keep a real one under 2 KiB). */
export const MAX_CREDENTIAL_BYTES = 64 * 1024;
/**
 * Characters in a claims matching expression. Entra caps subject, issuer and audience at 600 characters
 * each; an expression that binds a subject and the immutable IDs a few times over stays well under this.
 */
export const MAX_EXPRESSION_LENGTH = 4096;
/** Clauses joined by `and` in one expression: one per claim Entra lets an expression use, several times over. */
export const MAX_CLAUSES = 20;

/** Whether the member is given: Graph writes an absent subject or expression as null. */
export function given(value: unknown): boolean {
  return value !== undefined && value !== null;
}

/** The 422 problems of a credential, each at its pointer and saying what to change. */
export function credentialRefusals(document: Readonly<Record<string, unknown>>, at: string): (RequestProblem & { limit?: boolean })[] {
  const problems: (RequestProblem & { limit?: boolean })[] = [];
  const bytes = Buffer.byteLength(JSON.stringify(document), 'utf8');
  if (bytes > MAX_CREDENTIAL_BYTES) {
    problems.push({ pointer: at, message: `The federated identity credential is ${bytes.toLocaleString('en-US')} bytes as JSON; at most ${MAX_CREDENTIAL_BYTES.toLocaleString('en-US')} are judged (Entra caps each of its values at 600 characters). Send the credential as Microsoft Graph returns it.` });
    return problems;
  }
  const classic = given(document.subject);
  const flexible = given(document.claimsMatchingExpression);
  if (classic && flexible) {
    problems.push({ pointer: `${at}/claimsMatchingExpression`, message: 'The credential has both subject and claimsMatchingExpression. Microsoft Graph refuses such a credential (the two are mutually exclusive), so Entra never holds it: send subject alone for an exact match, or claimsMatchingExpression with subject null.', limit: false });
  } else if (!classic && !flexible) {
    problems.push({ pointer: at, message: 'The credential has neither subject nor claimsMatchingExpression, and Microsoft Graph requires one of them. Send the credential as Graph returns it (an Azure Resource Manager resource keeps these members under properties: send that object).', limit: false });
  }
  for (const member of ['issuer', 'subject'] as const) {
    const value = document[member];
    if (typeof value === 'string' && value.length > MAX_PATTERN_LENGTH) {
      problems.push({ pointer: `${at}/${member}`, message: `The credential's ${member} is ${value.length.toLocaleString('en-US')} characters; at most ${MAX_PATTERN_LENGTH.toLocaleString('en-US')} are judged (Entra itself takes at most 600).` });
    }
  }
  const audiences = document.audiences;
  if (Array.isArray(audiences)) {
    if (audiences.length > MAX_ARRAY_ITEMS) {
      problems.push({ pointer: `${at}/audiences`, message: `The credential lists ${audiences.length} audiences; at most ${MAX_ARRAY_ITEMS} are judged (Entra takes exactly one).` });
    }
    audiences.forEach((audience, index) => {
      if (typeof audience === 'string' && audience.length > MAX_PATTERN_LENGTH) {
        problems.push({ pointer: `${at}/audiences/${index}`, message: `The audience is ${audience.length.toLocaleString('en-US')} characters; at most ${MAX_PATTERN_LENGTH.toLocaleString('en-US')} are judged (Entra itself takes at most 600).` });
      }
    });
  }
  const expression = document.claimsMatchingExpression;
  if (isRecord(expression) && typeof expression.value === 'string') problems.push(...expressionRefusals(expression.value, `${at}/claimsMatchingExpression/value`));
  return problems;
}

/** An expression too long, with too many clauses, or with a comparand longer than a pattern may be. */
function expressionRefusals(value: string, pointer: string): RequestProblem[] {
  if (value.length > MAX_EXPRESSION_LENGTH) {
    return [{ pointer, message: `The claims matching expression is ${value.length.toLocaleString('en-US')} characters; at most ${MAX_EXPRESSION_LENGTH.toLocaleString('en-US')} are judged. Bind the subject and the repository's IDs with a few clauses; split other cases into credentials of their own.` }];
  }
  const read = readExpression(value);
  if (!read.ok) return [];
  const problems: RequestProblem[] = [];
  if (read.clauses.length > MAX_CLAUSES) {
    problems.push({ pointer, message: `The claims matching expression has ${read.clauses.length} clauses; at most ${MAX_CLAUSES} are judged. Bind the subject and the repository's IDs with a few clauses; split other cases into credentials of their own.` });
  }
  const long = read.clauses.find((c) => c.comparand.length > MAX_PATTERN_LENGTH);
  if (long !== undefined) {
    problems.push({ pointer, message: `A comparand of the claims matching expression (on ${long.claim.slice(0, 60)}) is ${long.comparand.length.toLocaleString('en-US')} characters; at most ${MAX_PATTERN_LENGTH.toLocaleString('en-US')} are judged (Entra takes at most 600 for a subject).` });
  }
  return problems;
}
