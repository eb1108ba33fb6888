/**
 * The validation findings: what each code of POST /v1/validate means, the status it fails, and a worked
 * example for its page. Defined as every other area's are, with defineFinding (../findings.ts).
 */
import { defineFinding, type ExampleToken, type FindingDefinition, type FindingExample } from '../findings.ts';
import type { StatusName } from '../types.ts';

/** The instant every validation example is judged at, and the same in seconds since the epoch. */
const EXAMPLE_AT = '2026-01-05T09:15:00Z';
const EXAMPLE_NOW = Date.parse(EXAMPLE_AT) / 1000;
/** Where the issuer of the validation examples serves its keys. */
const EXAMPLE_KEYS = 'https://idp.example.com/keys';

/**
 * A config file for a validation example: the orders API's issuer profile (RS256 keys fetched from
 * EXAMPLE_KEYS) plus `profile` lines, and one sample checked against it plus `sample` lines.
 */
function profileSample(profile: readonly string[] = [], sample: readonly string[] = []): string {
  return [
    'profiles:',
    '  - id: orders-api',
    '    issuer: https://idp.example.com',
    '    audiences: [api://orders]',
    '    allowed_algs: [RS256]',
    `    jwks_uri: ${EXAMPLE_KEYS}`,
    ...profile.map((line) => `    ${line}`),
    '',
    'tokens:',
    '  - name: orders-token',
    '    token_file: sample.jwt',
    '    issuer_profile_id: orders-api',
    `    at: ${EXAMPLE_AT}`,
    ...sample.map((line) => `    ${line}`),
    '',
  ].join('\n');
}

/** The orders service's token, issued 5 minutes before EXAMPLE_AT for an hour, with `claims` changed (undefined drops one). */
function sampleToken(claims: Record<string, unknown> = {}, header: Record<string, unknown> = {}): ExampleToken {
  const all: Record<string, unknown> = {
    iss: 'https://idp.example.com', sub: 'svc-orders', aud: 'api://orders', iat: EXAMPLE_NOW - 300, exp: EXAMPLE_NOW + 3300, scope: 'orders:read', ...claims,
  };
  return { header: defined({ alg: 'RS256', kid: 'orders-2026', typ: 'JWT', ...header }), claims: defined(all) };
}

function defined(members: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(members).filter(([, value]) => value !== undefined));
}

/** A validation example: the profile sample above, its token, and the issuer's keys served. */
function validationExample(scenario: string, token: ExampleToken, profile: readonly string[] = [], sample: readonly string[] = []): FindingExample {
  return { scenario, config: profileSample(profile, sample), token, keysAt: EXAMPLE_KEYS };
}

/**
 * Validation findings, in the order a response lists them: by the status each one fails (algorithm,
 * signature, issuer, audience, time, required claims), then the warnings, which fail none.
 */
