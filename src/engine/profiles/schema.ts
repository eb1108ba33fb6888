import { verifyPolicyClaimProperties, verifyPolicyClaimRequired } from '../schema/validate-request.ts';
import type { VerifyPolicy } from '../types.ts';

/** The key-source fields of a profile; exactly one is given (`discovery` counts only when true). */
export const PROFILE_KEY_SOURCES = ['secret', 'secret_env', 'public_key', 'jwks', 'jwks_uri', 'discovery'] as const;
export type ProfileKeySourceField = (typeof PROFILE_KEY_SOURCES)[number];

/**
 * One issuer profile: the operator's named trust policy, so a client sends `issuer_profile_id`
 * instead of a key. `id`, the claim fields of VerifyPolicy (shared with the validate request schema,
 * so the two cannot drift), and one key source. Exclusivity of the key source is checked in code,
 * where the message can name every field that was given.
 */
export const issuerProfileSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', ...verifyPolicyClaimRequired],
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 200, description: 'The issuer_profile_id that selects this profile.' },
    secret: { type: 'string', minLength: 1, description: 'HMAC shared secret for HS*.' },
    secret_env: {
      type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*$',
      description: 'Name of an environment variable holding the HMAC secret, read at start.',
    },
    secret_encoding: { type: 'string', enum: ['utf8', 'base64url'], description: 'How secret / secret_env is encoded (default utf8).' },
    public_key: { type: 'string', minLength: 1, description: 'SPKI PEM or X.509 certificate PEM.' },
    jwks: { type: 'object', description: 'An inline JWK Set: { "keys": [...] }, public keys only.' },
    jwks_uri: { type: 'string', minLength: 1, description: 'https URL of the issuer JWK Set, fetched and cached.' },
    discovery: { type: 'boolean', description: 'true: take jwks_uri from <issuer>/.well-known/openid-configuration, at first use (for Entra ID\'s https://login.microsoftonline.com/{tenantid}/v2.0 template, from the /common/v2.0 document that publishes it).' },
    ...verifyPolicyClaimProperties,
  },
} as const;

/** A profile as configured, once it has passed issuerProfileSchema. */
export interface IssuerProfile extends VerifyPolicy {
  id: string;
  secret_env?: string;
  jwks?: Record<string, unknown>;
  jwks_uri?: string;
  discovery?: boolean;
}
