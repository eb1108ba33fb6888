/**
 * CloudFormation functions in a role's trust policy. Nothing is evaluated: a `!Sub`, `!Ref`, `!If` or
 * `!GetAtt` is a value known only when the stack is deployed, and it may then be anything, `*`
 * included. Each is read the way that lets the most tokens in, so that what the template leaves open
 * can only add findings:
 * - in an Allow statement's StringLike conditions (also IfExists, ForAnyValue:, ForAllValues:), each
 *   `${…}` of a `Fn::Sub` (and each function inside a `Fn::Join`) reads as `*`, which matches whatever
 *   the stack puts there; a `Fn::Sub` without `${…}` is the text it writes. A StringEquals value built
 *   so is read as the same pattern under StringLike (it admits at least what the template can admit);
 * - any other function in a condition value is left as written: the checker cannot evaluate it, so the
 *   condition holds in an Allow statement and does not in a Deny statement (TRUST_CONDITION_UNSUPPORTED);
 * - an Allow statement's Federated principal: an OIDC provider of the template (`!Ref`/`!GetAtt` of an
 *   AWS::IAM::OIDCProvider with a literal Url) or a `!Sub` whose provider part is literal names that
 *   provider; anything else reads as `*` (every provider). An Allow's Action written with a function
 *   reads as `*`;
 * - a Deny statement whose principal or action is a function is not credited: it may not apply;
 * - a statement chosen by `Fn::If` reads as each of its branches, Deny branches left out (a Deny that
 *   may not be there is not credited); `!Ref AWS::NoValue` is no statement.
 * A document, or its Statement, that is itself a function cannot be read this way: the role is refused.
 */
import { isRecord } from '../../config/values.ts';
import { put, type SourceNote } from './source.ts';

