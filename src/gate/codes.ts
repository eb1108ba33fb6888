import { defineFinding, type FindingDefinition } from '../engine/index.ts';

/** What a gate code's page and SARIF rule say beyond its title and remediation. */
type GateDocs = Pick<FindingDefinition, 'docs' | 'why' | 'fix' | 'securitySeverity' | 'example'>;

/** Every gate code is an error: a gate that cannot read its input, or whose sample failed, must not pass. */
function gateFinding<const C extends string>(code: C, title: string, remediation: string, docs: GateDocs, config = true) {
  return defineFinding({ code, severity: 'error', area: 'gate', title, remediation, config, ...docs });
}

/** A gate warning: about a suppression that no longer does what it was written for. Never a config error. */
function gateWarning<const C extends string>(code: C, title: string, remediation: string, docs: GateDocs) {
  return defineFinding({ code, severity: 'warning', area: 'gate', title, remediation, config: false, ...docs });
}

/** A provider with a plain-http redirect URI (INSECURE_URI at /redirect_uris/0), for the suppression examples. */
const LOCAL_CALLBACK_PROVIDER = [
  'providers:',
  '  - name: orders-web',
  '    issuer: https://idp.example.com',
  '    client_id: orders-web',
  '    audiences: [api://orders]',
  '    jwks_uri: https://idp.example.com/keys',
  '    redirect_uris:',
  '      - http://localhost:8080/callback',
  '    alg_policy: { allowed_algs: [RS256] }',
  '',
].join('\n');

/** A config file for a gate example: one sample token of the orders API, checked against its issuer profile. */
const ORDERS_SAMPLE = [
  'profiles:',
  '  - id: orders-api',
  '    issuer: https://idp.example.com',
  '    audiences: [api://orders]',
  '    allowed_algs: [RS256]',
  '    jwks_uri: https://idp.example.com/keys',
  '',
  'tokens:',
  '  - name: orders-token',
  '    token_file: sample.jwt',
  '    issuer_profile_id: orders-api',
  '    at: 2026-01-05T09:15:00Z',
  '',
].join('\n');

/** The orders service's token of the gate examples, valid at 2026-01-05T09:15:00Z. */
const ORDERS_TOKEN = {
  header: { alg: 'RS256', kid: 'orders-2026', typ: 'JWT' },
  claims: { iss: 'https://idp.example.com', sub: 'svc-orders', aud: 'api://orders', iat: 1767604200, exp: 1767607800, scope: 'orders:read' },
};

/** Where the lock examples' lock file is, as `oidc-gate lock` writes it by default. */
const EXAMPLE_LOCK = '.github/oidc-gate/jwks.lock.json';

/** A provider whose keys are fetched (its jwks_uri), for the lock examples. */
const LOCKED_PROVIDER = [
  'providers:',
  '  - name: orders-web',
  '    issuer: https://idp.example.com',
  '    client_id: orders-web',
  '    audiences: [api://orders]',
  '    jwks_uri: https://idp.example.com/keys',
  '    redirect_uris: [https://orders.example.com/callback]',
  '    alg_policy: { allowed_algs: [RS256] }',
  '',
].join('\n');

/** The lock file `oidc-gate lock` wrote while orders-web served one key. */
const LOCK_OF_ORDERS_WEB = `${JSON.stringify({
  version: 1,
  entries: [{
    kind: 'provider', file: '.github/oidc-gate/identity.yml', name: 'orders-web', jwks_uri: 'https://idp.example.com/keys',
    keys: [{ kid: 'orders-2025', thumbprint: 'NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs' }],
  }],
}, null, 2)}\n`;

/**
 * Codes the gate (the action and the CLI) reports next to the engine's findings: problems with its
 * own input, and sample tokens that did not turn out as expected. `config: true` marks a problem with
 * the input rather than a finding about identity configuration; the CLI exits 2 for those. These are
 * data like every other code's definition, so they live in the engine with the rest of the catalogue.
 */
