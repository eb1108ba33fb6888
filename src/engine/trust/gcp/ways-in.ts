/**
 * The two halves of a way in, read apart: the provider's attribute condition (its disjuncts, each a
 * list of conditions on claims) and the bindings' federated members (each the condition that admits
 * an identity as that member). doors.ts joins them.
 */
import { finding } from '../../findings.ts';
import type { Finding } from '../../types.ts';
import { escape, isRecord } from '../aws-conditions.ts';
import type { Condition } from '../conditions.ts';
import { TRUST_FINDINGS as F } from '../findings.ts';
import { readCondition, type Atom, type Literal } from './cel-logic.ts';
import { testCondition, type Unsupported } from './literals.ts';
import { resolve, type Mapping } from './mapping.ts';
import { readMember, samePool, shortMember, type PoolName } from './members.ts';

const BINDING_MEMBERS = new Set(['role', 'members']);

/** The condition's disjuncts as conditions; [[]] when it admits every token, [] when none. */
export function conditionAlternatives(given: { value: unknown; at: string } | undefined, mapping: Mapping, unsupported: Unsupported): Condition[][] {
  if (given === undefined || given.value === '' || given.value === null) return [[]];
  const field = given.at;
  const unknown = (message: string, evidence: Record<string, unknown> = {}): Condition[][] => {
    unsupported(field, message, evidence);
    return [[{ kind: 'unknown', field, claim: '', operator: 'attribute condition' }]];
  };
  if (typeof given.value !== 'string') return unknown('The attribute condition is not a string; it was not evaluated, and is taken to admit every token.');
  const source = given.value;
  const reading = readCondition(source);
  if (reading.kind === 'syntax') {
    return unknown(`The attribute condition is not valid CEL (${reading.message}, at offset ${reading.at}); it was not evaluated, and is taken to admit every token.`, { offset: reading.at });
  }
  if (reading.kind === 'limit') return unknown(reading.message);
  // One condition per test (and sign), however many disjuncts it appears in.
  const made = new Map<Atom, Map<boolean, Condition>>();
  const conditionOf = (literal: Literal): Condition => {
    let signs = made.get(literal.atom);
    if (signs === undefined) made.set(literal.atom, signs = new Map());
    let condition = signs.get(literal.negated);
    if (condition === undefined) signs.set(literal.negated, condition = literalCondition(literal, source, field, mapping, unsupported));
    return condition;
  };
  return reading.dnf.map((conjunct) => conjunct.map(conditionOf));
}

function literalCondition(literal: Literal, source: string, field: string, mapping: Mapping, unsupported: Unsupported): Condition {
  const { atom } = literal;
  const text = source.slice(atom.span.at, atom.span.end);
  const evidence = { expression: text.length > 200 ? `${text.slice(0, 200)}…` : text, offset: atom.span.at };
  const unknown = (why: string): Condition => {
    unsupported(field, `The part ${JSON.stringify(evidence.expression)} of the attribute condition is not evaluated: ${why}. It is taken to hold.`, evidence);
    return { kind: 'unknown', field, claim: '', operator: evidence.expression };
  };
  if (atom.kind === 'unknown') return unknown(atom.why);
  const target = resolve(atom.ref, mapping);
  if (target.kind !== 'claim') return unknown(target.why);
  const made = testCondition(target.claim, { ...literal, atom }, field);
  return 'why' in made ? unknown(made.why) : made;
}

/** One way a binding admits an identity of the pool. */
export interface MemberWay {
  /** The member's pointer. */
  readonly field: string;
  readonly name: string;
  readonly conditions: readonly Condition[];
}

/**
 * The federated members of the bindings that can admit the provider's identities, as ways in; undefined
 * when the document gives no bindings (the condition alone then decides). Members of another pool, and
 * principals a CI token never becomes, are left out.
 */
