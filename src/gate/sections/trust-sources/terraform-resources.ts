/**
 * The Terraform resources that hold a CI trust document, each turned into the request member of its
 * format, as the provider sends it to the cloud: an IAM role's `assume_role_policy`, an Entra federated
 * identity credential, a Vault JWT role. (GCP workload identity providers gather their IAM bindings
 * from other resources: terraform-gcp.ts.) A trust field Terraform knows only after apply, or marks
 * sensitive, leaves the resource unjudged and refused, never read as if it were absent.
 */
import { checkJsonStructure } from '../../../engine/index.ts';
import { isRecord } from '../../config/values.ts';
import { trustsWebIdentity } from './aws-role.ts';
import { put, type SourceNote } from './source.ts';
import { attributeName, field, unreadable, type AttributePath, type PlanResource } from './terraform-values.ts';

export type ResourceReading =
  | { kind: 'document'; member: string; document: Record<string, unknown>; describe(inner: string): string; notes?: SourceNote[] }
  /** Not a CI trust document: a role that only AWS services or accounts assume. */
  | { kind: 'skip'; why: string }
  | { kind: 'refused'; message: string; remediation: string };

/** Each member of the document and the attribute it was read from, for messages in Terraform's terms. */
type Attributes = readonly (readonly [prefix: string, attribute: AttributePath])[];

/** A pointer inside the document, said as the attribute it came from: `audience[0]`, `claims_matching_expression`. */
function describeBy(attributes: Attributes): (inner: string) => string {
  return (inner) => {
    const match = [...attributes].sort((a, b) => b[0].length - a[0].length).find(([prefix]) => inner === prefix || inner.startsWith(`${prefix}/`));
    if (match === undefined) return inner === '' ? 'the resource' : `at ${inner}`;
    const rest = inner.slice(match[0].length);
    const index = /^\/(\d+)$/.exec(rest);
    return index !== null ? `${attributeName(match[1])}[${index[1]}]` : `${attributeName(match[1])}${rest === '' ? '' : `, at ${rest}`}`;
  };
}

function refused(why: { message: string; remediation: string }): ResourceReading {
  return { kind: 'refused', ...why };
}

/** The known values of the attributes, or the refusal for the first one that cannot be read. */
function read(r: PlanResource, paths: readonly AttributePath[]): { values: unknown[] } | { refused: ResourceReading } {
  const values: unknown[] = [];
  for (const path of paths) {
    const f = field(r, path);
    if (f.state !== 'known') return { refused: refused(unreadable(r.address, path, f.state)) };
    values.push(f.value);
  }
  return { values };
}

/** `aws_iam_role`: its `assume_role_policy`, a JSON string, is the trust policy. */
function awsRole(r: PlanResource): ResourceReading {
  const got = read(r, [['assume_role_policy']]);
  if ('refused' in got) return got.refused;
  const text = got.values[0];
  if (typeof text !== 'string' || text.trim() === '') {
    return refused({ message: `${r.address}: assume_role_policy is empty in the plan; the role's trust cannot be judged.`, remediation: 'Give the role its trust policy (assume_role_policy = jsonencode({ … }) or a data.aws_iam_policy_document\'s json).' });
  }
  let policy: unknown;
  try {
    policy = JSON.parse(text);
  } catch {
    return refused({ message: `${r.address}: assume_role_policy is not valid JSON; AWS would refuse it, and it cannot be judged.`, remediation: 'Write the policy with jsonencode({ … }) or a data.aws_iam_policy_document, which always give valid JSON.' });
  }
  const issue = checkJsonStructure(text, policy);
  if (issue !== undefined || !isRecord(policy)) {
    return refused({
      message: issue?.kind === 'duplicate'
        ? `${r.address}: assume_role_policy repeats the member "${issue.name.slice(0, 60)}" in one object; which one AWS reads would be a guess.`
        : `${r.address}: assume_role_policy is not one JSON object of a reasonable depth; it cannot be judged.`,
      remediation: 'Write the policy with jsonencode({ … }) or a data.aws_iam_policy_document.',
    });
  }
  if (!trustsWebIdentity(policy)) return { kind: 'skip', why: 'trusts no OIDC identity provider (only AWS services, accounts or SAML)' };
  return { kind: 'document', member: 'aws_trust_policy', document: policy, describe: (inner) => (inner === '' ? 'assume_role_policy' : `assume_role_policy, at ${inner}`) };
}