/** A function call as the template holds it once short forms are expanded: `{ "Fn::Sub": … }`, `{ "Ref": … }`. */
export function isIntrinsic(value: unknown): value is Record<string, unknown> {
  if (!isRecord(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 1 && (keys[0] === 'Ref' || keys[0] === 'Condition' || (keys[0] as string).startsWith('Fn::'));
}

function functionName(value: Record<string, unknown>): string {
  return Object.keys(value)[0] as string;
}

/** The template's OIDC providers by logical ID: the host of each literal Url. */
export type OidcProviders = ReadonlyMap<string, string>;

export type ModelledPolicy =
  | { ok: true; document: Record<string, unknown>; notes: SourceNote[]; origins: string[] }
  | { ok: false; message: string };

const NO_VALUE = 'AWS::NoValue';
const LIKE = /^(?:(?:ForAnyValue|ForAllValues):)?StringLike(?:IfExists)?$/;
const EQUALS = /^(?:(?:ForAnyValue|ForAllValues):)?StringEquals(?:IfExists)?$/;

function isNoValue(value: unknown): boolean {
  return isIntrinsic(value) && value.Ref === NO_VALUE;
}

/** Text a `Fn::Sub` writes, with each `${…}` as `*`; `${!x}` is the literal `${x}`. Undefined for a malformed Sub. */
function substituted(sub: unknown): { text: string; open: boolean; openAfter?: number } | undefined {
  const args = Array.isArray(sub) ? sub : [sub];
  const template = args[0];
  if (typeof template !== 'string') return undefined;
  const vars = isRecord(args[1]) ? args[1] : {};
  let open = false;
  let openAfter: number | undefined;
  const text = template.replace(/\$\{(!?)([^}]*)\}/g, (_m, bang: string, name: string, offset: number) => {
    if (bang === '!') return `\${${name}}`;
    const given = vars[name];
    if (typeof given === 'string') return given;
    open = true;
    openAfter = offset;
    return '*';
  });
  return openAfter !== undefined ? { text, open, openAfter } : { text, open };
}

/**
 * A condition value of an Allow statement's StringLike, as a pattern that matches whatever the stack
 * writes: a Fn::Sub or Fn::Join (any function inside a Join as `*`). Undefined for any other function,
 * which is left as written.
 */
function likePattern(value: unknown, inJoin = false): { text: string; open: boolean } | undefined {
  if (typeof value === 'string') return { text: value, open: false };
  if (!isIntrinsic(value)) return undefined;
  const name = functionName(value);
  if (name === 'Fn::Sub') return substituted(value[name]);
  if (name === 'Fn::Join') {
    const [sep, parts] = Array.isArray(value[name]) ? value[name] as unknown[] : [];
    if (typeof sep !== 'string' || !Array.isArray(parts)) return inJoin ? { text: '*', open: true } : undefined;
    const read = parts.map((p) => likePattern(p, true) ?? { text: '*', open: true });
    return { text: read.map((r) => r.text).join(sep), open: read.some((r) => r.open) };
  }
  return inJoin ? { text: '*', open: true } : undefined;
}

/** A Federated principal value of an Allow statement, as the provider ARN it names or `*`. */
function federatedArn(value: unknown, providers: OidcProviders): string[] {
  if (typeof value === 'string') return [value];
  if (!isIntrinsic(value)) return ['*'];
  const name = functionName(value);
  const arg = value[name];
  if (name === 'Fn::If' && Array.isArray(arg)) return arg.slice(1).filter((b) => !isNoValue(b)).flatMap((b) => federatedArn(b, providers));
  const target = name === 'Ref' ? arg : name === 'Fn::GetAtt' && Array.isArray(arg) && arg[1] === 'Arn' ? arg[0] : undefined;
  const host = typeof target === 'string' ? providers.get(target) : undefined;
  if (host !== undefined) return [`arn:aws:iam::*:oidc-provider/${host}`];
  if (name === 'Fn::Sub') {
    const sub = substituted(arg);
    const marker = sub?.text.indexOf(':oidc-provider/') ?? -1;
    const template = Array.isArray(arg) ? arg[0] : arg;
    const providerAt = typeof template === 'string' ? template.indexOf(':oidc-provider/') : -1;
    // Only the account and partition may be open: the provider's host decides whose tokens get in.
    if (sub !== undefined && marker >= 0 && providerAt >= 0 && (sub.openAfter === undefined || sub.openAfter < providerAt)) return [sub.text];
  }
  return ['*'];
}

function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

function hasIntrinsic(value: unknown): boolean {
  return listOf(value).some(isIntrinsic) || (isRecord(value) && !isIntrinsic(value) && Object.values(value).some((v) => listOf(v).some(isIntrinsic)));
}

/** An Allow statement with its principal, action and StringLike values read as above. */
function allowStatement(statement: Record<string, unknown>, at: string, providers: OidcProviders, notes: SourceNote[]): Record<string, unknown> {
  const out: Record<string, unknown> = { ...statement };
  const note = (prefix: string, text: string): void => {
    notes.push({ prefix, note: text });
  };
  if (isIntrinsic(statement.Principal)) {
    out.Principal = '*';
    note(`${at}/Principal`, 'the template\'s Principal is a CloudFormation function, known only when the stack is deployed: read as *');
  } else if (isRecord(statement.Principal)) {
    const principal = { ...statement.Principal };
    if (principal.Federated !== undefined && listOf(principal.Federated).some((v) => typeof v !== 'string')) {
      const arns = [...new Set(listOf(principal.Federated).flatMap((v) => federatedArn(v, providers)))];
      principal.Federated = arns.length === 1 ? arns[0] : arns;
      note(`${at}/Principal`, `the template writes Federated with CloudFormation functions, known only when the stack is deployed: read as ${arns.join(', ')}`);
    }
    if (principal.AWS !== undefined && listOf(principal.AWS).some((v) => typeof v !== 'string')) principal.AWS = '*';
    out.Principal = principal;
  }
  if (statement.Action !== undefined && listOf(statement.Action).some((v) => typeof v !== 'string')) {
    out.Action = '*';
    note(`${at}/Action`, 'the template\'s Action is a CloudFormation function, known only when the stack is deployed: read as *');
  }
  if (isRecord(statement.Condition)) out.Condition = allowCondition(statement.Condition, `${at}/Condition`, note);
  return out;
}

/**
 * An Allow statement's Condition with the values the stack builds read as patterns. In a StringLike, each
 * `${…}` is `*`. A StringEquals value with an open part moves to the matching StringLike operator (its
 * values joining any that operator already has for the key): every token it admitted is still admitted,
 * and the checker can read what the fixed parts bind.
 */
function allowCondition(given: Record<string, unknown>, at: string, note: (prefix: string, text: string) => void): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const moved: [operator: string, key: string, values: string[]][] = [];
  for (const [operator, keys] of Object.entries(given)) {
    const like = LIKE.test(operator);
    if ((!like && !EQUALS.test(operator)) || !isRecord(keys)) {
      put(out, operator, keys);
      continue;
    }
    const read: Record<string, unknown> = {};
    for (const [key, values] of Object.entries(keys)) {
      const list = listOf(values);
      const patterns = list.some(isIntrinsic) ? list.map((v) => likePattern(v)) : [];
      if (patterns.length === 0 || patterns.some((p) => p === undefined)) {
        put(read, key, values);
        continue;
      }
      const texts = patterns.map((p) => p?.text ?? '*');
      const open = patterns.some((p) => p?.open === true);
      if (like || !open) {
        put(read, key, Array.isArray(values) ? texts : texts[0]);
        if (open) note(`${at}/${escapeToken(operator)}/${escapeToken(key)}`, 'the template builds this value with CloudFormation functions, known only when the stack is deployed: each value the stack substitutes (${…}) is read as *');
        continue;
      }
      moved.push([operator.replace('StringEquals', 'StringLike'), key, texts]);
    }
    if (Object.keys(read).length > 0 || Object.keys(keys).length === 0) put(out, operator, read);
  }
  for (const [operator, key, texts] of moved) {
    const block = Object.hasOwn(out, operator) && isRecord(out[operator]) ? out[operator] : {};
    put(block, key, Object.hasOwn(block, key) ? [...listOf(block[key]), ...texts] : (texts.length === 1 ? texts[0] : texts));
    put(out, operator, block);
    note(`${at}/${escapeToken(operator)}/${escapeToken(key)}`, 'the template writes a StringEquals value with CloudFormation functions, known only when the stack is deployed: it is read as a StringLike pattern, each value the stack substitutes (${…}) as *');
  }
  return out;
}

function escapeToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The policy with its functions read as the module's comment says, or why it cannot be read. */
export function modelPolicy(policy: unknown, providers: OidcProviders): ModelledPolicy {
  if (isIntrinsic(policy) || !isRecord(policy)) return { ok: false, message: 'its AssumeRolePolicyDocument is a CloudFormation function (or not an object), known only when the stack is deployed' };
  const given = policy.Statement;
  if (isIntrinsic(given)) return { ok: false, message: 'its Statement is a CloudFormation function, known only when the stack is deployed' };
  if (!Array.isArray(given)) {
    if (!isRecord(given)) return { ok: true, document: policy, notes: [], origins: [] };
    const notes: SourceNote[] = [];
    const one = given.Effect === 'Deny' ? given : allowStatement(given, '/Statement', providers, notes);
    notes.push(...openConditions(one, '/Statement'));
    if (given.Effect === 'Deny' && (hasIntrinsic(given.Principal) || hasIntrinsic(given.NotPrincipal) || hasIntrinsic(given.Action) || hasIntrinsic(given.NotAction))) {
      return { ok: true, document: { ...policy, Statement: [] }, notes: [{ prefix: '/Statement', note: 'the template\'s only statement is a Deny whose principal or action is a CloudFormation function: it is not credited' }], origins: [] };
    }
    return { ok: true, document: { ...policy, Statement: one }, notes, origins: [] };
  }
  const statements: unknown[] = [];
  const origins: string[] = [];
  const notes: SourceNote[] = [];
  const add = (statement: unknown, origin: string): void => {
    const at = `/Statement/${statements.length}`;
    if (isRecord(statement) && statement.Effect === 'Deny') {
      if (hasIntrinsic(statement.Principal) || hasIntrinsic(statement.NotPrincipal) || hasIntrinsic(statement.Action) || hasIntrinsic(statement.NotAction)) return;
      statements.push(statement);
    } else {
      statements.push(isRecord(statement) && !isIntrinsic(statement) ? allowStatement(statement, at, providers, notes) : statement);
    }
    origins.push(origin);
  };
  for (const [index, statement] of given.entries()) {
    const origin = `/Statement/${index}`;
    if (isNoValue(statement)) continue;
    if (isIntrinsic(statement)) {
      const name = functionName(statement);
      const arg = statement[name];
      if (name !== 'Fn::If' || !Array.isArray(arg) || arg.length !== 3) return { ok: false, message: `its statement ${index} is a CloudFormation function (${name}), known only when the stack is deployed` };
      for (const branch of arg.slice(1)) {
        if (isNoValue(branch)) continue;
        if (isIntrinsic(branch)) return { ok: false, message: `its statement ${index} is chosen by Fn::If among CloudFormation functions, known only when the stack is deployed` };
        // A Deny that may not be there is not credited.
        if (isRecord(branch) && branch.Effect === 'Deny') continue;
        add(branch, origin);
      }
      continue;
    }
    add(statement, origin);
  }
  statements.forEach((statement, k) => notes.push(...openConditions(statement, `/Statement/${k}`)));
  return { ok: true, document: { ...policy, Statement: statements }, notes, origins };
}

/** Notes for the condition values left as functions: the checker's own finding there says it could not evaluate them. */
function openConditions(statement: unknown, at: string): SourceNote[] {
  if (!isRecord(statement) || !isRecord(statement.Condition)) return [];
  const notes: SourceNote[] = [];
  for (const [operator, keys] of Object.entries(statement.Condition)) {
    if (isIntrinsic(keys)) {
      notes.push({ prefix: `${at}/Condition/${escapeToken(operator)}`, note: `the template writes it with ${functionName(keys)}, a CloudFormation function known only when the stack is deployed` });
      continue;
    }
    if (!isRecord(keys)) continue;
    for (const [key, values] of Object.entries(keys)) {
      const fn = listOf(values).find(isIntrinsic);
      if (fn !== undefined) notes.push({ prefix: `${at}/Condition/${escapeToken(operator)}/${escapeToken(key)}`, note: `the template writes it with ${functionName(fn)}, a CloudFormation function known only when the stack is deployed` });
    }
  }
  return notes;
}