export function memberWays(bindings: unknown, at: string, pool: PoolName | undefined, mapping: Mapping, unsupported: Unsupported, findings: Finding[]): MemberWay[] | undefined {
  if (bindings === undefined || (Array.isArray(bindings) && bindings.length === 0)) return undefined;
  if (!Array.isArray(bindings)) {
    unsupported(at, 'bindings is not a list; the bindings were not evaluated, and the provider is judged as if every identity of its pool were granted.');
    return undefined;
  }
  const ways: MemberWay[] = [];
  bindings.forEach((binding, b) => {
    const bindingAt = `${at}/${b}`;
    if (!isRecord(binding) || !Array.isArray(binding.members)) {
      // What it grants is not known: it may grant any identity of the pool, so it is read as doing so.
      unsupported(bindingAt, 'The binding is not { role, members: [...] }; it was not evaluated, and is taken to grant every identity of the pool.');
      ways.push({ field: bindingAt, name: `binding ${b} (not evaluated)`, conditions: [{ kind: 'unknown', field: bindingAt, claim: '', operator: 'binding' }] });
      return;
    }
    for (const key of Object.keys(binding).filter((k) => !BINDING_MEMBERS.has(k))) {
      unsupported(`${bindingAt}/${escape(key)}`, `The binding member ${key} is not evaluated (an IAM condition can only narrow a grant): it is taken to hold.`, { key });
    }
    binding.members.forEach((text, m) => {
      const field = `${bindingAt}/members/${m}`;
      if (typeof text !== 'string') {
        unsupported(field, 'The member is not a string; it was not evaluated, and is taken to grant every identity of the pool.');
        ways.push({ field, name: `member ${m} of binding ${b} (not evaluated)`, conditions: [{ kind: 'unknown', field, claim: '', operator: 'member' }] });
        return;
      }
      const way = memberWay(text, field, pool, mapping, unsupported, findings);
      if (way !== undefined) ways.push(way);
    });
  });
  return ways;
}

function memberWay(text: string, field: string, pool: PoolName | undefined, mapping: Mapping, unsupported: Unsupported, findings: Finding[]): MemberWay | undefined {
  const member = readMember(text);
  const name = `the binding of ${shortMember(text)}`;
  switch (member.kind) {
    case 'other': return undefined;
    case 'everyone': return { field, name, conditions: [] };
    case 'unreadable':
      unsupported(field, `The member ${shortMember(text)} names the workload identity pool in a form the checker does not read; it is taken to admit every identity of the pool.`);
      return { field, name, conditions: [{ kind: 'unknown', field, claim: '', operator: 'member' }] };
    default: break;
  }
  if (!samePool(member.pool, pool)) return undefined;
  if (member.kind === 'pool') return { field, name, conditions: [] };
  if (member.kind === 'group') {
    unsupported(field, `The member ${shortMember(text)} grants a group of the pool: group membership (google.groups) is not evaluated, and it is taken to admit every identity of the pool.`);
    return { field, name, conditions: [{ kind: 'unknown', field, claim: '', operator: 'principalSet group' }] };
  }
  const attribute = member.kind === 'subject' ? 'google.subject' : `attribute.${member.name}`;
  const target = resolve(member.kind === 'subject' ? { root: 'google', name: 'subject' } : { root: 'attribute', name: member.name }, mapping);
  if (target.kind === 'unmapped') {
    findings.push(finding(F.TRUST_CONDITION_NEVER_HOLDS, `The member ${shortMember(text)} can admit no identity: ${target.why}, so no identity of the pool has it.`, { field, attribute }));
    return undefined;
  }
  if (target.kind === 'unknown') {
    unsupported(field, `The member ${shortMember(text)} is not evaluated: ${target.why}. It is taken to admit every identity of the pool.`, { attribute });
    return { field, name, conditions: [{ kind: 'unknown', field, claim: '', operator: member.kind === 'subject' ? 'principal' : 'principalSet' }] };
  }
  const operator = member.kind === 'subject' ? 'principal' : 'principalSet';
  return { field, name, conditions: [{ ...testOf(target.claim, member.value, field, operator) }] };
}

function testOf(claim: string, value: string, field: string, operator: string): Condition {
  const made = testCondition(claim, { atom: { kind: 'test', ref: { root: 'assertion', name: claim }, test: { op: 'equals', values: [value] }, span: { at: 0, end: 0 } }, negated: false }, field);
  if ('why' in made) throw new Error('An equality always makes a condition.');
  return { ...made, operator };
}