/** An Entra federated identity credential, in Microsoft Graph's shape, from the attributes that hold each member. */
function credential(r: PlanResource, from: { issuer: string; subject?: string; audiences: string; audienceIsList: boolean; name: string; expression?: string }): ResourceReading {
  const paths: AttributePath[] = [[from.issuer], [from.audiences], ...(from.subject !== undefined ? [[from.subject]] : []), ...(from.expression !== undefined ? [[from.expression]] : [])];
  const got = read(r, paths);
  if ('refused' in got) return got.refused;
  const [issuer, audience, third] = got.values;
  const document: Record<string, unknown> = {};
  const nameField = field(r, [from.name]);
  if (nameField.state === 'known' && typeof nameField.value === 'string') document.name = nameField.value;
  if (issuer !== null && issuer !== undefined) document.issuer = issuer;
  if (audience !== null && audience !== undefined) document.audiences = from.audienceIsList ? audience : [audience];
  const attributes: [string, AttributePath][] = [['/issuer', [from.issuer]], ['/audiences', [from.audiences]], ['/name', [from.name]]];
  if (from.subject !== undefined) {
    if (third !== null && third !== undefined) document.subject = third;
    attributes.push(['/subject', [from.subject]]);
  }
  if (from.expression !== undefined) {
    if (third !== null && third !== undefined) document.claimsMatchingExpression = { value: third, languageVersion: 1 };
    attributes.push(['/claimsMatchingExpression/value', [from.expression]], ['/claimsMatchingExpression', [from.expression]]);
  }
  return { kind: 'document', member: 'azure_federated_credential', document, describe: describeBy(attributes) };
}

/**
 * bound_claims as the provider sends them to Vault: each value split at commas into a list (spaces
 * around each trimmed), unless disable_bound_claims_parsing is set. When that flag is known only after
 * apply, a value with a comma is read both ways at once: it then admits whatever either reading admits.
 */
function boundClaims(value: unknown, parsing: boolean | undefined): Record<string, unknown> | unknown {
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [claim, given] of Object.entries(value)) {
    if (typeof given !== 'string') {
      put(out, claim, given);
      continue;
    }
    const whole = given.trim();
    const split = given.split(',').map((v) => v.trim());
    put(out, claim, parsing === false ? [whole] : parsing === true ? split : [...new Set([...split, whole])]);
  }
  return out;
}

/**
 * `vault_jwt_auth_backend_role`: the role as Vault stores it. The provider leaves role_type,
 * bound_claims_type and user_claim_json_pointer to Vault when they are not set, and the plan then knows
 * them only after apply; each is read as the setting that lets the most tokens in ("jwt", "glob", a
 * pointer not followed), so that what is not known can only add findings.
 */
function vaultRole(r: PlanResource): ResourceReading {
  const got = read(r, [['bound_audiences'], ['bound_subject'], ['bound_claims']]);
  if ('refused' in got) return got.refused;
  const [audiences, subject, claims] = got.values;
  const document: Record<string, unknown> = {};
  const notes: SourceNote[] = [];
  const setting = (name: string, admitting: unknown, why: string): void => {
    const f = field(r, [name]);
    if (f.state === 'known') {
      if (f.value !== null && f.value !== undefined && f.value !== '') document[name] = f.value;
    } else {
      document[name] = admitting;
      notes.push({ prefix: `/${name}`, note: `${name} is known only after apply and is read as ${JSON.stringify(admitting)}, ${why}` });
    }
  };
  setting('role_type', 'jwt', 'the type a CI token can log in with');
  // The provider sends the list whether or not it is set: an empty one binds no audience.
  document.bound_audiences = Array.isArray(audiences) ? audiences : [];
  if (typeof subject === 'string' && subject !== '') document.bound_subject = subject;
  setting('bound_claims_type', 'glob', 'which matches every value "string" matches and more');
  const parsing = field(r, ['disable_bound_claims_parsing']);
  const disabled = parsing.state === 'known' ? parsing.value === true : undefined;
  if (claims !== null && claims !== undefined) document.bound_claims = boundClaims(claims, disabled === undefined ? undefined : !disabled);
  const user = field(r, ['user_claim']);
  if (user.state === 'known' && typeof user.value === 'string' && user.value !== '') document.user_claim = user.value;
  setting('user_claim_json_pointer', true, 'so the claim is taken to be there');
  if (document.user_claim_json_pointer === false) delete document.user_claim_json_pointer;
  const attributes: [string, AttributePath][] = ['role_type', 'bound_audiences', 'bound_subject', 'bound_claims_type', 'bound_claims', 'user_claim', 'user_claim_json_pointer'].map((a) => [`/${a}`, [a]]);
  return { kind: 'document', member: 'vault_jwt_role', document, describe: describeBy(attributes), ...(notes.length > 0 ? { notes } : {}) };
}

/** The resource types read one resource at a time, by type. */
export const RESOURCE_READERS: Readonly<Record<string, { member: string; read(r: PlanResource): ResourceReading }>> = {
  aws_iam_role: { member: 'aws_trust_policy', read: awsRole },
  azurerm_federated_identity_credential: {
    member: 'azure_federated_credential',
    read: (r) => credential(r, { issuer: 'issuer', subject: 'subject', audiences: 'audience', audienceIsList: true, name: 'name' }),
  },
  azuread_application_federated_identity_credential: {
    member: 'azure_federated_credential',
    read: (r) => credential(r, { issuer: 'issuer', subject: 'subject', audiences: 'audiences', audienceIsList: true, name: 'display_name' }),
  },
  azuread_application_flexible_federated_identity_credential: {
    member: 'azure_federated_credential',
    read: (r) => credential(r, { issuer: 'issuer', audiences: 'audience', audienceIsList: false, name: 'display_name', expression: 'claims_matching_expression' }),
  },
  vault_jwt_auth_backend_role: { member: 'vault_jwt_role', read: vaultRole },
};