export const VALIDATION_FINDINGS = {
  ALGORITHM_INVALID: defineFinding({
    code: 'ALGORITHM_INVALID', severity: 'error', status: 'algorithm', area: 'validate',
    title: 'The token alg is not in allowed_algs, or is none',
    remediation: 'Sign the token with an algorithm listed in allowed_algs; alg "none" is never accepted.',
    docs: 'The header alg must be an exact, case-sensitive member of allowed_algs, and "none" fails in any letter case even when listed. This is checked before any key is looked up or any signature is verified, so the signature status fails too.',
    why: 'The token, not the verifier, names its algorithm. A verifier that follows it accepts unsigned tokens (alg "none") or lets an attacker pick an algorithm the key was never meant for, such as HS256 with the RSA public key as the HMAC secret: both forge any token.',
    securitySeverity: 8.1,
    example: validationExample('An unsigned token (alg "none") is presented to an API that accepts RS256 only.', sampleToken({}, { alg: 'none' })),
  }),
  SIGNATURE_INVALID: defineFinding({
    code: 'SIGNATURE_INVALID', severity: 'error', status: 'signature', area: 'validate',
    title: 'The signature does not verify with the configured key',
    remediation: 'Check that the policy key is the one the issuer signs with.',
    why: 'Nothing in a token whose signature fails can be trusted: its claims may have been edited, or it was signed by someone other than the issuer. For a sample expected to be valid, the usual cause is a policy pinned to a key the issuer has rotated away from.',
    securitySeverity: 7.5,
    example: validationExample('The token names the issuer\'s key, but was signed by another one.', { ...sampleToken(), signedByAnotherKey: true }),
  }),
  KEY_MISMATCH: defineFinding({
    code: 'KEY_MISMATCH', severity: 'error', status: 'signature', area: 'validate',
    title: 'The configured key cannot serve the token alg (wrong type, curve or size), or is outside the key-strength bounds',
    remediation: 'Use a secret for HS*, an RSA key of 2048 to 8192 bits with public exponent 65537 for RS*/PS*, the matching curve (P-256, P-384, P-521) for ES*, and an Ed25519/Ed448 key for EdDSA.',
    docs: 'A secret serves HS* only, RSA keys of 2048 to 8192 bits with an odd public exponent from 65537 up serve RS* and PS*, P-256/P-384/P-521 keys serve ES256/ES384/ES512, and Ed25519/Ed448 keys serve EdDSA. A JWKS key outside these bounds is skipped, and a token naming its kid fails with evidence.reason saying why (weak_exponent, key_too_small, unsupported_curve, …). A JWKS key that names an issuer (Microsoft\'s tenant-independent keys do) serves only tokens of that issuer: with Microsoft\'s {tenantid} template, the token\'s own tid filled in; so a key of one tenant cannot vouch for a token claiming another.',
    why: 'Using a key for an algorithm it was not made for is how key-confusion forgeries work (an RSA public key used as an HMAC secret), and a key outside the strength bounds can be forged with (an RSA exponent of 1 makes the signature just the padded hash) or costs every verification tens of times the work.',
    securitySeverity: 8.1,
    example: {
      scenario: 'A policy pins an EC P-256 public key, but allows and receives RS256 tokens.',
      config: [
        'tokens:',
        '  - name: orders-token',
        '    token_file: sample.jwt',
        `    at: ${EXAMPLE_AT}`,
        '    policy:',
        '      issuer: https://idp.example.com',
        '      audiences: [api://orders]',
        '      allowed_algs: [RS256]',
        '      public_key: |',
        '        -----BEGIN PUBLIC KEY-----',
        '        MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEw98K4qrAQs2Of4rXQN+ClzEqyTfm',
        '        VrXv7g7M7OqCj8/zaQBPsqKWiB2kAKt8eLJDhcHrU7+TLwpNUf90oHs42g==',
        '        -----END PUBLIC KEY-----',
        '',
      ].join('\n'),
      token: sampleToken(),
    },
  }),
  KEY_NOT_FOUND: defineFinding({
    code: 'KEY_NOT_FOUND', severity: 'error', status: 'signature', area: 'validate',
    title: 'No key in the JWKS fits the token kid and alg',
    remediation: 'Check that the issuer publishes the signing key in its JWKS with a matching kid, kty and alg.',
    docs: 'Keys are chosen by kid, then by a key type and curve that fit alg; a key whose use is not sig, whose key_ops lacks verify, or whose alg differs from the token\'s is never chosen. An unknown kid refetches the JWKS at most once every 30 seconds.',
    why: 'The token cannot be verified, so it is refused. For a real token this usually means the issuer rotated its keys and the JWKS (or the jwks_uri) the policy uses is not the issuer\'s current one.',
    securitySeverity: 5.3,
    example: {
      scenario: 'The issuer rotated to a new key (kid "orders-2026"), but the sample was signed with the retired one.',
      config: profileSample().replace('allowed_algs: [RS256]', 'allowed_algs: [ES256]'),
      token: sampleToken({}, { alg: 'ES256', kid: 'orders-2025' }),
      served: { [EXAMPLE_KEYS]: { keys: [{ kty: 'EC', crv: 'P-256', kid: 'orders-2026', use: 'sig', alg: 'ES256', x: 'XnrxM-lf8nP5N_Tp6peSHzZYN99S-2Sb7gET2xbhgYY', y: 'okNxd0gSehiWPNBym_wvyt1UXCB3xJU5I_ljiXXJVRg' }] } },
    },
  }),
  UNSUPPORTED_CRITICAL_HEADER: defineFinding({
    code: 'UNSUPPORTED_CRITICAL_HEADER', severity: 'error', status: 'signature', area: 'validate',
    title: 'The header carries crit entries or b64: false, which this validator does not support',
    docs: 'RFC 7515 §4.1.11: a recipient that does not understand every header parameter listed in crit must reject the token. oidc-gate understands none, and b64: false (RFC 7797, an unencoded payload) is refused too.',
    why: 'A crit parameter tells the verifier that the token means something it must enforce. Accepting it without understanding it would ignore a condition the issuer made part of the token\'s meaning.',
    fix: 'Issue the token without crit and b64 header parameters, or validate it with software that implements the extension it names.',
    securitySeverity: 5.3,
    example: validationExample('The token carries a critical header parameter this validator does not know.', sampleToken({}, { crit: ['https://idp.example.com/step-up'], 'https://idp.example.com/step-up': true })),
  }),
  JWKS_UNAVAILABLE: defineFinding({
    code: 'JWKS_UNAVAILABLE', severity: 'error', status: 'signature', area: 'validate',
    title: 'The JWKS could not be fetched and no keys are cached',
    remediation: 'Check that the JWKS URI is reachable from this host.',
    docs: 'The profile\'s jwks_uri (or the one its discovery document names) is fetched through the guarded fetcher: https only, public addresses only unless OUTBOUND_ALLOW names the host, 5 s, 512 KiB. With no key cached, the token cannot be verified.',
    why: 'A validator that cannot get the issuer\'s keys must refuse every token, so an unreachable JWKS is an outage for every client of the API.',
    securitySeverity: 5.3,
    example: {
      scenario: 'The profile\'s jwks_uri answers HTTP 404.',
      config: profileSample(),
      token: sampleToken(),
    },
  }),
  ISSUER_MISMATCH: defineFinding({
    code: 'ISSUER_MISMATCH', severity: 'error', status: 'issuer', area: 'validate',
    title: 'The iss claim does not equal the expected issuer',
    docs: 'The iss claim must equal the policy\'s issuer byte for byte: letter case and a trailing slash matter. The finding\'s remediation names a near miss when there is one. With Microsoft Entra ID\'s multi-tenant issuer https://login.microsoftonline.com/{tenantid}/v2.0 (as its /common/v2.0 and /organizations/v2.0 discovery documents publish it), iss must equal that template with the token\'s tid claim, a lower-case GUID, in place of {tenantid}; a missing or malformed tid, an iss of another tenant than tid, or a tid not in the policy\'s tenants list is this finding too.',
    why: 'The issuer says who vouches for the token. A loose comparison lets tokens of another tenant or another identity provider through, for instance any issuer that merely starts with the expected one.',
    fix: 'Set the policy issuer to the exact iss value the provider puts in its tokens (its discovery document\'s issuer), trailing slash and letter case included.',
    securitySeverity: 6.5,
    example: validationExample('The provider writes its issuer with a trailing slash; the profile does not.', sampleToken({ iss: 'https://idp.example.com/' })),
  }),
  AUDIENCE_MISMATCH: defineFinding({
    code: 'AUDIENCE_MISMATCH', severity: 'error', status: 'audience', area: 'validate',
    title: 'No allowed audience matches the aud claim',
    remediation: 'Request the token for one of the allowed audiences, or add its audience to the policy.',
    docs: 'aud may be a string or an array of strings; one of them must equal one of the policy\'s audiences. A missing aud, or one of another type, fails.',
    why: 'The audience says which API a token is for. Without the check, a token issued to one API (or to any client of the same provider) is accepted by another: a compromised or malicious service could replay the tokens it receives against yours.',
    securitySeverity: 6.5,
    example: validationExample('A token issued for the billing API is presented to the orders API.', sampleToken({ aud: 'api://billing' })),
  }),
  TOKEN_EXPIRED: defineFinding({
    code: 'TOKEN_EXPIRED', severity: 'error', status: 'time', area: 'validate',
    title: 'exp is at or before now (less clock skew)',
    docs: 'A token is expired when exp ≤ now − clock_skew_seconds (RFC 7519 §4.1.4). Samples are judged at their at: instant, so a committed sample stays checkable after its token expires.',
    why: 'Expiry bounds how long a stolen token is useful. A token past its exp must be refused even when everything else about it is right.',
    fix: 'Get a fresh token. For a sample in a config file, set at: to an instant inside the token\'s lifetime, or expect: [TOKEN_EXPIRED] if the sample is meant to be expired.',
    securitySeverity: 5.3,
    example: validationExample('The sample token expired an hour before the instant it is judged at.', sampleToken({ iat: EXAMPLE_NOW - 7200, exp: EXAMPLE_NOW - 3600 })),
  }),
  TOKEN_NOT_YET_VALID: defineFinding({
    code: 'TOKEN_NOT_YET_VALID', severity: 'error', status: 'time', area: 'validate',
    title: 'nbf is after now (plus clock skew)',
    docs: 'A token with nbf > now + clock_skew_seconds is not valid yet (RFC 7519 §4.1.5).',
    why: 'A token that is not valid yet was issued for later use; accepting it early defeats the issuer\'s scheduling, and a large gap usually means a wrong clock on one side.',
    fix: 'Check the issuer\'s and the validator\'s clocks; allow for small drift with clock_skew_seconds. For a sample, set at: to an instant after nbf.',
    securitySeverity: 4.3,
    example: validationExample('The token becomes valid ten minutes after the instant it is judged at.', sampleToken({ nbf: EXAMPLE_NOW + 600 })),
  }),
  TOKEN_ISSUED_IN_FUTURE: defineFinding({
    code: 'TOKEN_ISSUED_IN_FUTURE', severity: 'error', status: 'time', area: 'validate',
    title: 'iat is after now (plus clock skew)',
    remediation: 'Check the issuer clock, or allow for drift with clock_skew_seconds.',
    docs: 'A token with iat > now + clock_skew_seconds claims to have been issued in the future.',
    why: 'A future iat means the issuer\'s clock or the validator\'s is wrong, or the token was minted with a forged time. Either way its lifetime checks cannot be trusted.',
    securitySeverity: 4.3,
    example: validationExample('The token says it was issued an hour after the instant it is judged at.', sampleToken({ iat: EXAMPLE_NOW + 3600, exp: EXAMPLE_NOW + 7200 })),
  }),
  TOKEN_LIFETIME_EXCEEDED: defineFinding({
    code: 'TOKEN_LIFETIME_EXCEEDED', severity: 'error', status: 'time', area: 'validate',
    title: 'exp - iat exceeds max_ttl_seconds, or exp or iat is missing while max_ttl_seconds is set',
    docs: 'With max_ttl_seconds set, a token must carry both iat and exp, and exp − iat must not exceed it.',
    why: 'max_ttl_seconds caps how long a stolen token stays useful, whatever the issuer is configured to hand out. A token that lives longer than the API accepts is usually an issuer misconfiguration that widens that window.',
    fix: 'Shorten the access token lifetime at the issuer to at most max_ttl_seconds, or raise max_ttl_seconds if the longer lifetime is intended.',
    securitySeverity: 5.3,
    example: validationExample('The API accepts tokens that live at most an hour; the issuer hands out tokens valid for 30 days.', sampleToken({ exp: EXAMPLE_NOW - 300 + 30 * 86400 }), ['max_ttl_seconds: 3600']),
  }),
  CLAIM_TYPE_INVALID: defineFinding({
    code: 'CLAIM_TYPE_INVALID', severity: 'error', status: 'time', area: 'validate',
    title: 'exp, nbf or iat is not a finite number',
    docs: 'exp, nbf and iat are NumericDate values (RFC 7519 §2): seconds since the epoch as a JSON number. A string, null or a number too large to be finite (1e309) fails.',
    why: 'Validators disagree on how to read a time claim of the wrong type: some skip the check altogether, which turns an expiry into no expiry. Refusing it is the only reading every party shares.',
    fix: 'Have the issuer write exp, nbf and iat as numbers of seconds since 1970-01-01T00:00:00Z, not as strings or dates.',
    securitySeverity: 5.3,
    example: validationExample('The issuer writes exp as a date string instead of a number of seconds.', sampleToken({ exp: '2026-01-05T10:10:00Z' })),
  }),
  REQUIRED_CLAIM_MISSING: defineFinding({
    code: 'REQUIRED_CLAIM_MISSING', severity: 'error', status: 'required_claims', area: 'validate',
    title: 'A claim listed in required_claims is absent',
    docs: 'Every claim named in required_claims must be present, whatever its value; one finding per missing claim.',
    why: 'An API that reads a claim it did not require acts on whatever the token leaves out: a missing sub or azp can make requests anonymous or attribute them to the wrong client.',
    fix: 'Have the issuer include the claim (a claim mapping or scope at the provider), or drop it from required_claims if the API does not use it.',
    securitySeverity: 5.3,
    example: validationExample('The API needs to know which client asked for the token, but the token has no azp claim.', sampleToken(), ['required_claims: [sub, azp]']),
  }),
  REQUIRED_SCOPE_MISSING: defineFinding({
    code: 'REQUIRED_SCOPE_MISSING', severity: 'error', status: 'required_claims', area: 'validate',
    title: 'A scope listed in required_scopes is absent from scope (or scp)',
    docs: 'Scopes are read from scope (space-delimited), else from scp (a string or an array). One finding lists every missing scope.',
    why: 'Scopes are what the user or client was granted. Accepting a token without the scope an operation needs lets a client do more than it was allowed to.',
    fix: 'Request the token with the missing scopes (and have the client allowed them at the provider), or check the operation against the scopes it really needs.',
    securitySeverity: 6.5,
    example: validationExample('The API requires orders:write, but the token was granted orders:read only.', sampleToken(), ['required_scopes: [orders:write]']),
  }),
  CUSTOM_CLAIM_MISMATCH: defineFinding({
    code: 'CUSTOM_CLAIM_MISMATCH', severity: 'error', status: 'required_claims', area: 'validate',
    title: 'A claim does not match its required_custom_claims expectation',
    docs: 'A scalar expectation matches an equal value or an array holding it; an array expectation matches when every item is in the claim\'s array; an object expectation matches on its own keys, recursively. One finding per claim.',
    why: 'Custom claims carry tenancy, roles and environments. A token of the wrong tenant that passes because nobody checked the claim is a cross-tenant access.',
    fix: 'Request the token from the right tenant or environment, or correct the expected value in required_custom_claims.',
    securitySeverity: 6.5,
    example: validationExample('The API serves the EU tenant; the token belongs to the US one.', sampleToken({ tenant: 'acme-us' }), ['required_custom_claims: { tenant: acme-eu }']),
  }),
  CLAIM_PATTERN_MISMATCH: defineFinding({
    code: 'CLAIM_PATTERN_MISMATCH', severity: 'error', status: 'required_claims', area: 'validate',
    title: 'A claim matches none of its required_claim_patterns',
    docs: 'Patterns use AWS StringLike syntax: * matches any run of characters (none included), ? exactly one, everything else only itself, case-sensitively. A claim given a list of patterns must match one of them. Only a string claim can match: a missing claim, a number or an array fails. One finding per claim.',
    why: 'Workload identity tokens name the workload in their claims (GitHub\'s sub is repo:OWNER/REPO:ref:refs/heads/BRANCH). Without the check, a token of another repository, branch or pull request of the same issuer is accepted as if it were the deploy job\'s.',
    fix: 'Run the workload from a repository, branch or environment the patterns admit, or correct the pattern (remember that * also matches / and :).',
    securitySeverity: 7.5,
    example: validationExample('The API accepts tokens of the orders service account only; the token names another one.', sampleToken({ sub: 'svc-billing' }), ['required_claim_patterns: { sub: "svc-orders*" }']),
  }),
  TOKEN_TYPE_MISMATCH: defineFinding({
    code: 'TOKEN_TYPE_MISMATCH', severity: 'error', status: 'required_claims', area: 'validate',
    title: 'The typ header does not match token_type',
    docs: 'typ and token_type are compared in lower case without an application/ prefix, so at+jwt matches application/at+JWT. A missing typ fails.',
    why: 'An ID token and an access token from the same issuer can carry the same iss and aud. Checking typ (at+jwt for RFC 9068 access tokens) stops an ID token, which any client may hold, from being used as an access token.',
    fix: 'Have the issuer set the typ header (at+jwt for access tokens), or set token_type to the type it really issues.',
    securitySeverity: 6.5,
    example: validationExample('The API accepts access tokens only (typ at+jwt); the token has typ JWT.', sampleToken(), ['token_type: at+jwt']),
  }),
  PROFILE_NOT_FOUND: defineFinding({
    code: 'PROFILE_NOT_FOUND', severity: 'error', area: 'validate',
    title: 'issuer_profile_id names no registered issuer profile',
    remediation: 'Register the profile in ISSUER_PROFILES_JSON / ISSUER_PROFILES_FILE, or fix the id.',
    docs: 'In the service, profiles come from ISSUER_PROFILES_JSON or ISSUER_PROFILES_FILE; in the action and the CLI, from the profiles: lists of the config files and the issuer-profiles file. Every status fails.',
    why: 'Without its profile there is no trust policy to check the token against, so it is refused; a misspelt id in a client means every one of its tokens fails.',
    fix: 'Fix the id, or register the profile: a profiles: entry in a config file or the issuer-profiles file for the action and the CLI, ISSUER_PROFILES_JSON / ISSUER_PROFILES_FILE for the service.',
    securitySeverity: 4.3,
    example: {
      scenario: 'The sample names a profile id that no config file defines (orders-apy for orders-api).',
      config: profileSample().replace('issuer_profile_id: orders-api', 'issuer_profile_id: orders-apy'),
      token: sampleToken(),
      keysAt: EXAMPLE_KEYS,
    },
  }),
  EXPIRATION_MISSING: defineFinding({
    code: 'EXPIRATION_MISSING', severity: 'warning', area: 'validate',
    title: 'The token has no exp claim and never expires',
    remediation: 'Issue tokens with an exp claim, or set max_ttl_seconds to require one.',
    why: 'A token without exp is valid forever: once it leaks (a log, a browser history, a support ticket) it works until the key is rotated.',
    securitySeverity: 6.5,
    example: validationExample('The issuer hands out tokens without an expiry.', sampleToken({ exp: undefined })),
  }),
  WEAK_SECRET: defineFinding({
    code: 'WEAK_SECRET', severity: 'warning', area: 'validate',
    title: 'The HMAC secret is shorter than the hash output (32/48/64 bytes)',
    remediation: 'Use a random secret at least as long as the hash output (RFC 7518 §3.2).',
    why: 'Anyone holding a token can try secrets offline, as fast as they can compute HMACs, with no rate limit. A short or guessable secret is found that way, and with it every token can be forged.',
    securitySeverity: 7.5,
    example: {
      scenario: 'An internal API verifies HS256 tokens with a short, guessable secret.',
      config: [
        'tokens:',
        '  - name: internal-token',
        '    token_file: sample.jwt',
        `    at: ${EXAMPLE_AT}`,
        '    policy:',
        '      issuer: https://idp.example.com',
        '      audiences: [api://orders]',
        '      allowed_algs: [HS256]',
        '      secret: changeme',
        '',
      ].join('\n'),
      token: sampleToken({}, { alg: 'HS256', kid: undefined }),
    },
  }),
  JWKS_STALE: defineFinding({
    code: 'JWKS_STALE', severity: 'warning', area: 'validate',
    title: 'Keys were served from a cache whose refresh failed',
    remediation: 'Check that the JWKS URI is reachable from this host.',
    docs: 'A JWKS is cached for its Cache-Control max-age (1 minute to 24 hours, default 10 minutes). When a refresh fails, the last good set keeps serving for up to 24 hours, and each validation that uses it carries this warning in metadata.warnings.',
    why: 'The validator keeps working through a short outage of the issuer, but it cannot see a rotation or a revoked key until the JWKS answers again; after 24 hours the set is dropped and every token fails with JWKS_UNAVAILABLE.',
    securitySeverity: 3.1,
    example: {
      scenario: 'The service fetched the profile\'s JWKS an hour ago; since then its jwks_uri has been failing. Each validation still succeeds with the cached keys and carries the warning (a single gate run fetches each JWKS once, so only the service reports this code).',
      transcript: [
        '"metadata": {',
        '  "alg": "RS256", "kid": "orders-2026", "key_source": "jwks", "jwks_cache": "stale",',
        '  "warnings": [{',
        '    "code": "JWKS_STALE", "severity": "warning",',
        '    "message": "The JWKS at https://idp.example.com/keys could not be refreshed (http_status); keys fetched 3600 s ago were used.",',
        '    "evidence": { "jwks_uri": "https://idp.example.com/keys", "reason": "http_status", "age_seconds": 3600 },',
        '    "remediation": "Check that the JWKS URI is reachable from this host."',
        '  }]',
        '}',
      ].join('\n'),
    },
  }),
} as const satisfies Record<string, FindingDefinition>;

/**
 * Order in which a validation response lists its findings: the order the checks run, from whether the
 * token can be trusted at all (algorithm, signature) to what it claims (issuer, audience, time, claims).
 */
export const STATUS_ORDER: readonly StatusName[] = ['algorithm', 'signature', 'issuer', 'audience', 'time', 'required_claims'];