export const GATE_CODES = {
  CONFIG_NOT_FOUND: gateFinding('CONFIG_NOT_FOUND', 'No config file matched the config patterns',
    'Write a first config file with `oidc-gate init --issuer URL` (it writes .github/oidc-gate/oidc.yml), or make the `config` globs (default .github/oidc-gate/**/*.yml and .yaml) or the paths given to `oidc-gate check` match where your config files are.', {
      why: 'A gate that checks nothing would pass every pull request, so a run that finds no config file fails instead: usually the config globs, or the paths given to oidc-gate check, do not match where the files are.',
      securitySeverity: 4.0,
      example: { scenario: 'A repository without a .github/oidc-gate/ directory, checked with the default config globs.' },
    }),
  CONFIG_UNREADABLE: gateFinding('CONFIG_UNREADABLE', 'A config file could not be read',
    'Check that the file exists, is a regular file and is readable.', {
      docs: 'Config files must be regular files inside the repository and outside .git, links followed. A link that leads elsewhere is refused, never read.',
      why: 'A pull request controls every file and link in the repository. A config file that is a link to a file outside it (the runner\'s credentials, .git/config with the checkout token) would otherwise be read, and parts of it could be echoed into findings.',
      securitySeverity: 5.3,
      example: {
        scenario: 'A pull request adds a config file that is a symbolic link to a file outside the repository.',
        links: { '.github/oidc-gate/shared.yml': '/etc/passwd' },
      },
    }),
  CONFIG_YAML_INVALID: gateFinding('CONFIG_YAML_INVALID', 'A config file is not valid YAML',
    'Fix the YAML syntax at the reported line.', {
      why: 'A file that does not parse checks nothing; the gate fails rather than pass with the file silently skipped. The other files are still checked.',
      securitySeverity: 4.0,
      example: {
        scenario: 'A merge left the same key twice in one entry.',
        config: ['providers:', '  - name: orders-web', '    issuer: https://idp.example.com', '    issuer: https://idp.example.com/v2', ''].join('\n'),
      },
    }),
  CONFIG_TOO_LARGE: gateFinding('CONFIG_TOO_LARGE', 'A config file is over a size limit',
    'Keep each file under 1 MiB and 10,000 YAML nodes once aliases are expanded (an alias counts as a copy of what it names at every use), and a run under 1,000 entries (providers, profiles, samples and trust policies): split large files, use fewer aliases, or check fewer files per run.', {
      why: 'YAML aliases let a few hundred bytes expand to millions of nodes (a "billion laughs"), and a pull request can commit such a file. Limits keep one file from exhausting the runner, and the gate fails rather than skip it.',
      securitySeverity: 4.0,
      example: {
        scenario: 'A few lines of nested YAML aliases that would expand to 10,000 sample entries.',
        config: [
          'x: &x [a, a, a, a, a, a, a, a, a, a]',
          'y: &y [*x, *x, *x, *x, *x, *x, *x, *x, *x, *x]',
          'z: &z [*y, *y, *y, *y, *y, *y, *y, *y, *y, *y]',
          'tokens: [*z, *z, *z, *z, *z, *z, *z, *z, *z, *z]',
          '',
        ].join('\n'),
      },
    }),
  CONFIG_INVALID: gateFinding('CONFIG_INVALID', 'A config entry has the wrong shape',
    'A config file is a map of lists (providers, profiles, tokens, suppressions, trust_policies); docs/config.md lists the fields of each.', {
      why: 'An entry of the wrong shape cannot be checked, and a gate that skipped it silently would pass a configuration nobody looked at.',
      securitySeverity: 4.0,
      example: {
        scenario: 'providers: holds one entry written as a map instead of a list of entries.',
        config: ['providers:', '  name: orders-web', '  issuer: https://idp.example.com', ''].join('\n'),
      },
    }),
  CONFIG_UNKNOWN_KEY: gateFinding('CONFIG_UNKNOWN_KEY', 'A config entry has a key oidc-gate does not know',
    'Remove the key or fix its spelling; unknown keys are refused so that a typo never passes silently.', {
      why: 'A misspelt key would otherwise be ignored, and the check it was meant to turn on would silently not run: audience: instead of audiences: leaves the audience unchecked while the file looks right.',
      securitySeverity: 4.0,
      example: {
        scenario: 'audiences is written audience.',
        config: [
          'providers:', '  - name: orders-web', '    issuer: https://idp.example.com', '    client_id: orders-web', '    audience: [api://orders]',
          '    jwks_uri: https://idp.example.com/keys', '    redirect_uris: [https://orders.example.com/callback]', '    alg_policy: { allowed_algs: [RS256] }', '',
        ].join('\n'),
      },
    }),
  TOKEN_FILE_MISSING: gateFinding('TOKEN_FILE_MISSING', 'A sample token file does not exist or cannot be read',
    'token_file is relative to the config file; check the path.', {
      why: 'A sample that cannot be read checks nothing; the gate fails rather than pass without it.',
      securitySeverity: 4.0,
      example: {
        scenario: 'The sample\'s token file was renamed, and the config still names the old file.',
        config: ORDERS_SAMPLE.replace('token_file: sample.jwt', 'token_file: orders-service.jwt'),
      },
    }),
  TOKEN_FILE_INVALID: gateFinding('TOKEN_FILE_INVALID', 'A sample token file is outside the repository, empty or too large',
    'Keep sample tokens inside the repository, one compact JWT per file.', {
      docs: 'token_file is read only from inside the repository and outside .git, links followed, and at most 64 KiB; an empty file is refused too.',
      why: 'A pull request controls token_file. Without the boundary it could make the gate read any file the runner can (its credentials, .git/config with the checkout token) and leak parts of it through findings.',
      securitySeverity: 5.3,
      example: {
        scenario: 'A pull request points token_file at a file outside the repository.',
        config: ORDERS_SAMPLE.replace('token_file: sample.jwt', 'token_file: /etc/passwd'),
      },
    }),
  REQUEST_INVALID: gateFinding('REQUEST_INVALID', 'The engine refused the entry (HTTP 422 from the service)',
    'Fix the field named in the message; docs/config.md lists the fields of each entry kind.', {
      docs: 'The entry reached the engine, which refused it as the service would with HTTP 422: a field has the wrong type, a required field is missing, or a value is out of range (docs/validation.md and docs/security.md list the limits). The message names each field.',
      why: 'A request the engine refuses is never checked, so the gate fails rather than pass with the entry unchecked.',
      securitySeverity: 4.0,
      example: {
        scenario: 'audiences is written as a string instead of a list.',
        config: [
          'providers:', '  - name: orders-web', '    issuer: https://idp.example.com', '    client_id: orders-web', '    audiences: api://orders',
          '    jwks_uri: https://idp.example.com/keys', '    redirect_uris: [https://orders.example.com/callback]', '    alg_policy: { allowed_algs: [RS256] }', '',
        ].join('\n'),
      },
    }),
  PROFILE_INVALID: gateFinding('PROFILE_INVALID', 'An issuer profile is invalid',
    'Fix the profile field named in the message; a profile needs an id, the policy fields and exactly one key source.', {
      docs: 'A profile needs an id, the policy fields (issuer, audiences, allowed_algs) and exactly one key source: secret, secret_env, public_key, jwks, jwks_uri or discovery: true. In a repository, secret_env may only name variables that start with OIDC_GATE_.',
      why: 'A profile that cannot be built checks no token. And secret_env in a repository file is written by whoever opens the pull request: limited to OIDC_GATE_ variables, it cannot read the runner\'s own secrets, nor learn their length from the warning a short secret draws.',
      securitySeverity: 5.3,
      example: {
        scenario: 'A pull request adds a profile whose secret is read from the runner\'s GITHUB_TOKEN.',
        config: ['profiles:', '  - id: internal-api', '    issuer: https://idp.example.com', '    audiences: [api://internal]', '    allowed_algs: [HS256]', '    secret_env: GITHUB_TOKEN', ''].join('\n'),
      },
    }),
  PROFILE_DUPLICATE: gateFinding('PROFILE_DUPLICATE', 'Two issuer profiles share an id',
    'Give every profile a unique id across all config files and the issuer-profiles file.', {
      why: 'Samples name profiles by id; with two profiles of one id, which policy a sample is checked against would depend on file order.',
      securitySeverity: 4.0,
      example: {
        scenario: 'Two profiles share the id orders-api.',
        config: ORDERS_SAMPLE.replace('\ntokens:', '  - id: orders-api\n    issuer: https://idp.example.com/v2\n    audiences: [api://orders]\n    allowed_algs: [ES256]\n    jwks_uri: https://idp.example.com/v2/keys\n\ntokens:'),
        token: ORDERS_TOKEN,
        keysAt: 'https://idp.example.com/keys',
      },
    }),
  EXPECTATION_FAILED: gateFinding('EXPECTATION_FAILED', 'A sample token did not turn out as its `expect` says',
    'Either the trust policy changed in a way that breaks this sample, or the sample is out of date; see the findings.', {
      docs: 'expect: invalid or a list of codes failed: the sample turned out valid, or without one of the listed codes. (A sample expected to be valid that is not is reported with the validation codes themselves.)',
      why: 'Negative samples are how a repository proves its policy refuses what it must. When a token that used to fail now passes, the trust policy was loosened, perhaps by accident: an audience added, an algorithm allowed, a check removed.',
      securitySeverity: 7.0,
      example: {
        scenario: 'A token for another API is kept as a negative sample, but the policy now accepts it: someone added its audience.',
        config: ORDERS_SAMPLE
          .replace('audiences: [api://orders]', 'audiences: [api://orders, api://billing]')
          .replace('  - name: orders-token', '  - name: billing-token-refused')
          .replace('    at: 2026-01-05T09:15:00Z', '    expect: [AUDIENCE_MISMATCH]\n    at: 2026-01-05T09:15:00Z'),
        token: { ...ORDERS_TOKEN, claims: { ...ORDERS_TOKEN.claims, aud: 'api://billing' } },
        keysAt: 'https://idp.example.com/keys',
      },
    }, false),
  MALFORMED_TOKEN: gateFinding('MALFORMED_TOKEN', 'A sample token is not a parseable compact JWS (HTTP 400 from the service)',
    'Check the sample token file: one compact JWT, three base64url segments.', {
      docs: 'A sample token must be a compact JWS: three segments of strict base64url, a header and payload that are JSON objects without repeated member names, and a string alg. A sample may expect it (expect: invalid or [MALFORMED_TOKEN]).',
      why: 'A token that does not parse tells nothing about the policy: the sample file is probably not a token at all (a copied response, a base64 PEM, a truncated paste).',
      securitySeverity: 4.0,
      example: {
        scenario: 'The sample file holds the whole token response, not the token.',
        config: ORDERS_SAMPLE.replace('token_file: sample.jwt', 'token: \'{"access_token": "…", "token_type": "Bearer"}\''),
      },
    }, false),
  INTERNAL_ERROR: gateFinding('INTERNAL_ERROR', 'oidc-gate failed unexpectedly while checking an entry',
    'This is a bug in oidc-gate, not in your configuration: please report it with the oidc-gate version and the entry kind. The other entries were still checked.', {
      why: 'oidc-gate fails closed: an entry it could not check is never counted as passing. The message never includes the exception, which could quote the entry\'s secrets.',
      securitySeverity: 4.0,
      example: {
        scenario: 'A bug in oidc-gate stops it while checking one sample; the other entries are still checked. (No configuration draws this code on purpose.)',
        transcript: '.github/oidc-gate/identity.yml:8:5  error  INTERNAL_ERROR  oidc-gate failed unexpectedly while checking the sample token "orders-token", so it was not checked. This is a bug in oidc-gate: please report it. [sample orders-token]',
      },
    }, false),
  ID_TOKEN_UNAVAILABLE: gateFinding('ID_TOKEN_UNAVAILABLE', 'The job\'s own ID token could not be requested for `id_token: true`',
    'Add `permissions: id-token: write` to the job (or the workflow) that runs oidc-gate.', {
      docs: 'A trust policy with `id_token: true` makes the action request the job\'s own ID token for the entry\'s first audience and check it against the entry. The runner hands out ID tokens only to jobs granted `permissions: id-token: write`; without it the check cannot run. (The CLI never requests one: there `id_token: true` is a CHECK_SKIPPED warning.)',
      why: 'id_token: true is the proof that the tokens this workflow really gets are the ones the cloud role accepts. A check that silently did not run would pass a trust policy no real token satisfies, or one that admits more than it should.',
      securitySeverity: 4.0,
      example: {
        scenario: 'A workflow runs oidc-gate with id_token: true on its deploy role, but the job has no id-token: write permission. (Only a GitHub Actions job can draw this code.)',
        transcript: '.github/oidc-gate/identity.yml:6:5  error  ID_TOKEN_UNAVAILABLE  Trust policy "deploy-prod" has id_token: true, but this job may not request an ID token: add "permissions: id-token: write" to the job (or the workflow). [sample deploy-prod (job ID token)]',
      },
    }),
  TRUST_DOCUMENT_UNKNOWN: gateFinding('TRUST_DOCUMENT_UNKNOWN', 'A trust document in a Terraform plan or CloudFormation template is not known until it is applied',
    'Judge the trust where it is known: plan again once what it depends on exists (the first plan that creates an OIDC provider knows the role\'s trust only after apply), write the document literally in the template, or name the resource\'s own trust file in its own trust_policies entry. Until then, accept it with a `suppressions:` item (a reason and an expiry) if that is your decision.', {
      docs: 'A resource whose trust fields Terraform knows only after apply (after_unknown), or marks sensitive, and a CloudFormation role whose AssumeRolePolicyDocument or Statement is a function (Fn::If, Fn::ImportValue), cannot be judged: what it will admit is not in the file. It is an error, never a pass, and unlike a configuration error it can be baselined or suppressed with a reason; the other resources of the file are still judged.',
      why: 'A trust document the checker cannot read may admit anyone. A gate that passed it, or skipped it without a word, would let the broadest role through on the very pull request that creates it.',
      securitySeverity: 5.0,
      example: {
        scenario: 'A plan creates an OIDC provider and the role that trusts it: the role\'s assume_role_policy names the provider\'s ARN, known only after apply.',
        config: ['trust_policies:', '  - name: infra', '    terraform_plan: plan.json', ''].join('\n'),
        files: { '.github/oidc-gate/plan.json': "{\n  \"format_version\": \"1.2\",\n  \"terraform_version\": \"1.9.0\",\n  \"resource_changes\": [\n    {\n      \"address\": \"aws_iam_role.deploy\",\n      \"mode\": \"managed\",\n      \"type\": \"aws_iam_role\",\n      \"name\": \"deploy\",\n      \"change\": {\n        \"actions\": [\n          \"create\"\n        ],\n        \"after\": {\n          \"name\": \"deploy\"\n        },\n        \"after_unknown\": {\n          \"assume_role_policy\": true,\n          \"arn\": true\n        }\n      }\n    }\n  ]\n}" },
      },
    }, false),
  SUPPRESSION_INVALID: gateFinding('SUPPRESSION_INVALID', 'A suppression is malformed',
    'Write an inline suppression as `# oidc-gate: ignore[CODE] reason` on the finding\'s line or the line above, and a `suppressions:` item as `{ code, reason }` with optional `entry`, `field` and `expires` (an RFC 3339 date); name a code oidc-gate reports, and give a reason.', {
      docs: 'Every suppression needs a reason, and must name a code oidc-gate reports that a suppression may hide: configuration errors (the gate could not check what it was given) and the SUPPRESSION_ codes themselves cannot be suppressed. expires is an RFC 3339 date (2026-06-30, through the end of that day UTC) or date-time. A malformed suppression hides nothing.',
      why: 'A suppression hides a finding from the gate. One without a reason cannot be reviewed, and one that names a code that does not exist, or whose expiry cannot be read, looks as if it hides something while it hides nothing, or would hide it for ever.',
      securitySeverity: 4.0,
      example: {
        scenario: 'A local callback is suppressed inline, but the comment gives no reason.',
        config: LOCAL_CALLBACK_PROVIDER.replace('      - http://localhost', '      # oidc-gate: ignore[INSECURE_URI]\n      - http://localhost'),
      },
    }),
  SUPPRESSION_EXPIRED: gateWarning('SUPPRESSION_EXPIRED', 'A suppression has expired and no longer applies',
    'Fix what the suppression hid, or, if it is still accepted, move its `expires` date on (and say why in its reason).', {
      docs: 'A `suppressions:` item with an `expires` date in the past no longer hides anything: the findings it covered are reported again, and this warning says so at the suppression.',
      why: 'An expiry is a promise to look again. When the date passes, the finding comes back rather than staying hidden for good, so an accepted risk is reviewed instead of forgotten.',
      securitySeverity: 2.0,
      example: {
        scenario: 'A local callback was accepted until the end of 2025.',
        config: [
          LOCAL_CALLBACK_PROVIDER.trimEnd(),
          'suppressions:',
          '  - code: INSECURE_URI',
          '    entry: orders-web',
          '    field: /redirect_uris/0',
          '    reason: local development callback, removed with the 2025 login rework',
          '    expires: 2025-12-31',
          '',
        ].join('\n'),
      },
    }),
  SUPPRESSION_UNUSED: gateWarning('SUPPRESSION_UNUSED', 'A suppression matched no finding',
    'If what it hid has been fixed, remove the suppression. If it was meant to match a finding that is still reported, correct its code, entry and field (or move an inline comment onto the finding\'s line or the line above).', {
      docs: 'An inline suppression covers the findings on its own line (a comment after a value) or on the next line (a comment on a line of its own); a `suppressions:` item covers the findings of its own file with its code, and its entry and field when given. One that covers nothing is reported, except where the check it names may not have run: a fetch skipped offline (CHECK_SKIPPED lists the check) or an entry refused for a configuration error. Each code of an inline comment counts on its own; the baseline\'s entries that match nothing are counted in the report (summary.baseline), not warned about.',
      why: 'A suppression that hides nothing today will hide the next finding that happens to match it, unseen. Removing it when the finding is fixed keeps every suppression a decision someone made.',
      securitySeverity: 2.0,
      example: {
        scenario: 'The redirect URI wildcard was fixed, but its suppression was left behind.',
        config: [
          LOCAL_CALLBACK_PROVIDER.replace('http://localhost:8080/callback', 'https://orders.example.com/callback').trimEnd(),
          'suppressions:',
          '  - code: REDIRECT_URI_WILDCARD',
          '    entry: orders-web',
          '    reason: preview deployments use per-branch callback hosts',
          '',
        ].join('\n'),
      },
    }),
  // A warning about what a provider serves, not about the gate's input: a key rotation may be planned.
  JWKS_KEYS_CHANGED: defineFinding({
    code: 'JWKS_KEYS_CHANGED', severity: 'warning', area: 'gate', config: false,
    title: 'The keys a provider or profile serves differ from the lock file',
    remediation: 'If the rotation was planned, run oidc-gate lock and commit the new lock file; if not, find out who changed the keys before trusting tokens they sign.',
    docs: 'With a lock file (action input lock, oidc-gate check --lock FILE), each provider and profile the lock names has its JWK Set fetched and compared by kid and RFC 7638 SHA-256 thumbprint. evidence.added and evidence.removed list the keys that appeared and disappeared; nothing else about a key is shown or stored. Offline, the comparison is one CHECK_SKIPPED.',
    why: 'A key the provider serves can sign tokens your services accept. A key that appears without a planned rotation may be a compromised or misconfigured provider (or a jwks_uri now answered by someone else); a key that disappears breaks every token it signed. A scheduled audit with a lock file says so before users notice.',
    securitySeverity: 5.0,
    example: {
      scenario: 'The lock file was written while the provider served one key (orders-2025); the provider now serves a second key, orders-2026, as well.',
      transcript: '.github/oidc-gate/identity.yml:6:5  warning  JWKS_KEYS_CHANGED  The keys served at https://idp.example.com/keys differ from the lock file .github/oidc-gate/jwks.lock.json: added 1 key: kid "orders-2026" (thumbprint NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs). [provider orders-web]',
    },
  }),
  LOCK_ENTRY_UNMATCHED: gateFinding('LOCK_ENTRY_UNMATCHED', 'A lock file entry names no provider or profile of the config',
    'Run oidc-gate lock again and commit the new lock file: after a provider or profile is renamed or removed, or its config file moved, the lock must be written again for its keys to be compared.', {
      docs: 'Each entry of the lock file names a provider or profile by kind, config file (relative to the repository root) and name. An entry that matches none of the providers and profiles whose keys this run fetches is reported at its line of the lock file: the config file is not among those checked, it has no entry of that name, or the entry no longer fetches a JWK Set. It is reported offline too: pairing the lock with the config needs no network. A config file with a configuration error is not paired: that error fails the run already.',
      why: 'A lock pins keys by entry name. If a renamed provider simply fell out of the comparison, renaming it would unpin its keys without a word, and a swapped key set would pass the next audit. The pinned keys must be compared with something, or the lock must be written again in review.',
      securitySeverity: 5.0,
      example: {
        scenario: 'The provider orders-web was renamed orders-portal, and the lock file still pins the keys of orders-web.',
        config: LOCKED_PROVIDER.replace('name: orders-web', 'name: orders-portal'),
        files: { [EXAMPLE_LOCK]: LOCK_OF_ORDERS_WEB },
        lock: EXAMPLE_LOCK,
        offline: true,
      },
    }, false),
  LOCK_ENTRY_MISSING: gateWarning('LOCK_ENTRY_MISSING', 'A provider or profile whose keys are fetched has no entry in the lock file',
    'Run oidc-gate lock and commit the new lock file, so its keys are pinned too.', {
      docs: 'With a lock file (action input lock, oidc-gate check --lock FILE), every provider with a jwks_uri and every profile with jwks_uri or discovery: true should have an entry. One without is reported at its jwks_uri (or discovery) line, and its keys are not compared. Reported offline too. Profiles with inline jwks or public_key are not locked: the config file pins those keys itself.',
      why: 'A provider added after the lock was written is not pinned: its keys could change and no audit would say so. The warning keeps the lock in step with the config.',
      securitySeverity: 3.0,
      example: {
        scenario: 'A second provider, orders-admin, was added after the lock was written.',
        config: `${LOCKED_PROVIDER}${LOCKED_PROVIDER.replace('providers:\n', '').replaceAll('orders-web', 'orders-admin').replace('/keys', '/admin/keys')}`,
        files: { [EXAMPLE_LOCK]: LOCK_OF_ORDERS_WEB },
        lock: EXAMPLE_LOCK,
        offline: true,
      },
    }),
} as const satisfies Record<string, FindingDefinition & { config: boolean }>;
