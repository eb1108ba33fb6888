import { RequestInvalidError, type RequestProblem } from '../errors.ts';
import type { KeyObjectCache } from '../jws/keys.ts';
import { isTenantTemplate } from '../issuer-template.ts';
import type { VerifyPolicy } from '../types.ts';
import type { TrustSource, VerificationKey } from './trust-source.ts';

/**
 * An inline policy as a trust source. The key is parsed (or taken from the cache) here, so a bad key
 * is a 422 naming the field, before any token work; messages never quote the key or secret.
 */
export function inlineTrustSource(policy: VerifyPolicy, keyCache: KeyObjectCache): TrustSource {
  const tenantsProblem = tenantsWithoutTemplate(policy);
  if (tenantsProblem !== undefined) throw new RequestInvalidError([{ pointer: '/policy/tenants', message: tenantsProblem }]);
  const hasSecret = policy.secret !== undefined;
  const hasPublicKey = policy.public_key !== undefined;
  if (hasSecret === hasPublicKey) {
    const problem: RequestProblem = hasSecret
      ? { pointer: '/policy', message: 'give exactly one of secret and public_key, not both' }
      : { pointer: '/policy', message: 'give exactly one of secret (HS*) and public_key (RS*, PS*, ES*, EdDSA)' };
    throw new RequestInvalidError([problem]);
  }
  if (!hasSecret && policy.secret_encoding !== undefined) {
    throw new RequestInvalidError([{ pointer: '/policy/secret_encoding', message: 'applies only with secret' }]);
  }
  let key: VerificationKey;
  if (policy.secret !== undefined) {
    const secret = keyCache.secret(policy.secret, policy.secret_encoding ?? 'utf8');
    if (secret === undefined) {
      throw new RequestInvalidError([{ pointer: '/policy/secret', message: 'is not strict base64url (secret_encoding is base64url)' }]);
    }
    key = { type: 'secret', key: secret };
  } else {
    const parsed = keyCache.publicKey(policy.public_key as string);
    if (!parsed.ok) throw new RequestInvalidError([{ pointer: '/policy/public_key', message: parsed.reason }]);
    key = { type: 'public', key: parsed.key };
  }
  const resolution = Promise.resolve({ keys: [key] });
  return {
    policy,
    keySource: key.type === 'secret' ? 'secret' : 'public_key',
    resolveKeys: () => resolution,
  };
}

/**
 * `tenants` restricts the tid that fills in Entra ID's multi-tenant template; with any other issuer it
 * would do nothing, and a policy that silently ignores an allowlist is worse than one refused.
 */
export function tenantsWithoutTemplate(policy: Pick<VerifyPolicy, 'issuer' | 'tenants'>): string | undefined {
  if (policy.tenants === undefined || isTenantTemplate(policy.issuer)) return undefined;
  return 'applies only with the multi-tenant issuer https://login.microsoftonline.com/{tenantid}/v2.0 (or https://sts.windows.net/{tenantid}/); with any other issuer tid is not checked, so remove tenants or use the template';
}
