/**
 * What a gcp_workload_identity document may hold to be judged at all. Over a limit, the request is
 * refused (422, saying what to shrink) rather than judged in part: the document's size, an attribute
 * condition longer than Google accepts or nesting or branching past what the checker expands, a
 * member given in two spellings, and more ways in (condition alternatives × federated members) than
 * are judged one by one.
 */
import type { RequestProblem } from '../../errors.ts';
import { isRecord } from '../aws-conditions.ts';
import { readCondition } from './cel-logic.ts';
import { doubled, member, OIDC_MEMBERS, PROVIDER_MEMBERS, providerOf } from './document.ts';
import { readMember } from './members.ts';

/** A document's size at the most, as JSON text in UTF-8 bytes. */
export const MAX_DOCUMENT_BYTES = 64 * 1024;
/** Google's own limit on an attribute condition's length. */
export const MAX_CONDITION_LENGTH = 4096;
/** Members over all bindings: an IAM allow policy holds at most 1,500 principals. */
export const MAX_MEMBERS = 1500;
/** Doors judged for one document: condition alternatives × federated binding members. */
export const MAX_DOORS = 128;

/** A refusal; `limit: false` for one of the document's shape rather than its size. */
type Refusal = RequestProblem & { limit?: boolean };

export function refuseGcpDocument(document: Readonly<Record<string, unknown>>, at: string): Refusal[] {
  const problems: Refusal[] = [];
  const bytes = Buffer.byteLength(JSON.stringify(document), 'utf8');
  if (bytes > MAX_DOCUMENT_BYTES) {
    problems.push({ pointer: at, message: `The document is ${bytes.toLocaleString('en-US')} bytes as JSON; at most ${MAX_DOCUMENT_BYTES.toLocaleString('en-US')} are judged. Send the provider and the bindings that name its pool only.` });
    return problems;
  }
  const provider = providerOf(document);
  const providerAt = `${at}/provider`;
  const oidc = member(provider, PROVIDER_MEMBERS.oidc, providerAt);
  for (const { at: where, names } of [...doubled(provider, providerAt, PROVIDER_MEMBERS), ...(isRecord(oidc?.value) ? doubled(oidc.value, oidc.at, OIDC_MEMBERS) : [])]) {
    problems.push({ pointer: where, message: `The provider gives both ${names.join(' and ')}: Google's API has one of them, and the checker would not know which one to judge. Keep the one Google sees.`, limit: false });
  }
  const condition = member(provider, PROVIDER_MEMBERS.condition, providerAt);
  let alternatives = 1;
  if (typeof condition?.value === 'string') {
    if (condition.value.length > MAX_CONDITION_LENGTH) {
      problems.push({ pointer: condition.at, message: `The attribute condition is ${condition.value.length.toLocaleString('en-US')} characters long; Google accepts at most ${MAX_CONDITION_LENGTH.toLocaleString('en-US')}, and so does the checker.` });
      return problems;
    }
    const reading = readCondition(condition.value);
    if (reading.kind === 'limit') problems.push({ pointer: condition.at, message: reading.message });
    if (reading.kind === 'dnf') alternatives = Math.max(1, reading.dnf.length);
  }
  const bindings = Array.isArray(document.bindings) ? document.bindings : [];
  const members = bindings.flatMap((b) => (isRecord(b) && Array.isArray(b.members) ? b.members : []));
  if (members.length > MAX_MEMBERS) {
    problems.push({ pointer: `${at}/bindings`, message: `The bindings list ${members.length.toLocaleString('en-US')} members; an IAM allow policy holds at most ${MAX_MEMBERS.toLocaleString('en-US')}, and so many are judged at the most.` });
    return problems;
  }
  const federated = members.filter((m) => typeof m === 'string' && readMember(m).kind !== 'other').length;
  const doors = alternatives * Math.max(1, federated);
  if (doors > MAX_DOORS) {
    problems.push({ pointer: `${at}/bindings`, message: `The attribute condition's ${alternatives} alternatives times the bindings' ${federated} federated members make ${doors} ways in, each judged on its own; at most ${MAX_DOORS} are. Send the bindings of one role at a time, or write the condition with fewer alternatives.` });
  }
  return problems;
}
