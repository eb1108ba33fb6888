export const id = 890;
export const ids = [890];
export const modules = {

/***/ 6675:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $: () => (/* binding */ ConfigProblems),
/* harmony export */   eb: () => (/* binding */ UsageError),
/* harmony export */   zq: () => (/* binding */ DiscoveryRefused)
/* harmony export */ });
/* unused harmony export CliError */
class CliError extends Error {
    code;
    constructor(code, message) {
        super(message);
        this.name = 'CliError';
        this.code = code;
    }
}
/** A mistake on the command line: one line that names it, and where to read how to get it right (usageLine). */
class UsageError extends CliError {
    /** The subcommand the mistake was made in, when there is one: its --help is where to look. */
    command;
    /** False when the message already says what to write, so a pointer to --help would only add noise. */
    showHelp;
    constructor(message, options = {}) {
        super('USAGE', message);
        this.name = 'UsageError';
        this.command = options.command;
        this.showHelp = options.showHelp ?? true;
    }
}
/** The config file's problems: each is one line at its place, and the request is not run. */
class ConfigProblems extends CliError {
    findings;
    constructor(findings) {
        super('CONFIG_PROBLEMS', `${findings.length} problem${findings.length === 1 ? '' : 's'} in the config file`);
        this.name = 'ConfigProblems';
        this.findings = findings;
    }
}
/** The document was read but fails the discovery checks: a config built from it would fail the gate from the start. */
class DiscoveryRefused extends CliError {
    findings;
    constructor(findings) {
        super('DISCOVERY_REFUSED', 'the discovery document fails its checks');
        this.name = 'DiscoveryRefused';
        this.findings = findings;
    }
}


/***/ }),

/***/ 898:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   I: () => (/* binding */ faultText)
/* harmony export */ });
/**
 * What the CLI prints for an error no command handles: one line, and with --debug the stack after it.
 * `internal`: it escaped every handler (thrown from a callback), which is a bug in oidc-gate, so the
 * line says so and how to see where.
 */
function faultText(err, debug, internal = false) {
    const message = (err instanceof Error ? err.message : String(err)).replace(/\s*[\r\n]+\s*/g, ' ');
    const line = internal
        ? `oidc-gate: internal error: ${message}${debug ? '' : ' (run again with --debug for the stack)'}\n`
        : `oidc-gate: ${message}\n`;
    return debug && err instanceof Error && err.stack !== undefined ? `${line}${err.stack}\n` : line;
}


/***/ }),

/***/ 3795:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  i: () => (/* binding */ main)
});

// EXTERNAL MODULE: ./src/engine/index.ts + 114 modules
var src_engine = __webpack_require__(1182);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
;// CONCATENATED MODULE: ./src/gate/codes.ts

/** Every gate code is an error: a gate that cannot read its input, or whose sample failed, must not pass. */
function gateFinding(code, title, remediation, docs, config = true) {
    return (0,src_engine/* defineFinding */.LA)({ code, severity: 'error', area: 'gate', title, remediation, config, ...docs });
}
/** A gate warning: about a suppression that no longer does what it was written for. Never a config error. */
function gateWarning(code, title, remediation, docs) {
    return (0,src_engine/* defineFinding */.LA)({ code, severity: 'warning', area: 'gate', title, remediation, config: false, ...docs });
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
const GATE_CODES = {
    CONFIG_NOT_FOUND: gateFinding('CONFIG_NOT_FOUND', 'No config file matched the config patterns', 'Write a first config file with `oidc-gate init --issuer URL` (it writes .github/oidc-gate/oidc.yml), or make the `config` globs (default .github/oidc-gate/**/*.yml and .yaml) or the paths given to `oidc-gate check` match where your config files are.', {
        why: 'A gate that checks nothing would pass every pull request, so a run that finds no config file fails instead: usually the config globs, or the paths given to oidc-gate check, do not match where the files are.',
        securitySeverity: 4.0,
        example: { scenario: 'A repository without a .github/oidc-gate/ directory, checked with the default config globs.' },
    }),
    CONFIG_UNREADABLE: gateFinding('CONFIG_UNREADABLE', 'A config file could not be read', 'Check that the file exists, is a regular file and is readable.', {
        docs: 'Config files must be regular files inside the repository and outside .git, links followed. A link that leads elsewhere is refused, never read.',
        why: 'A pull request controls every file and link in the repository. A config file that is a link to a file outside it (the runner\'s credentials, .git/config with the checkout token) would otherwise be read, and parts of it could be echoed into findings.',
        securitySeverity: 5.3,
        example: {
            scenario: 'A pull request adds a config file that is a symbolic link to a file outside the repository.',
            links: { '.github/oidc-gate/shared.yml': '/etc/passwd' },
        },
    }),
    CONFIG_YAML_INVALID: gateFinding('CONFIG_YAML_INVALID', 'A config file is not valid YAML', 'Fix the YAML syntax at the reported line.', {
        why: 'A file that does not parse checks nothing; the gate fails rather than pass with the file silently skipped. The other files are still checked.',
        securitySeverity: 4.0,
        example: {
            scenario: 'A merge left the same key twice in one entry.',
            config: ['providers:', '  - name: orders-web', '    issuer: https://idp.example.com', '    issuer: https://idp.example.com/v2', ''].join('\n'),
        },
    }),
    CONFIG_TOO_LARGE: gateFinding('CONFIG_TOO_LARGE', 'A config file is over a size limit', 'Keep each file under 1 MiB and 10,000 YAML nodes once aliases are expanded (an alias counts as a copy of what it names at every use), and a run under 1,000 entries (providers, profiles, samples and trust policies): split large files, use fewer aliases, or check fewer files per run.', {
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
    CONFIG_INVALID: gateFinding('CONFIG_INVALID', 'A config entry has the wrong shape', 'A config file is a map of lists (providers, profiles, tokens, suppressions, trust_policies); docs/config.md lists the fields of each.', {
        why: 'An entry of the wrong shape cannot be checked, and a gate that skipped it silently would pass a configuration nobody looked at.',
        securitySeverity: 4.0,
        example: {
            scenario: 'providers: holds one entry written as a map instead of a list of entries.',
            config: ['providers:', '  name: orders-web', '  issuer: https://idp.example.com', ''].join('\n'),
        },
    }),
    CONFIG_UNKNOWN_KEY: gateFinding('CONFIG_UNKNOWN_KEY', 'A config entry has a key oidc-gate does not know', 'Remove the key or fix its spelling; unknown keys are refused so that a typo never passes silently.', {
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
    TOKEN_FILE_MISSING: gateFinding('TOKEN_FILE_MISSING', 'A sample token file does not exist or cannot be read', 'token_file is relative to the config file; check the path.', {
        why: 'A sample that cannot be read checks nothing; the gate fails rather than pass without it.',
        securitySeverity: 4.0,
        example: {
            scenario: 'The sample\'s token file was renamed, and the config still names the old file.',
            config: ORDERS_SAMPLE.replace('token_file: sample.jwt', 'token_file: orders-service.jwt'),
        },
    }),
    TOKEN_FILE_INVALID: gateFinding('TOKEN_FILE_INVALID', 'A sample token file is outside the repository, empty or too large', 'Keep sample tokens inside the repository, one compact JWT per file.', {
        docs: 'token_file is read only from inside the repository and outside .git, links followed, and at most 64 KiB; an empty file is refused too.',
        why: 'A pull request controls token_file. Without the boundary it could make the gate read any file the runner can (its credentials, .git/config with the checkout token) and leak parts of it through findings.',
        securitySeverity: 5.3,
        example: {
            scenario: 'A pull request points token_file at a file outside the repository.',
            config: ORDERS_SAMPLE.replace('token_file: sample.jwt', 'token_file: /etc/passwd'),
        },
    }),
    REQUEST_INVALID: gateFinding('REQUEST_INVALID', 'The engine refused the entry (HTTP 422 from the service)', 'Fix the field named in the message; docs/config.md lists the fields of each entry kind.', {
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
    PROFILE_INVALID: gateFinding('PROFILE_INVALID', 'An issuer profile is invalid', 'Fix the profile field named in the message; a profile needs an id, the policy fields and exactly one key source.', {
        docs: 'A profile needs an id, the policy fields (issuer, audiences, allowed_algs) and exactly one key source: secret, secret_env, public_key, jwks, jwks_uri or discovery: true. In a repository, secret_env may only name variables that start with OIDC_GATE_.',
        why: 'A profile that cannot be built checks no token. And secret_env in a repository file is written by whoever opens the pull request: limited to OIDC_GATE_ variables, it cannot read the runner\'s own secrets, nor learn their length from the warning a short secret draws.',
        securitySeverity: 5.3,
        example: {
            scenario: 'A pull request adds a profile whose secret is read from the runner\'s GITHUB_TOKEN.',
            config: ['profiles:', '  - id: internal-api', '    issuer: https://idp.example.com', '    audiences: [api://internal]', '    allowed_algs: [HS256]', '    secret_env: GITHUB_TOKEN', ''].join('\n'),
        },
    }),
    PROFILE_DUPLICATE: gateFinding('PROFILE_DUPLICATE', 'Two issuer profiles share an id', 'Give every profile a unique id across all config files and the issuer-profiles file.', {
        why: 'Samples name profiles by id; with two profiles of one id, which policy a sample is checked against would depend on file order.',
        securitySeverity: 4.0,
        example: {
            scenario: 'Two profiles share the id orders-api.',
            config: ORDERS_SAMPLE.replace('\ntokens:', '  - id: orders-api\n    issuer: https://idp.example.com/v2\n    audiences: [api://orders]\n    allowed_algs: [ES256]\n    jwks_uri: https://idp.example.com/v2/keys\n\ntokens:'),
            token: ORDERS_TOKEN,
            keysAt: 'https://idp.example.com/keys',
        },
    }),
    EXPECTATION_FAILED: gateFinding('EXPECTATION_FAILED', 'A sample token did not turn out as its `expect` says', 'Either the trust policy changed in a way that breaks this sample, or the sample is out of date; see the findings.', {
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
    MALFORMED_TOKEN: gateFinding('MALFORMED_TOKEN', 'A sample token is not a parseable compact JWS (HTTP 400 from the service)', 'Check the sample token file: one compact JWT, three base64url segments.', {
        docs: 'A sample token must be a compact JWS: three segments of strict base64url, a header and payload that are JSON objects without repeated member names, and a string alg. A sample may expect it (expect: invalid or [MALFORMED_TOKEN]).',
        why: 'A token that does not parse tells nothing about the policy: the sample file is probably not a token at all (a copied response, a base64 PEM, a truncated paste).',
        securitySeverity: 4.0,
        example: {
            scenario: 'The sample file holds the whole token response, not the token.',
            config: ORDERS_SAMPLE.replace('token_file: sample.jwt', 'token: \'{"access_token": "…", "token_type": "Bearer"}\''),
        },
    }, false),
    INTERNAL_ERROR: gateFinding('INTERNAL_ERROR', 'oidc-gate failed unexpectedly while checking an entry', 'This is a bug in oidc-gate, not in your configuration: please report it with the oidc-gate version and the entry kind. The other entries were still checked.', {
        why: 'oidc-gate fails closed: an entry it could not check is never counted as passing. The message never includes the exception, which could quote the entry\'s secrets.',
        securitySeverity: 4.0,
        example: {
            scenario: 'A bug in oidc-gate stops it while checking one sample; the other entries are still checked. (No configuration draws this code on purpose.)',
            transcript: '.github/oidc-gate/identity.yml:8:5  error  INTERNAL_ERROR  oidc-gate failed unexpectedly while checking the sample token "orders-token", so it was not checked. This is a bug in oidc-gate: please report it. [sample orders-token]',
        },
    }, false),
    ID_TOKEN_UNAVAILABLE: gateFinding('ID_TOKEN_UNAVAILABLE', 'The job\'s own ID token could not be requested for `id_token: true`', 'Add `permissions: id-token: write` to the job (or the workflow) that runs oidc-gate.', {
        docs: 'A trust policy with `id_token: true` makes the action request the job\'s own ID token for the entry\'s first audience and check it against the entry. The runner hands out ID tokens only to jobs granted `permissions: id-token: write`; without it the check cannot run. (The CLI never requests one: there `id_token: true` is a CHECK_SKIPPED warning.)',
        why: 'id_token: true is the proof that the tokens this workflow really gets are the ones the cloud role accepts. A check that silently did not run would pass a trust policy no real token satisfies, or one that admits more than it should.',
        securitySeverity: 4.0,
        example: {
            scenario: 'A workflow runs oidc-gate with id_token: true on its deploy role, but the job has no id-token: write permission. (Only a GitHub Actions job can draw this code.)',
            transcript: '.github/oidc-gate/identity.yml:6:5  error  ID_TOKEN_UNAVAILABLE  Trust policy "deploy-prod" has id_token: true, but this job may not request an ID token: add "permissions: id-token: write" to the job (or the workflow). [sample deploy-prod (job ID token)]',
        },
    }),
    SUPPRESSION_INVALID: gateFinding('SUPPRESSION_INVALID', 'A suppression is malformed', 'Write an inline suppression as `# oidc-gate: ignore[CODE] reason` on the finding\'s line or the line above, and a `suppressions:` item as `{ code, reason }` with optional `entry`, `field` and `expires` (an RFC 3339 date); name a code oidc-gate reports, and give a reason.', {
        docs: 'Every suppression needs a reason, and must name a code oidc-gate reports that a suppression may hide: configuration errors (the gate could not check what it was given) and the SUPPRESSION_ codes themselves cannot be suppressed. expires is an RFC 3339 date (2026-06-30, through the end of that day UTC) or date-time. A malformed suppression hides nothing.',
        why: 'A suppression hides a finding from the gate. One without a reason cannot be reviewed, and one that names a code that does not exist, or whose expiry cannot be read, looks as if it hides something while it hides nothing, or would hide it for ever.',
        securitySeverity: 4.0,
        example: {
            scenario: 'A local callback is suppressed inline, but the comment gives no reason.',
            config: LOCAL_CALLBACK_PROVIDER.replace('      - http://localhost', '      # oidc-gate: ignore[INSECURE_URI]\n      - http://localhost'),
        },
    }),
    SUPPRESSION_EXPIRED: gateWarning('SUPPRESSION_EXPIRED', 'A suppression has expired and no longer applies', 'Fix what the suppression hid, or, if it is still accepted, move its `expires` date on (and say why in its reason).', {
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
    SUPPRESSION_UNUSED: gateWarning('SUPPRESSION_UNUSED', 'A suppression matched no finding', 'If what it hid has been fixed, remove the suppression. If it was meant to match a finding that is still reported, correct its code, entry and field (or move an inline comment onto the finding\'s line or the line above).', {
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
    JWKS_KEYS_CHANGED: (0,src_engine/* defineFinding */.LA)({
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
    LOCK_ENTRY_UNMATCHED: gateFinding('LOCK_ENTRY_UNMATCHED', 'A lock file entry names no provider or profile of the config', 'Run oidc-gate lock again and commit the new lock file: after a provider or profile is renamed or removed, or its config file moved, the lock must be written again for its keys to be compared.', {
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
    LOCK_ENTRY_MISSING: gateWarning('LOCK_ENTRY_MISSING', 'A provider or profile whose keys are fetched has no entry in the lock file', 'Run oidc-gate lock and commit the new lock file, so its keys are pinned too.', {
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
};

;// CONCATENATED MODULE: ./src/gate/config/config-finding.ts
/** Text and remediation come from the code's definition; `extra` places it (file, line, pointer, entry). */
function configFinding(def, message, file, position, extra = {}) {
    const f = { code: def.code, severity: 'error', message, remediation: def.remediation, config: def.config };
    if (file !== undefined)
        f.file = file;
    if (position !== undefined) {
        f.line = position.line;
        f.column = position.column;
    }
    return { ...f, ...extra };
}

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
;// CONCATENATED MODULE: ./src/gate/config/boundary.ts
/**
 * The workspace boundary. The gate runs on a repository that a pull request controls, links
 * included, so every path it reads is resolved (links followed) and must stay inside the workspace
 * and out of .git, where actions/checkout keeps the job's token. Reads are also capped in size.
 */


/** The most the gate reads from any one file: a gate input is a few kilobytes. */
const MAX_READ_BYTES = 1024 * 1024;
const READ_CHUNK = 64 * 1024;
/**
 * Where a path really leads (links resolved), and whether the gate may use it: inside the root and
 * not under .git. Without this a link to .git/config would make the gate read, and quote, the
 * checkout's credentials.
 */
async function resolveInsideRoot(root, abs) {
    let real;
    try {
        real = await external_node_fs_.promises.realpath(abs);
    }
    catch (error) {
        return { ok: false, reason: 'missing', error };
    }
    const realRoot = await external_node_fs_.promises.realpath(root).catch(() => external_node_path_default().resolve(root));
    return placeOf(realRoot, real);
}
/** Where `real` (already free of links) lies relative to `realRoot`. */
function placeOf(realRoot, real) {
    const rel = external_node_path_default().relative(realRoot, real);
    if (rel === '..' || rel.startsWith(`..${(external_node_path_default()).sep}`) || external_node_path_default().isAbsolute(rel))
        return { ok: false, reason: 'outside' };
    if (isUnderGit(rel))
        return { ok: false, reason: 'git' };
    return { ok: true, real };
}
/** A `.git` component anywhere in a root-relative path (any letter case: some file systems ignore it). */
function isUnderGit(rel) {
    return rel.split((external_node_path_default()).sep).some((part) => part.toLowerCase() === '.git');
}
/** How a place outside the boundary is described in messages. */
function describePlace(reason) {
    return reason === 'git' ? 'inside .git' : 'outside the repository root';
}
/**
 * The CLI's boundary: the nearest directory at or above `cwd` that holds `.git` (a directory, or
 * the file a worktree or submodule has), else `cwd` itself.
 */
function findRepositoryRoot(cwd) {
    const start = external_node_path_default().resolve(cwd);
    for (let dir = start;; dir = external_node_path_default().dirname(dir)) {
        if ((0,external_node_fs_.existsSync)(external_node_path_default().join(dir, '.git')))
            return dir;
        if (external_node_path_default().dirname(dir) === dir)
            return start;
    }
}
/**
 * Read a file that must lie inside `root`, at most `maxBytes` of it. The size is checked on the
 * open file, and the read stops one byte past the cap, so a file that grows in between is refused
 * rather than read whole. A FIFO or device is refused without blocking on it.
 */
async function readInsideRoot(root, abs, maxBytes = MAX_READ_BYTES) {
    const place = await resolveInsideRoot(root, abs);
    if (!place.ok)
        return place;
    let handle;
    try {
        handle = await external_node_fs_.promises.open(place.real, external_node_fs_.constants.O_RDONLY | (external_node_fs_.constants.O_NOFOLLOW ?? 0) | (external_node_fs_.constants.O_NONBLOCK ?? 0));
    }
    catch (error) {
        const code = error.code;
        return { ok: false, reason: code === 'EISDIR' ? 'not-file' : 'unreadable', error };
    }
    try {
        const stat = await handle.stat();
        if (!stat.isFile())
            return { ok: false, reason: 'not-file' };
        if (stat.size > maxBytes)
            return { ok: false, reason: 'too-large' };
        // Read to the end rather than trusting the size: the file may change in between.
        const chunks = [];
        let length = 0;
        for (;;) {
            const want = chunks.length === 0 ? stat.size + 1 : READ_CHUNK;
            const chunk = Buffer.alloc(Math.min(want, maxBytes + 1 - length));
            const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
            if (bytesRead === 0)
                break;
            chunks.push(chunk.subarray(0, bytesRead));
            length += bytesRead;
            if (length > maxBytes)
                return { ok: false, reason: 'too-large' };
        }
        return { ok: true, bytes: Buffer.concat(chunks, length), real: place.real };
    }
    catch (error) {
        return { ok: false, reason: 'unreadable', error };
    }
    finally {
        await handle.close();
    }
}
/** Why a read failed, in a user's words (never the error's message, which repeats the path). */
function describeIoError(error) {
    const code = error?.code;
    switch (code) {
        case 'ENOENT': return 'no such file';
        case 'EACCES':
        case 'EPERM': return 'permission denied';
        case 'EISDIR': return 'not a regular file';
        default: return code ?? 'unknown error';
    }
}
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
/** The text of a file, or undefined when it is not valid UTF-8 (never decoded with U+FFFD). */
function decodeUtf8(bytes) {
    try {
        return strictUtf8.decode(bytes);
    }
    catch {
        return undefined;
    }
}

;// CONCATENATED MODULE: ./src/gate/config/glob.ts


const GLOB_CHARS = /[*?[\]{}]/;
function isGlob(pattern) {
    return GLOB_CHARS.test(pattern);
}
/** No pattern expands into more alternatives than this: `{a,b}{c,d}…` grows as a power of two. */
const MAX_ALTERNATIVES = 256;
/**
 * `{a,b}` spelled out, nested ones too: `x/{a,b/{c,d}}.yml` is x/a.yml, x/b/c.yml and x/b/d.yml. Braces
 * without a comma, or without their partner, are plain characters, as in fs.glob.
 */
function expandBraces(pattern, limit = MAX_ALTERNATIVES) {
    for (let start = pattern.indexOf('{'); start !== -1; start = pattern.indexOf('{', start + 1)) {
        let depth = 0;
        let end = -1;
        const commas = [];
        for (let i = start; i < pattern.length && end === -1; i++) {
            const c = pattern[i];
            if (c === '{')
                depth++;
            else if (c === '}' && --depth === 0)
                end = i;
            else if (c === ',' && depth === 1)
                commas.push(i);
        }
        if (end === -1)
            return [pattern];
        if (commas.length === 0)
            continue;
        const head = pattern.slice(0, start);
        const tail = pattern.slice(end + 1);
        const out = [];
        let from = start + 1;
        for (const cut of [...commas, end]) {
            if (out.length >= limit)
                break;
            out.push(...expandBraces(`${head}${pattern.slice(from, cut)}${tail}`, limit - out.length));
            from = cut + 1;
        }
        return out;
    }
    return [pattern];
}
/** One part of a pattern (between slashes) as a test on a directory entry's name. */
function compilePart(part) {
    if (part === '**')
        return { kind: 'globstar' };
    if (!isGlob(part))
        return { kind: 'name', matches: (name) => name === part };
    let source = '';
    for (let i = 0; i < part.length; i++) {
        const c = part[i];
        if (c === '*') {
            source += '[^/]*';
        }
        else if (c === '?') {
            source += '[^/]';
        }
        else if (c === '[') {
            const close = classEnd(part, i);
            if (close === -1) {
                source += '\\[';
            }
            else {
                let body = part.slice(i + 1, close);
                const negated = body.startsWith('!') || body.startsWith('^');
                if (negated)
                    body = body.slice(1);
                source += `[${negated ? '^' : ''}${body.replace(/[\\\]^]/g, '\\$&')}]`;
                i = close;
            }
        }
        else {
            source += c.replace(/[.+^${}()|\\\]]/g, '\\$&');
        }
    }
    let re;
    try {
        re = new RegExp(`^${source}$`, 'u');
    }
    catch {
        // A class no regular expression can hold ([z-a]): the part matches only its own spelling.
        return { kind: 'name', matches: (name) => name === part };
    }
    // A wildcard never matches a leading dot: only a part written with one (".github", ".*") does.
    const dotOk = part.startsWith('.');
    return { kind: 'name', matches: (name) => (dotOk || !name.startsWith('.')) && re.test(name) };
}
/** Where the class opened at `open` ends; a `]` right after `[` (or `[!`) belongs to the class. */
function classEnd(part, open) {
    let i = open + 1;
    if (part[i] === '!' || part[i] === '^')
        i++;
    if (part[i] === ']')
        i++;
    const close = part.indexOf(']', i);
    return close;
}
/**
 * The paths one pattern matches, relative to `root` (or absolute). `skip` names folders that are never
 * entered nor matched (node_modules, .git). `enterBase` is asked before `base` is read: the caller
 * refuses a base that leads outside the repository, so someone else's folder is never listed.
 */
async function globPattern(root, pattern, skip, enterBase) {
    const out = [];
    for (const alternative of expandBraces(pattern.replace(/\\/g, '/'))) {
        const absolute = external_node_path_default().isAbsolute(alternative);
        const start = absolute ? external_node_path_default().parse(alternative).root : root;
        const parts = (absolute ? alternative.slice(start.length) : alternative).split('/').filter((p) => p !== '' && p !== '.');
        if (parts.some((p) => skip.has(p))) {
            out.push({ base: start, matches: [] });
            continue;
        }
        let base = start;
        while (parts.length > 0 && !isGlob(parts[0]))
            base = external_node_path_default().join(base, parts.shift());
        if (parts.length === 0) {
            // Braces spelled out to a plain path: it matches when it exists; loading it applies the rules.
            out.push({ base, matches: (await exists(base)) ? [base] : [] });
            continue;
        }
        if (!(await enterBase(base))) {
            out.push({ base, matches: [] });
            continue;
        }
        const found = new Set();
        await walk(base, parts.map(compilePart).filter((p, i, all) => !(p.kind === 'globstar' && all[i - 1]?.kind === 'globstar')), 0, skip, found);
        out.push({ base, matches: [...found] });
    }
    return out;
}
async function walk(dir, parts, index, skip, found) {
    const part = parts[index];
    if (part === undefined) {
        found.add(dir);
        return;
    }
    const entries = await readDir(dir);
    if (part.kind === 'globstar') {
        // `**` is zero or more folders: none here, then each real folder below, one level at a time.
        // Last in the pattern, it matches everything below as well.
        await walk(dir, parts, index + 1, skip, found);
        const last = index === parts.length - 1;
        for (const entry of entries) {
            if (entry.name.startsWith('.') || skip.has(entry.name))
                continue;
            const abs = external_node_path_default().join(dir, entry.name);
            if (last)
                found.add(abs);
            if (entry.isDirectory())
                await walk(abs, parts, index, skip, found);
        }
        return;
    }
    const last = index === parts.length - 1;
    for (const entry of entries) {
        if (!part.matches(entry.name))
            continue;
        const abs = external_node_path_default().join(dir, entry.name);
        if (last)
            found.add(abs);
        // Only real folders are walked: a committed link to a folder elsewhere is not followed.
        else if (entry.isDirectory() && !skip.has(entry.name))
            await walk(abs, parts, index + 1, skip, found);
    }
}
async function exists(abs) {
    return (await external_node_fs_.promises.lstat(abs).catch(() => undefined)) !== undefined;
}
async function readDir(dir) {
    try {
        return await external_node_fs_.promises.readdir(dir, { withFileTypes: true });
    }
    catch {
        return [];
    }
}

;// CONCATENATED MODULE: ./src/gate/config/files.ts
/**
 * Which files to check: globs (glob.ts, which runs on Node 20 as well), plain file paths, and
 * directories (every .yml/.yaml below them, dot folders such as .github included).
 */




const DEFAULT_PATTERNS = ['.github/oidc-gate/**/*.yml', '.github/oidc-gate/**/*.yaml'];
const SKIP_DIRS = new Set(['node_modules', '.git']);
/** The `config` input: newline- or comma-separated, blank entries ignored. */
function splitPatterns(value) {
    return value.split(/[\n,]/).map((s) => s.trim()).filter((s) => s !== '');
}
/**
 * `root` is where patterns are relative to; `boundary` the directory they must not lead out of. A
 * directory that leads outside it (a committed link) is not walked: it is listed itself, so loading
 * it reports one refusal instead of naming the files of someone else's directory.
 */
async function findConfigFiles(root, patterns, boundary = root) {
    const found = new Set();
    const missing = [];
    for (const pattern of patterns) {
        if (isGlob(pattern)) {
            // A pattern whose fixed part leads outside the boundary is not walked: that folder is listed
            // itself, and refused once when it is loaded, as a directory path is.
            const enterBase = async (base) => {
                const place = await resolveInsideRoot(boundary, base);
                if (!place.ok && place.reason !== 'missing')
                    found.add(base);
                return place.ok;
            };
            for (const { matches } of await globPattern(root, pattern, SKIP_DIRS, enterBase)) {
                for (const abs of matches)
                    if (await isFile(abs))
                        found.add(abs);
            }
            continue;
        }
        const abs = external_node_path_default().resolve(root, pattern);
        const stat = await external_node_fs_.promises.stat(abs).catch(() => undefined);
        if (stat === undefined)
            missing.push(pattern);
        else if (stat.isDirectory() && !(await resolveInsideRoot(boundary, abs)).ok)
            found.add(abs);
        else if (stat.isDirectory())
            for (const f of await walkYaml(abs))
                found.add(f);
        else
            found.add(abs);
    }
    return { files: [...found].sort(), missing };
}
async function walkYaml(dir) {
    const out = [];
    const entries = await external_node_fs_.promises.readdir(dir, { withFileTypes: true });
    for (const entry of entries) {
        const abs = external_node_path_default().join(dir, entry.name);
        if (entry.isDirectory()) {
            if (!SKIP_DIRS.has(entry.name))
                out.push(...(await walkYaml(abs)));
        }
        else if (entry.isFile() && /\.ya?ml$/i.test(entry.name)) {
            out.push(abs);
        }
    }
    return out;
}
async function isFile(abs) {
    const stat = await external_node_fs_.promises.stat(abs).catch(() => undefined);
    return stat?.isFile() === true;
}
/** A path as findings name it: relative to the gate root, with forward slashes. */
function relativeFile(root, abs) {
    const rel = external_node_path_default().relative(root, abs);
    return (rel === '' ? external_node_path_default().basename(abs) : rel).split((external_node_path_default()).sep).join('/');
}

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
;// CONCATENATED MODULE: ./src/gate/config/values.ts
/** Small checks and wording for values read from a user's YAML file. */
function isRecord(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
function isNonEmptyString(value) {
    return typeof value === 'string' && value !== '';
}
/** What a value is, in the words a message uses: "a list", "a map", "a number", "null". */
function describeType(value) {
    if (value === null)
        return 'null';
    if (Array.isArray(value))
        return 'a list';
    return typeof value === 'object' ? 'a map' : `a ${typeof value}`;
}
/** Text from the user's file (a key, a path, a code) kept short in messages. */
function clip(s) {
    return s.length > 60 ? `${s.slice(0, 60)}…` : s;
}

;// CONCATENATED MODULE: ./src/gate/catalogue.ts
/**
 * The one finding catalogue: every code oidc-gate can report, exactly once, whichever endpoint or face
 * reports it: the engine's codes, then the gate's own. The finding pages, the SARIF rules and the config
 * schema are rendered from this list, and the gate checks `expect` and suppression codes against it.
 */


const findingCatalogue = [...src_engine/* engineFindingCatalogue */.RC, ...Object.values(GATE_CODES)];
const byCode = new Map(findingCatalogue.map((d) => [d.code, d]));
/** The definition of a code, or undefined when oidc-gate has no such code. */
function getFindingDefinition(code) {
    return byCode.get(code);
}

;// CONCATENATED MODULE: ./src/gate/sections/section.ts
/** A section, typed by its entries (the table holds it as an AnySection: its hooks see only entries it made). */
function defineSection(section) {
    return section;
}

;// CONCATENATED MODULE: ./src/gate/config/nearest.ts
/** "Did you mean …?": the known word closest to a misspelt one, for a hint in a message. */
/**
 * The candidate nearest to `word`, ignoring letter case: at most two edits away (audience →
 * audiences, alowed_algs → allowed_algs), the first of equals in the candidates' order. Undefined
 * when none is that close. With `prefixes`, a word of three or more letters that starts a candidate
 * counts as one edit away (`--iss` → `--issuer-profiles`), as command-line users abbreviate.
 */
function nearest(word, candidates, options = {}) {
    let best;
    let bestDistance = 3;
    const lower = word.toLowerCase();
    for (const candidate of candidates) {
        const name = candidate.toLowerCase();
        const d = options.prefixes === true && lower.length >= 3 && name.startsWith(lower) ? 1 : distance(lower, name);
        if (d < bestDistance) {
            best = candidate;
            bestDistance = d;
        }
    }
    return best;
}
/** Levenshtein distance, or 3 as soon as the lengths alone rule out 2 or fewer. */
function distance(a, b) {
    if (Math.abs(a.length - b.length) > 2)
        return 3;
    let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
    for (let i = 1; i <= a.length; i++) {
        const cur = [i];
        for (let j = 1; j <= b.length; j++) {
            cur[j] = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
        }
        prev = cur;
    }
    return prev[b.length] ?? 3;
}

;// CONCATENATED MODULE: ./src/gate/config/instant.ts
/**
 * Instants a user writes (`at:` in a sample, `--at` on the command line): RFC 3339 date-times only,
 * checked against the calendar. `Date.parse` is not used: it accepts "March 7" and "0", and rolls
 * 2026-02-30 over to March 2, so a sample would silently be judged on another day than written.
 */
/** What every refusal says, so the user sees the expected form at once. */
const INSTANT_FORMAT = 'an RFC 3339 date-time with Z or an offset, such as 2026-01-01T00:00:00Z or 2026-01-01T05:30:00+05:30';
// date "T" time, with optional fraction and a required zone. RFC 3339 lets "T" and "Z" be lower
// case, and a note in its section 5.6 lets a space stand for "T".
const SHAPE = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
function isLeapYear(year) {
    return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}
function daysIn(year, month) {
    if (month === 2)
        return isLeapYear(year) ? 29 : 28;
    return [4, 6, 9, 11].includes(month) ? 30 : 31;
}
function parseInstant(value) {
    if (typeof value !== 'string')
        return { ok: false, reason: 'is not a string in that form' };
    const m = SHAPE.exec(value);
    if (m === null)
        return { ok: false, reason: 'is not in that form' };
    const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number);
    if (month < 1 || month > 12)
        return { ok: false, reason: `has month ${m[2]}, but months run from 01 to 12` };
    const days = daysIn(year, month);
    if (day < 1 || day > days) {
        return { ok: false, reason: `has day ${m[3]}, but ${MONTHS[month - 1]} ${year} has ${days} days` };
    }
    if (hour > 23)
        return { ok: false, reason: `has hour ${m[4]}, but hours run from 00 to 23` };
    if (minute > 59)
        return { ok: false, reason: `has minute ${m[5]}, but minutes run from 00 to 59` };
    // A leap second (:60) cannot be told apart from the next second in JWT time (seconds since the
    // epoch, leap seconds ignored), so it is refused rather than guessed.
    if (second > 59)
        return { ok: false, reason: `has second ${m[6]}, but seconds run from 00 to 59` };
    let offsetMinutes = 0;
    if (m[8] === undefined) {
        const offsetHours = Number(m[10]);
        const offsetMins = Number(m[11]);
        if (offsetHours > 23 || offsetMins > 59)
            return { ok: false, reason: `has the offset ${m[9]}${m[10]}:${m[11]}, but offsets run from 00:00 to 23:59` };
        offsetMinutes = (m[9] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMins);
    }
    const date = new Date(0);
    // setUTCFullYear, not Date.UTC: Date.UTC reads years 0 to 99 as 1900 to 1999.
    date.setUTCFullYear(year, month - 1, day);
    date.setUTCHours(hour, minute, second, Number((m[7] ?? '0').slice(0, 3).padEnd(3, '0')));
    return { ok: true, ms: date.getTime() - offsetMinutes * 60_000 };
}

;// CONCATENATED MODULE: ./src/gate/suppress/suppress-rule.ts
/**
 * What a suppression is, whichever way it is written (an inline comment, a `suppressions:` item), and
 * the checks both share: which codes may be suppressed, and how `expires` is read.
 */





/**
 * Codes a suppression may not hide. Configuration errors mean the gate could not check what it was
 * given (a file it could not read, an entry it refused): hiding one would let a gate that checked
 * nothing pass. INTERNAL_ERROR is an entry that was not checked either. And the SUPPRESSION_ codes
 * are about suppressions themselves: a suppression cannot vouch for itself.
 */
function whyNotSuppressible(code) {
    const definition = getFindingDefinition(code);
    if (definition === undefined)
        return undefined;
    if (code.startsWith('SUPPRESSION_'))
        return `${code} is about suppressions themselves and cannot be suppressed`;
    if (definition.config === true)
        return `${code} is a configuration error (oidc-gate could not check what it was given) and cannot be suppressed: fix it instead`;
    if (code === GATE_CODES.INTERNAL_ERROR.code)
        return `${code} means an entry was not checked, and cannot be suppressed`;
    return undefined;
}
/**
 * What to do about each way a suppression can be malformed (SUPPRESSION_INVALID), the inline comment's
 * and the `suppressions:` item's: every cause its own fix, not one form for all of them.
 */
const SUPPRESSION_FIXES = {
    inlineForm: 'Write the comment as `# oidc-gate: ignore[CODE, CODE2] reason`: the codes in square brackets right after `ignore`, separated by commas, then the reason.',
    itemForm: 'Write the item as a map under suppressions:, such as `- code: INSECURE_URI` with `reason: why it is accepted` on the next line, lined up with code (entry, field and expires are optional).',
    noCode: 'Name the finding code to suppress, spelt as the finding line shows it (such as INSECURE_URI).',
    unknownCode: 'Name a code oidc-gate reports, spelt as the finding line shows it: upper case, such as INSECURE_URI (docs/findings lists every code).',
    unsuppressible: 'Fix what the finding reports instead: configuration errors, INTERNAL_ERROR and the SUPPRESSION_ codes cannot be suppressed.',
    inlineReason: 'Write why the finding is accepted after the brackets, as in `# oidc-gate: ignore[INSECURE_URI] local development callback`.',
    itemReason: 'Add `reason:` with why the finding is accepted: a reviewer reads it in the report and in code scanning.',
    entry: 'Set entry: to the name of a provider, sample or trust policy (or the id of a profile) of this file, or remove it to cover every entry.',
    field: 'Set field: to a JSON Pointer inside the entry, starting with / as the finding\'s evidence.field does (such as /redirect_uris/1), or remove it to cover the whole entry.',
    expires: 'Write expires: as a real calendar date such as 2026-06-30 (the suppression holds through that day, UTC) or an RFC 3339 date-time such as 2026-06-30T12:00:00Z.',
};
/** The fix for a code a suppression cannot name: one that is no code, or one that may not be suppressed. */
function codeFix(code) {
    return whyNotSuppressible(code) !== undefined ? SUPPRESSION_FIXES.unsuppressible : SUPPRESSION_FIXES.unknownCode;
}
/** Why `code` cannot be named in a suppression, or undefined when it can. */
function codeProblem(code) {
    if (getFindingDefinition(code) === undefined) {
        const hint = nearest(code, findingCatalogue.map((d) => d.code));
        return `"${clip(code)}" is not a code oidc-gate reports${hint !== undefined ? ` (did you mean ${hint}?)` : ''}`;
    }
    return whyNotSuppressible(code);
}
const EXPIRES_FORMAT = `an RFC 3339 date such as 2026-06-30 (the suppression applies through that day, UTC) or ${INSTANT_FORMAT.replace(/^an /, 'a ')}`;
/** `expires` as written: a full date (it applies through that day, UTC) or a date-time. */
function parseExpires(value) {
    if (typeof value !== 'string')
        return { ok: false, reason: 'is not a date (write it as text, such as 2026-06-30)' };
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
        const day = parseInstant(`${value}T00:00:00Z`);
        if (!day.ok)
            return { ok: false, reason: day.reason };
        return { ok: true, ms: day.ms + 24 * 60 * 60 * 1000, text: value };
    }
    const instant = parseInstant(value);
    return instant.ok ? { ok: true, ms: instant.ms, text: value } : { ok: false, reason: instant.reason };
}
/** A reason as messages quote it: one line, kept short. */
function shortReason(reason) {
    const line = reason.replace(/\s+/g, ' ').trim();
    return line.length > 120 ? `${line.slice(0, 120)}…` : line;
}

// EXTERNAL MODULE: ./node_modules/yaml/dist/index.js
var dist = __webpack_require__(8815);
;// CONCATENATED MODULE: ./src/gate/config/yaml-keys.ts
/**
 * Keys written twice in one mapping. The yaml package can check this while parsing, but it compares
 * each new key with every earlier key of its map: one map of 100,000 keys (a 1 MiB file) then takes
 * minutes before the size limit can refuse it. So the gate parses without that check, counts nodes
 * first, and finds repeated keys here: one set per map, each node visited once (aliases are not
 * followed, so an alias bomb costs nothing here either).
 */

/** Offsets of every key that repeats an earlier key of its map, in document order. */
function duplicateKeyOffsets(root) {
    const out = [];
    const stack = [root];
    while (stack.length > 0) {
        const node = stack.pop();
        if (node === null || typeof node !== 'object' || (0,dist/* isAlias */.Vj)(node))
            continue;
        if ((0,dist/* isMap */.jh)(node)) {
            const seen = new Set();
            for (const item of node.items) {
                if (!(0,dist/* isPair */.tO)(item))
                    continue;
                // Scalars compare by the property name they become (1 and "1" are one key once read);
                // a collection as a key is never equal to another, as in the yaml package's own check.
                if ((0,dist/* isScalar */.jn)(item.key)) {
                    const name = String(item.key.value);
                    if (seen.has(name))
                        out.push(item.key.range?.[0] ?? 0);
                    seen.add(name);
                }
                stack.push(item.value, item.key);
            }
        }
        else if ((0,dist/* isSeq */.oP)(node)) {
            for (const item of node.items)
                stack.push(item);
        }
    }
    return out.sort((a, b) => a - b);
}

;// CONCATENATED MODULE: ./src/gate/config/yaml-unclosed.ts
/**
 * One mistake, one error: a `[`, `{` or quote that is never closed makes the parser read the lines
 * after it as part of the value, and report each of them as a problem of its own (BAD_INDENT on the
 * next line, then keys that span lines, and so on). This module finds the opening that was never
 * closed, from the parser's tokens (never from its messages, which quote the source), so the gate
 * reports that one place and drops the errors that only follow from it.
 */

const CLOSERS = {
    '[': { closer: ']', end: 'flow-seq-end', other: 'flow-map-end', what: 'list' },
    '{': { closer: '}', end: 'flow-map-end', other: 'flow-seq-end', what: 'map' },
};
/** A double-quoted value ends at an unescaped `"`; a single-quoted one at a `'` that is not doubled. */
const CLOSED_QUOTED = {
    'double-quoted-scalar': /^"(?:[^"\\]|\\[\s\S])*"$/,
    'single-quoted-scalar': /^'(?:[^']|'')*'$/,
};
/**
 * The opening that was never closed, if any. When one collection is closed by the other kind of
 * bracket, that one is the mistake; otherwise the first unclosed opening is (the openings inside it
 * were swallowed by it).
 */
function findUnclosed(source) {
    const candidates = [];
    const inspect = (token) => {
        if (token === undefined)
            return;
        if (token.type === 'flow-collection') {
            const spec = CLOSERS[token.start.source];
            if (spec === undefined || token.end.some((t) => t.type === spec.end))
                return;
            const mismatched = token.end.some((t) => t.type === spec.other);
            candidates.push({
                offset: token.start.offset,
                mismatched,
                message: mismatched
                    ? `the ${token.start.source} here is closed by ${spec.closer === ']' ? '}' : ']'} instead of ${spec.closer}`
                    : `the ${token.start.source} here is never closed by a ${spec.closer}, so the lines after it were read as part of the ${spec.what}`,
                remediation: `Add the missing ${spec.closer} to close the ${spec.what} that starts here (keep ${token.start.source} … ${spec.closer} on one line, or write the ${spec.what} as indented lines).`,
            });
            return;
        }
        const closed = CLOSED_QUOTED[token.type];
        if (closed !== undefined && 'source' in token && !closed.test(token.source)) {
            const quote = token.type === 'double-quoted-scalar' ? '"' : "'";
            candidates.push({
                offset: token.offset,
                mismatched: false,
                message: `the ${quote} here is never closed, so the text after it was read as part of the value`,
                remediation: `Add the closing ${quote} at the end of the value that starts here.`,
            });
        }
    };
    try {
        for (const token of new dist/* Parser */.iX().parse(source)) {
            if (token.type !== 'document')
                continue;
            dist/* CST */.DB.visit(token, (item) => {
                inspect(item.key ?? undefined);
                inspect(item.value);
            });
        }
    }
    catch {
        // The tokens are a best effort on text that already failed to parse: without them the parser's own errors stand.
        return undefined;
    }
    const mismatched = candidates.filter((c) => c.mismatched);
    const pick = mismatched.length > 0
        ? mismatched.reduce((a, b) => (b.offset > a.offset ? b : a))
        : candidates.reduce((a, b) => (a === undefined || b.offset < a.offset ? b : a), undefined);
    if (pick === undefined)
        return undefined;
    return { offset: pick.offset, message: pick.message, remediation: pick.remediation };
}

;// CONCATENATED MODULE: ./src/gate/config/yaml.ts
/**
 * YAML with source positions: parse once with a LineCounter, then answer "which line is this JSON
 * Pointer on" for any place in the document, falling back to the nearest ancestor that exists.
 */



/**
 * Limits after alias expansion, where an alias counts as a full copy of what it names at every use.
 * Without them a few kilobytes of anchors and aliases expand into millions of entries (the classic
 * "billion laughs"), and the report, the summary and memory grow with the expansion.
 * Nodes: every map, list and scalar, keys included. Text: the characters of every string scalar,
 * capped like the file itself, so aliases never let a file hold more than a file without them could.
 */
const MAX_YAML_NODES = 10_000;
const MAX_YAML_TEXT = 1024 * 1024;
function loadYaml(source) {
    const lines = new dist/* LineCounter */.HN();
    // YAML 1.2 core schema: `at: 2026-01-01T00:00:00Z` stays a string and `on`/`yes` are not booleans.
    // Duplicate keys are found after the size check (see yaml-keys.ts), not by the parser.
    const doc = (0,dist/* parseDocument */.Tp)(source, { lineCounter: lines, prettyErrors: false, uniqueKeys: false, version: '1.2' });
    const loaded = { doc, lines, source, data: undefined, errors: [] };
    const errors = loaded.errors;
    // A %YAML 1.1 directive would switch the schema back (yes/no booleans, timestamps, merge keys):
    // config files are read as YAML 1.2 only, whatever they ask for.
    const directive = doc.directives?.yaml;
    if (directive?.explicit === true && directive.version !== '1.2') {
        const at = /^%YAML\b/m.exec(source)?.index ?? 0;
        errors.push({
            message: 'the file asks for another YAML version with a %YAML directive; oidc-gate reads YAML 1.2 only',
            position: toPosition(lines, at),
            remediation: 'Remove the %YAML directive (and the --- after it, if nothing else needs it): config files are read as YAML 1.2.',
        });
        return loaded;
    }
    if (doc.errors.length > 0) {
        errors.push(...syntaxErrors(source, lines, doc));
        return loaded;
    }
    const size = measure(doc.contents);
    if (size.ok === false) {
        if (size.tooLarge !== undefined)
            loaded.tooLarge = size.tooLarge;
        else
            errors.push({ message: size.message, position: toPosition(lines, size.offset) });
        return loaded;
    }
    for (const offset of duplicateKeyOffsets(doc.contents)) {
        errors.push({
            message: describeYamlError('DUPLICATE_KEY'),
            position: toPosition(lines, offset),
            remediation: 'Keep one of the two keys: YAML would otherwise take one value and drop the other without a word.',
        });
    }
    if (errors.length > 0)
        return loaded;
    try {
        // The measure above bounds the expansion exactly, so the yaml package's own alias heuristic,
        // which refuses some small files and lets some large expansions through, is turned off.
        loaded.data = doc.toJS({ maxAliasCount: -1 });
    }
    catch {
        errors.push({ message: 'an alias cannot be resolved', position: { line: 1, column: 1 } });
    }
    return loaded;
}
/**
 * The parser's errors, described from their codes and positions. An opening bracket or quote that is
 * never closed is reported once, where it opens, and the errors after it (which only follow from
 * it) are dropped.
 */
function syntaxErrors(source, lines, doc) {
    // Unclosed quotes and brackets are reported at the end of input, past the last line of text:
    // clamp to that line so an annotation lands on something visible.
    const lastLine = Math.max(1, source.replace(/\s+$/, '').split('\n').length);
    const at = (offset) => {
        const position = toPosition(lines, offset);
        return position.line > lastLine ? { line: lastLine, column: 1 } : position;
    };
    const unclosed = findUnclosed(source);
    const errors = unclosed !== undefined ? doc.errors.filter((e) => e.pos[0] < unclosed.offset) : doc.errors;
    const out = errors.map((e) => ({ message: describeYamlError(e.code), position: at(e.pos[0]) }));
    if (unclosed !== undefined)
        out.push({ message: unclosed.message, position: at(unclosed.offset), remediation: unclosed.remediation });
    return out;
}
class Stop extends Error {
    result;
    constructor(result) {
        super('stop');
        this.result = result;
    }
}
/**
 * Count nodes and text as toJS would expand them, without expanding: each node is visited once, in
 * document order (the order in which the yaml package finds the anchor an alias names), and an
 * alias adds the finished size of its anchored node. Iterative, so deep nesting cannot overflow
 * the stack; it stops as soon as a limit is passed.
 */
function measure(root) {
    const anchors = new Map();
    const sizes = new Map();
    const open = new Set();
    const stack = [];
    const add = (into, size) => {
        into.nodes += size.nodes;
        into.text += size.text;
        if (into.nodes > MAX_YAML_NODES)
            throw new Stop({ ok: false, tooLarge: 'nodes' });
        if (into.text > MAX_YAML_TEXT)
            throw new Stop({ ok: false, tooLarge: 'text' });
    };
    /** The size of a leaf or an alias now, or undefined once a collection is pushed to be summed. */
    const enter = (node) => {
        if (node === null || typeof node !== 'object')
            return { nodes: 0, text: 0 };
        if ((0,dist/* isAlias */.Vj)(node)) {
            const target = anchors.get(node.source);
            const offset = rangeStart(node) ?? 0;
            if (target === undefined)
                throw new Stop({ ok: false, message: 'an alias names an anchor that is not defined before it', offset });
            if (open.has(target))
                throw new Stop({ ok: false, message: 'an alias refers to a node that contains it (a recursive structure)', offset });
            return sizes.get(target) ?? { nodes: 0, text: 0 };
        }
        const anchor = node.anchor;
        if (typeof anchor === 'string')
            anchors.set(anchor, node);
        if ((0,dist/* isScalar */.jn)(node)) {
            const size = { nodes: 1, text: scalarText(node.value) };
            sizes.set(node, size);
            return size;
        }
        if ((0,dist/* isMap */.jh)(node) || (0,dist/* isSeq */.oP)(node)) {
            const children = [];
            for (const item of node.items) {
                if ((0,dist/* isPair */.tO)(item))
                    children.push(item.key, item.value);
                else
                    children.push(item);
            }
            open.add(node);
            stack.push({ node, children, next: 0, size: { nodes: 1, text: 0 } });
            return undefined;
        }
        return { nodes: 0, text: 0 };
    };
    try {
        const total = { nodes: 0, text: 0 };
        const first = enter(root);
        if (first !== undefined)
            add(total, first);
        while (stack.length > 0) {
            const frame = stack[stack.length - 1];
            if (frame.next < frame.children.length) {
                const size = enter(frame.children[frame.next++]);
                if (size !== undefined)
                    add(frame.size, size);
                continue;
            }
            stack.pop();
            open.delete(frame.node);
            sizes.set(frame.node, frame.size);
            const parent = stack[stack.length - 1];
            add(parent !== undefined ? parent.size : total, frame.size);
        }
        return { ok: true, ...total };
    }
    catch (err) {
        if (err instanceof Stop)
            return err.result;
        throw err;
    }
}
/**
 * The text a scalar adds to the report once read: a string's characters, and a `!!binary` value's
 * bytes (which the report spells out one number per byte), so no tag lets a value grow past the limit.
 */
function scalarText(value) {
    if (typeof value === 'string')
        return value.length;
    if (value instanceof Uint8Array)
        return value.byteLength;
    return 0;
}
/**
 * The yaml package builds its messages from the source text ("Unresolved alias …: hunter2"), and the
 * source may hold a secret that is masked only after a successful parse. So a problem is described from
 * its error code alone; the position says where.
 */
const YAML_ERROR_TEXT = {
    ALIAS_PROPS: 'an alias cannot have an anchor or a tag',
    BAD_ALIAS: 'an alias is malformed',
    BAD_DIRECTIVE: 'a directive is malformed',
    BAD_DQ_ESCAPE: 'a double-quoted string has an invalid escape sequence',
    BAD_INDENT: 'the indentation is wrong',
    BAD_PROP_ORDER: 'anchors and tags are in the wrong order',
    BAD_SCALAR_START: 'a plain value starts with a character that YAML reserves (quote the value)',
    BLOCK_AS_IMPLICIT_KEY: 'a block value is used as a key',
    BLOCK_IN_FLOW: 'a block collection is inside a flow collection',
    DUPLICATE_KEY: 'a key appears twice in one mapping',
    IMPOSSIBLE: 'the parser reached an impossible state',
    KEY_OVER_1024_CHARS: 'an implicit key is longer than 1024 characters',
    MISSING_CHAR: 'a closing quote or bracket is missing',
    MULTILINE_IMPLICIT_KEY: 'an implicit key spans several lines',
    MULTIPLE_ANCHORS: 'a node has more than one anchor',
    MULTIPLE_DOCS: 'the file holds more than one YAML document',
    MULTIPLE_TAGS: 'a node has more than one tag',
    NON_STRING_KEY: 'a key is not a string',
    RESOURCE_EXHAUSTION: 'the document nests too deeply',
    TAB_AS_INDENT: 'a tab is used for indentation',
    TAG_RESOLVE_FAILED: 'a tag cannot be resolved',
    UNEXPECTED_TOKEN: 'unexpected text (an unquoted value may need quotes)',
    BAD_COLLECTION_TYPE: 'a collection has the wrong type for its tag',
};
function describeYamlError(code) {
    return `${YAML_ERROR_TEXT[code] ?? 'the YAML is malformed'} (${code})`;
}
function toPosition(lines, offset) {
    const p = lines.linePos(offset);
    return { line: p.line, column: p.col };
}
/**
 * The position of the node at `path`. For a map member it is the key (so a block value that starts
 * on the next line still points at `field:`); for a sequence item, the item. When the path does not
 * exist (a field the engine names but the file lacks), the nearest existing ancestor answers.
 */
function positionOf(loaded, path) {
    let node = loaded.doc.contents;
    let best = rangeStart(node) ?? 0;
    for (const seg of path) {
        if ((0,dist/* isMap */.jh)(node)) {
            const pair = node.items.find((p) => (0,dist/* isPair */.tO)(p) && (0,dist/* isScalar */.jn)(p.key) && String(p.key.value) === String(seg));
            if (pair === undefined)
                break;
            best = rangeStart(pair.key) ?? best;
            node = pair.value;
        }
        else if ((0,dist/* isSeq */.oP)(node)) {
            const index = typeof seg === 'number' ? seg : /^(0|[1-9]\d*)$/.test(seg) ? Number(seg) : -1;
            const item = node.items[index];
            if (item === undefined)
                break;
            best = rangeStart(item) ?? best;
            node = item;
        }
        else {
            break;
        }
    }
    return toPosition(loaded.lines, best);
}
function rangeStart(node) {
    if (node !== null && typeof node === 'object' && 'range' in node) {
        const range = node.range;
        if (Array.isArray(range))
            return range[0];
    }
    return undefined;
}
/** RFC 6901 pointer to path segments. */
function parsePointer(pointer) {
    if (pointer === '' || pointer === '/')
        return [];
    return pointer.replace(/^\//, '').split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}
function toPointer(path) {
    return path.map((s) => '/' + String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

;// CONCATENATED MODULE: ./src/gate/suppress/suppress-config.ts
/**
 * A `suppressions:` item of a config file: `{ code, entry?, field?, reason, expires? }`. It covers the
 * findings of its own file only, so a file's suppressions are read beside the findings they hide.
 */





const SUPPRESSION_KEYS = ['code', 'entry', 'field', 'reason', 'expires'];
const ITEM_FORM = '{ code, reason } with optional entry, field and expires';
/** The item as a suppression, or undefined after one problem per mistake in it (then it hides nothing). */
function parseSuppressionEntry(raw, index, file, yaml, problem) {
    const at = ['suppressions', index];
    const invalid = (message, where, remediation) => {
        problem(GATE_CODES.SUPPRESSION_INVALID, message, where, { kind: 'config', remediation });
    };
    if (!isRecord(raw)) {
        invalid(`Each suppressions item must be a map, ${ITEM_FORM}, not ${describeType(raw)}.`, at, SUPPRESSION_FIXES.itemForm);
        return undefined;
    }
    let ok = true;
    for (const key of Object.keys(raw)) {
        if (SUPPRESSION_KEYS.includes(key))
            continue;
        const hint = nearest(key, SUPPRESSION_KEYS);
        problem(GATE_CODES.CONFIG_UNKNOWN_KEY, `Unknown key "${clip(key)}" in a suppressions item${hint !== undefined ? ` (did you mean "${hint}"?)` : ''}; allowed: ${SUPPRESSION_KEYS.join(', ')}.`, [...at, key], { kind: 'config', remediation: hint !== undefined ? `Rename the key to "${hint}".` : GATE_CODES.CONFIG_UNKNOWN_KEY.remediation });
        ok = false;
    }
    // An unknown key is the one mistake: "reason is missing" after `reson:` would say it twice.
    if (!ok)
        return undefined;
    const { code, reason, entry, field, expires } = raw;
    if (typeof code !== 'string' || code.trim() === '') {
        invalid(code === undefined ? `This suppression names no code: add code:, as in ${ITEM_FORM}.` : `code must be a finding code such as INSECURE_URI, not ${describeType(code)}.`, code === undefined ? at : [...at, 'code'], SUPPRESSION_FIXES.noCode);
        ok = false;
    }
    else {
        const why = codeProblem(code.trim());
        if (why !== undefined) {
            invalid(`This suppression cannot apply: ${why}.`, [...at, 'code'], codeFix(code.trim()));
            ok = false;
        }
    }
    if (typeof reason !== 'string' || reason.trim() === '') {
        invalid('This suppression gives no reason: add reason: with why the finding is accepted (a reviewer reads it in the report and in code scanning).', reason === undefined ? at : [...at, 'reason'], SUPPRESSION_FIXES.itemReason);
        ok = false;
    }
    if (entry !== undefined && (typeof entry !== 'string' || entry === '')) {
        invalid('entry must be the name of a provider, profile or sample in this file.', [...at, 'entry'], SUPPRESSION_FIXES.entry);
        ok = false;
    }
    if (field !== undefined && (typeof field !== 'string' || (field !== '' && !field.startsWith('/')))) {
        invalid('field must be a JSON Pointer inside the entry, as in a finding\'s evidence.field, such as /redirect_uris/1.', [...at, 'field'], SUPPRESSION_FIXES.field);
        ok = false;
    }
    let until;
    if (expires !== undefined) {
        const parsed = parseExpires(expires);
        if (parsed.ok)
            until = { text: parsed.text, ms: parsed.ms };
        else {
            invalid(`expires must be ${EXPIRES_FORMAT} (${typeof expires === 'string' ? `"${clip(expires)}" ` : ''}${parsed.reason}).`, [...at, 'expires'], SUPPRESSION_FIXES.expires);
            ok = false;
        }
    }
    if (!ok)
        return undefined;
    const pos = positionOf(yaml, at);
    const out = {
        kind: 'config', code: code.trim(), reason: reason.trim(), file, line: pos.line, column: pos.column, pointer: toPointer(at),
    };
    if (typeof entry === 'string')
        out.entry = entry;
    if (typeof field === 'string')
        out.field = field;
    if (until !== undefined)
        out.expires = until;
    return out;
}

;// CONCATENATED MODULE: ./src/gate/suppress/suppressions-section.ts
/**
 * `suppressions:`: findings of this file accepted with a reason. Read like any section, not run: the
 * run hands them (with the file's inline suppressions) to the suppressor.
 */




/** A calendar date as a pattern can say it: months 01 to 12, days 01 to 31 (the tool also checks each month's length). */
const DATE = '[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])';
/** A date-time with Z or an offset, its fields in range, as `expires` takes it (RFC 3339). */
const DATE_TIME = `${DATE}[Tt ]([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](\\.[0-9]+)?([Zz]|[+-]([01][0-9]|2[0-3]):[0-5][0-9])`;
const suppressionsSection = defineSection({
    key: 'suppressions',
    what: 'suppression',
    noun: ['suppression', 'suppressions'],
    title: 'Suppressions',
    entries: false,
    parse: (raw, index, source, problem) => parseSuppressionEntry(raw, index, source.file, source.yaml, problem),
    schema: {
        definition: 'Suppression',
        description: 'Findings of this file accepted with a reason (and an optional expiry). A finding can also be suppressed inline: # oidc-gate: ignore[CODE] reason, on its line or the line above.',
        build: () => ({
            title: 'Suppression',
            description: 'Accepts findings of this file, with a reason: they leave the counts and fail-on, and stay in the report and SARIF (as suppressed). Configuration errors and the SUPPRESSION_ codes cannot be suppressed.',
            type: 'object',
            additionalProperties: false,
            required: ['code', 'reason'],
            properties: {
                code: { type: 'string', enum: findingCatalogue.map((d) => d.code).filter((c) => whyNotSuppressible(c) === undefined), description: 'The finding code to suppress.' },
                entry: { type: 'string', minLength: 1, description: 'Only findings of this provider, profile or sample (by name).' },
                field: { type: 'string', pattern: '^(/.*)?$', description: 'Only findings at this JSON Pointer inside the entry, or below it, as in a finding\'s evidence.field (e.g. /redirect_uris/1).' },
                reason: { type: 'string', minLength: 1, pattern: '\\S', description: 'Why the finding is accepted: shown in the report and as the SARIF justification.' },
                expires: {
                    type: 'string', anyOf: [{ pattern: `^${DATE}$` }, { pattern: `^${DATE_TIME}$`, format: 'date-time' }],
                    description: 'An RFC 3339 date (the suppression applies through that day, UTC) or date-time; after it, the finding is reported again with a SUPPRESSION_EXPIRED warning.',
                },
            },
        }),
    },
});

;// CONCATENATED MODULE: ./src/gate/config/entry-keys.ts
/**
 * Which keys each kind of config entry may hold, read from the JSON Schemas the engine validates its
 * requests and profiles with, plus the few keys the gate adds. A field added to a request schema is
 * then accepted in config files at once, and a key the engine does not know is refused at its own line
 * instead of travelling on to a 422.
 */




/** The top-level members of a schema's `properties`, in the schema's order. */
function propertiesOf(schema) {
    const properties = schema.properties;
    return isRecord(properties) ? Object.keys(properties) : [];
}
/** An operation's request body schema. */
function requestSchema(kind) {
    const operation = (0,src_engine/* getOperation */.eu)(kind);
    if (operation === undefined)
        throw new Error(`no operation named ${kind}`);
    return operation.request.schema;
}
function shape(what, schema, gateKeys) {
    return { what, keys: [...propertiesOf(schema), ...gateKeys], gateKeys, schema };
}
/** `providers:` entries: a lint request, plus a display `name` and `discover: true` to run discovery first. */
const PROVIDER_SHAPE = shape('provider', requestSchema('lint'), ['name', 'discover']);
/** `tokens:` entries: a validate request, plus `name`, the token from `token_file`, `expect` and `at`. */
const TOKEN_SHAPE = shape('token', requestSchema('validate'), ['name', 'token_file', 'expect', 'at']);
/** `profiles:` entries: exactly the issuer profile the service reads from ISSUER_PROFILES_JSON. */
const PROFILE_SHAPE = shape('profile', src_engine/* issuerProfileSchema */.OI, []);
/**
 * `trust_policies:` entries: a trust-policy request, plus `name` and `id_token`. `aws_trust_policy` is
 * the request's own key, written as the path of the policy's JSON file instead of the object.
 */
const TRUST_SHAPE = shape('trust policy', requestSchema('trust-policy'), ['name', 'id_token']);
const PROVIDER_KEYS = PROVIDER_SHAPE.keys;
const TOKEN_KEYS = TOKEN_SHAPE.keys;
const PROFILE_KEYS = PROFILE_SHAPE.keys;
/**
 * The entry as a map when it is one and holds only known keys, at any depth (a misspelt
 * `alg_policy.alowed_algs` or `policy.audience` is caught here, at its own line, like a misspelt
 * top-level key); otherwise one problem per unknown key, with the nearest known key as a hint, or
 * one for the entry itself, and undefined. A mistake is then one error: the entry is not sent on to
 * draw "is required" for the key the typo meant.
 */
function checkEntry(raw, at, shape, problem, kind = 'config') {
    if (!isRecord(raw)) {
        problem(GATE_CODES.CONFIG_INVALID, `Each ${shape.what} entry must be a map of fields, not ${describeType(raw)}.`, at, {
            kind, remediation: `Write the ${shape.what} as fields under its "- ", one per line (for example "- name: …" then "  issuer: …").`,
        });
        return undefined;
    }
    let ok = true;
    const unknown = (key, allowed, where, place) => {
        const hint = nearest(key, allowed);
        problem(GATE_CODES.CONFIG_UNKNOWN_KEY, `Unknown key "${clip(key)}" in ${place}${hint !== undefined ? ` (did you mean "${hint}"?)` : ''}; allowed: ${allowed.join(', ')}.`, [...where, key], { kind, remediation: unknownKeyFix(hint) });
        ok = false;
    };
    for (const key of Object.keys(raw)) {
        if (!shape.keys.includes(key))
            unknown(key, shape.keys, at, `a ${shape.what} entry`);
    }
    nestedUnknownKeys(raw, shape.schema, [], (key, allowed, rel) => unknown(key, allowed, [...at, ...rel], rel.map(String).join('.')));
    return ok ? raw : undefined;
}
/** Rename the key to the hint, or remove it. */
function unknownKeyFix(hint) {
    return hint !== undefined
        ? `Rename the key to "${hint}" (or remove it): unknown keys are refused so that a typo never passes silently.`
        : GATE_CODES.CONFIG_UNKNOWN_KEY.remediation;
}
/**
 * Unknown keys of the maps inside an entry (policy, alg_policy), each with the keys its schema
 * allows. Only closed maps are checked: an open one (required_custom_claims) holds names the user chose.
 */
function nestedUnknownKeys(value, schema, rel, report) {
    const properties = schema.properties;
    if (!isRecord(properties))
        return;
    for (const [key, child] of Object.entries(value)) {
        const member = Object.hasOwn(properties, key) ? properties[key] : undefined;
        if (!isRecord(member))
            continue;
        const items = Array.isArray(child) && isRecord(member.items)
            ? child.map((item, i) => [item, member.items, [...rel, key, i]])
            : [[child, member, [...rel, key]]];
        for (const [item, itemSchema, path] of items) {
            if (!isRecord(item) || !isRecord(itemSchema) || itemSchema.additionalProperties !== false)
                continue;
            const allowed = propertiesOf(itemSchema);
            for (const k of Object.keys(item))
                if (!allowed.includes(k))
                    report(k, allowed, path);
            nestedUnknownKeys(item, itemSchema, path, report);
        }
    }
}

;// CONCATENATED MODULE: ./src/gate/outputs/redact.ts
/**
 * What the gate never writes out of a request it records (report, CLI output): the token becomes
 * its SHA-256 fingerprint; `secret`, every member the request schema does not know (a misspelt
 * `secrte:` holds a secret just the same), every value whose shape is not the one the schema expects
 * (a policy written as one string, `secret:xyz`, or as a list), a `public_key` that is not exactly a
 * public key PEM, and the user info of a provider's URIs (`https://user:password@…`) are replaced.
 * Real public keys and inline JWKS stay, so a recorded request can be replayed against the service.
 */

const REDACTED = '[redacted]';
/** The JSON Schema of a kind's request body: it says which members are known, and their types. */
function redact_requestSchema(kind) {
    const operation = (0,src_engine/* getOperation */.eu)(kind);
    // Never redact against no schema: that would keep every member as written.
    if (operation === undefined)
        throw new Error(`no operation named ${kind}`);
    return operation.request.schema;
}
/**
 * Shorter values are not masked: the runner would star out every occurrence of, say, "api" in the
 * log. They are still never written, since redaction does not depend on length.
 */
const MIN_MASK_LENGTH = 8;
/** Parsed once per distinct key text, like the engine's own key cache. */
const publicKeys = new src_engine/* KeyObjectCache */.hz(256);
/** Members of lint and discover requests that hold URIs, whose user info may carry a password. */
const URI_MEMBERS = new Set(['issuer', 'jwks_uri', 'discovered_jwks_uri', 'redirect_uris']);
function redact_isRecord(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
function hasOwn(value, key) {
    return Object.prototype.hasOwnProperty.call(value, key);
}
/** Set an own member, also one named `__proto__`, which plain assignment would not replace. */
function put(target, key, value) {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
/**
 * One PEM block and nothing else but surrounding white space: OpenSSL skips any text around the
 * armor, so a private key pasted under a public one would otherwise be kept with it.
 */
const SINGLE_PEM = /^\s*-----BEGIN ([A-Z0-9 ]+)-----\r?\n(?:[A-Za-z0-9+/=]+\r?\n)+-----END \1-----\s*$/;
/** A single SPKI or certificate PEM of a public key: what `public_key` is meant to hold. */
function isPublicKeyText(value) {
    return typeof value === 'string' && SINGLE_PEM.test(value) && publicKeys.publicKey(value).ok;
}
/** Does `value` have the JSON type (or one of the types) the schema names? No `type` accepts anything. */
function hasSchemaType(value, schema) {
    const type = schema.type;
    if (type === undefined)
        return true;
    const types = Array.isArray(type) ? type : [type];
    return types.some((t) => {
        switch (t) {
            case 'string': return typeof value === 'string';
            case 'integer': return typeof value === 'number' && Number.isInteger(value);
            case 'number': return typeof value === 'number';
            case 'boolean': return typeof value === 'boolean';
            case 'array': return Array.isArray(value);
            case 'object': return redact_isRecord(value);
            case 'null': return value === null;
            default: return false;
        }
    });
}
/**
 * Every place in `value` the schema does not vouch for, at any depth: a member it does not list, and
 * a value of another type than it expects (fail-closed: a secret written one level off, or with a
 * missing space, lands in such a value). Open maps (required_custom_claims) hold claim expectations
 * the user chose; they stay as written.
 */
function unvouched(value, schema, visit) {
    if (!redact_isRecord(schema))
        return;
    if (Array.isArray(value)) {
        const items = schema.items;
        if (!redact_isRecord(items))
            return;
        value.forEach((item, i) => {
            if (!hasSchemaType(item, items))
                visit(value, i);
            else
                unvouched(item, items, visit);
        });
        return;
    }
    if (!redact_isRecord(value) || schema.additionalProperties !== false)
        return;
    const properties = redact_isRecord(schema.properties) ? schema.properties : {};
    for (const key of Object.keys(value)) {
        const member = hasOwn(properties, key) ? properties[key] : undefined;
        if (!redact_isRecord(member) || !hasSchemaType(value[key], member))
            visit(value, key);
        else
            unvouched(value[key], member, visit);
    }
}
/** The request as the gate records it. `kind` picks the schema that says which members are known. */
function redactRequest(request, kind = 'validate') {
    if (!redact_isRecord(request))
        return {};
    const out = structuredClone(request);
    const token = out.token;
    unvouched(out, redact_requestSchema(kind), (holder, key) => put(holder, key, REDACTED));
    if (typeof token === 'string')
        out.token = (0,src_engine/* tokenFingerprint */.Wv)(token);
    else if (hasOwn(out, 'token'))
        out.token = REDACTED;
    const policy = out.policy;
    if (redact_isRecord(policy)) {
        if (hasOwn(policy, 'secret'))
            put(policy, 'secret', REDACTED);
        if (hasOwn(policy, 'public_key') && !isPublicKeyText(policy.public_key))
            put(policy, 'public_key', REDACTED);
    }
    if (kind !== 'validate') {
        for (const [key, value] of Object.entries(out)) {
            if (!URI_MEMBERS.has(key))
                continue;
            if (typeof value === 'string')
                put(out, key, (0,src_engine/* redactUri */.sU)(value));
            else if (Array.isArray(value))
                value.forEach((v, i) => typeof v === 'string' && put(value, i, (0,src_engine/* redactUri */.sU)(v)));
        }
    }
    return out;
}
/**
 * The pieces of a request the runner must mask (the same members redactRequest replaces): the
 * secret, the values of unknown or misshapen members, a `public_key` that is not a public key, and
 * the user info of URIs. A multi-line value is masked line by line, since the runner matches masks
 * within one log line; a JSON value (a JWK) member by member as well. The token is masked by the
 * caller, where it is read.
 */
function requestValuesToMask(request, kind) {
    if (!redact_isRecord(request))
        return maskPieces(request);
    const out = valuesToMask(request, redact_requestSchema(kind));
    const policy = request.policy;
    if (kind === 'validate' && redact_isRecord(policy))
        out.push(...secretMasks(policy));
    if (kind !== 'validate') {
        for (const [key, value] of Object.entries(request)) {
            if (!URI_MEMBERS.has(key))
                continue;
            for (const uri of Array.isArray(value) ? value : [value])
                if (typeof uri === 'string')
                    out.push(...userInfoMasks(uri));
        }
    }
    return [...new Set(out)];
}
/**
 * The values to mask of a config entry as written, before it is checked (an entry refused for a
 * typo such as `client_secret:` still holds the value): its request part, the entry without the
 * gate's own keys. An entry that is not a map at all is masked whole.
 */
function entryValuesToMask(entry, gateKeys, kind) {
    if (!redact_isRecord(entry))
        return maskPieces(entry);
    return requestValuesToMask(Object.fromEntries(Object.entries(entry).filter(([key]) => !gateKeys.includes(key))), kind);
}
/** The same for an issuer profile of a config file or the issuer-profiles file. */
function profileValuesToMask(profile) {
    if (!redact_isRecord(profile))
        return maskPieces(profile);
    return [...new Set([...valuesToMask(profile, src_engine/* issuerProfileSchema */.OI), ...secretMasks(profile)])];
}
function valuesToMask(value, schema) {
    const out = [];
    unvouched(value, schema, (holder, key) => out.push(...maskPieces(holder[key])));
    return out;
}
/** A policy's or a profile's secret (at any length), and a public_key that is not a public key. */
function secretMasks(holder) {
    const out = [];
    if (typeof holder.secret === 'string' && holder.secret !== '')
        out.push(holder.secret);
    else if (hasOwn(holder, 'secret'))
        out.push(...maskPieces(holder.secret));
    if (hasOwn(holder, 'public_key') && !isPublicKeyText(holder.public_key))
        out.push(...maskPieces(holder.public_key));
    return out;
}
/** The user info of a URI (`user:password`) and its password, when long enough to mask. */
function userInfoMasks(uri) {
    // The authority ends at the first / ? or #, and its user info at the last @ before that, as the URL parser reads it.
    const info = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/([^/?#]*)@/.exec(uri)?.[1];
    if (info === undefined)
        return [];
    const password = info.includes(':') ? info.slice(info.indexOf(':') + 1) : '';
    return [info, password].filter((t) => t.length >= MIN_MASK_LENGTH);
}
function maskPieces(value) {
    const out = [];
    const add = (text) => {
        if (text.length >= MIN_MASK_LENGTH)
            out.push(text);
    };
    const walk = (v, depth) => {
        if (depth > 64)
            return;
        if (typeof v === 'number' || typeof v === 'bigint')
            add(String(v));
        else if (Array.isArray(v))
            for (const item of v)
                walk(item, depth + 1);
        else if (redact_isRecord(v))
            for (const item of Object.values(v))
                walk(item, depth + 1);
        else if (typeof v === 'string') {
            const text = v.trim();
            const lines = text.split(/\r?\n|\r/).map((l) => l.trim());
            if (lines.length > 1)
                lines.forEach(add);
            else
                add(text);
            if (text.startsWith('{') || text.startsWith('[')) {
                try {
                    walk(JSON.parse(text), depth + 1);
                }
                catch {
                    // Not JSON: the lines above are all there is to mask.
                }
            }
        }
    };
    walk(value, 0);
    return out;
}

;// CONCATENATED MODULE: ./src/gate/sections/profile-entry.ts
/**
 * A `profiles:` entry of a config file, or an entry of the issuer-profiles file: an issuer profile,
 * registered by profiles.ts with the rest.
 */





/**
 * Repository profiles (config files and the issuer-profiles file) are written by whoever edits the
 * repository, a pull request included, and secret_env would let them read any variable of the
 * gate's process (the runner's own tokens among them) and learn its length from WEAK_SECRET. So
 * they may only name variables the workflow author set for the gate on purpose. The service's
 * profiles, set by its operator, are loaded elsewhere and have no such rule.
 */
const SECRET_ENV_PREFIX = 'OIDC_GATE_';
/**
 * The names secret_env may give in a repository: the prefix, then at least one of A-Z, 0-9 and _, as
 * the action's oidc-gate-env lines must name them (a lower-case name could never be set there).
 */
const SECRET_ENV_PATTERN = `^${SECRET_ENV_PREFIX}[A-Z0-9_]+$`;
/** The variable the reusable workflow hands the oidc-gate-env lines in: the action removes it, no profile reads it. */
const SECRET_ENV_RESERVED = 'OIDC_GATE_ENV';
/** Why a secret_env name may not be read from a repository file, or undefined when it may. */
function secretEnvProblem(name) {
    if (!name.startsWith(SECRET_ENV_PREFIX))
        return `a repository config may only name variables that start with ${SECRET_ENV_PREFIX}`;
    if (name === SECRET_ENV_RESERVED)
        return `${SECRET_ENV_RESERVED} holds the lines of the oidc-gate-env secret, not one value`;
    if (!new RegExp(SECRET_ENV_PATTERN).test(name))
        return `names here are ${SECRET_ENV_PREFIX} then at least one upper-case letter, digit or _`;
    return undefined;
}
function parseProfileEntry(raw, at, yaml, problem, onSecret) {
    // Masked before any check: a profile refused for a typo (`sekret:`) still holds the value.
    for (const value of profileValuesToMask(raw))
        onSecret?.(value);
    let first;
    const noted = (def, message, where, extra) => {
        first ??= where;
        problem(def, message, where, extra);
    };
    const entry = checkEntry(raw, at, PROFILE_SHAPE, noted, 'profile');
    const id = isRecord(raw) && isNonEmptyString(raw.id) ? raw.id : undefined;
    if (entry === undefined) {
        return id !== undefined ? { ok: false, refused: { id, line: positionOf(yaml, first ?? at).line } } : { ok: false };
    }
    if (id === undefined) {
        problem(GATE_CODES.PROFILE_INVALID, 'A profile needs an id: a non-empty string.', entry.id === undefined ? at : [...at, 'id'], {
            kind: 'profile', remediation: 'Add id: with the name samples use in issuer_profile_id, such as id: orders-api.',
        });
        return { ok: false };
    }
    return { ok: true, entry: { id, path: at, line: positionOf(yaml, at).line, profile: entry } };
}

;// CONCATENATED MODULE: ./src/gate/sections/profiles-section.ts
/**
 * `profiles:`: issuer profiles that samples name with issuer_profile_id. They are read here with the
 * file, and registered by the run with the issuer-profiles file's (profiles.ts), not checked one by one.
 */



const profilesSection = defineSection({
    key: 'profiles',
    what: 'profile',
    noun: ['profile', 'profiles'],
    title: 'Profiles',
    entries: true,
    count: (items) => profileEntries(items).length,
    parse(raw, index, source, problem) {
        const at = ['profiles', index];
        const parsed = parseProfileEntry(raw, at, source.yaml, problem, source.onSecret);
        if (parsed.ok)
            return { name: parsed.entry.id, path: at, line: parsed.entry.line, refused: false, entry: parsed.entry };
        return parsed.refused !== undefined ? { name: parsed.refused.id, path: at, line: parsed.refused.line, refused: true, id: parsed.refused.id } : undefined;
    },
    schema: {
        definition: 'Profile',
        description: 'Issuer profiles; ids are unique across every config file and the issuer-profiles file.',
        build(embed) {
            const profileSchema = embed(src_engine/* issuerProfileSchema */.OI);
            const profileProperties = profileSchema.properties;
            return {
                ...profileSchema,
                title: 'Issuer profile',
                description: 'A named trust policy that samples select with issuer_profile_id: id, the policy fields, and exactly one key source (secret, secret_env, public_key, jwks, jwks_uri or discovery: true).',
                properties: {
                    ...profileProperties,
                    secret_env: {
                        ...profileProperties.secret_env,
                        // A repository file is written by whoever opens the pull request: it may only read the variables the workflow set for the gate.
                        pattern: SECRET_ENV_PATTERN,
                        not: { const: SECRET_ENV_RESERVED },
                        description: `Name of an environment variable holding the HMAC secret. In a repository config it is ${SECRET_ENV_PREFIX} then at least one of A-Z, 0-9 and _ (set it in the step's env:), and not ${SECRET_ENV_RESERVED}.`,
                    },
                },
                oneOf: src_engine/* PROFILE_KEY_SOURCES */.zm.map((source) => (source === 'discovery'
                    ? { required: [source], properties: { discovery: { const: true } } }
                    : { required: [source] })),
            };
        },
    },
});
/** The profiles of a file's `profiles:` to register. */
function profileEntries(items) {
    return items.flatMap((item) => (item.refused ? [] : [item.entry]));
}
/** The profiles of a file's `profiles:` refused for a mistake of their own. */
function refusedProfiles(items) {
    return items.flatMap((item) => (item.refused ? [{ id: item.id, line: item.line }] : []));
}

;// CONCATENATED MODULE: ./src/gate/sections/provider-entry.ts
/** A `providers:` entry: a lint request body, a display name, and whether to run discovery first. */





function parseProviderEntry(raw, index, yaml, problem, onSecret) {
    const at = ['providers', index];
    // Masked before any check: an entry refused for a typo (`client_secret:`) still holds the value.
    for (const value of entryValuesToMask(raw, PROVIDER_SHAPE.gateKeys, 'lint'))
        onSecret?.(value);
    const entry = checkEntry(raw, at, PROVIDER_SHAPE, problem);
    if (entry === undefined)
        return undefined;
    let ok = true;
    if (entry.name !== undefined && !isNonEmptyString(entry.name)) {
        problem(GATE_CODES.CONFIG_INVALID, 'name must be a non-empty string.', [...at, 'name'], {
            remediation: 'Give the provider a name (any text, such as okta-prod), or leave name out to use its issuer.',
        });
        ok = false;
    }
    if (entry.discover !== undefined && typeof entry.discover !== 'boolean') {
        problem(GATE_CODES.CONFIG_INVALID, 'discover must be true or false.', [...at, 'discover'], {
            remediation: 'Write discover: true (fetch the discovery document and check it) or discover: false, without quotes.',
        });
        ok = false;
    }
    if (!ok)
        return undefined;
    const { name, discover, ...request } = entry;
    return {
        name: name ?? (isNonEmptyString(entry.issuer) ? entry.issuer : `providers[${index}]`),
        path: at,
        line: positionOf(yaml, at).line,
        request,
        discover: discover === true,
    };
}

;// CONCATENATED MODULE: ./src/gate/run/entry-result.ts

/**
 * A report result: the request as recorded (secrets and the token removed) and the engine's answer,
 * or no answer for an entry that was not run.
 */
function recordResult(kind, file, entry, request, outcome) {
    const r = { kind, file, name: entry.name, line: entry.line, request: redactRequest(request, kind) };
    if (outcome?.problem !== undefined)
        r.problem = outcome.problem;
    else if (outcome !== undefined)
        r.response = outcome.response;
    return r;
}

;// CONCATENATED MODULE: ./src/gate/run/place.ts
/**
 * Placing what the engine reports on the config file: each finding of a response, and each error of a
 * refused request, goes to the YAML line of the field it names (`evidence.field`, a problem's pointer),
 * relative to the entry it came from. The runners decide what to report; this module only says where.
 */



/** The finding's request field as a pointer (`/redirect_uris/1`), when it names one. */
function fieldOf(f) {
    const field = f.evidence?.field;
    return typeof field === 'string' ? field : undefined;
}
/** Collects one entry's gate findings, each at the line of the field it is about. */
class Placer {
    findings = [];
    #config;
    #entryPath;
    #name;
    #kind;
    constructor(config, entryPath, name, kind) {
        this.#config = config;
        this.#entryPath = entryPath;
        this.#name = name;
        this.#kind = kind;
    }
    /** `rel` is the field's path inside the entry; `config` marks a problem with the input (CLI exit 2). */
    add(f, rel, config = false) {
        const path = [...this.#entryPath, ...rel];
        const yaml = this.#config.yaml;
        const pos = yaml !== undefined ? positionOf(yaml, path) : { line: 1, column: 1 };
        const out = {
            code: f.code,
            severity: f.severity,
            message: f.message,
            file: this.#config.file,
            line: pos.line,
            column: pos.column,
            pointer: toPointer(path),
            // Named by entry name rather than index, so a SARIF fingerprint survives reordering entries.
            stablePointer: toPointer([String(this.#entryPath[0]), this.#name, ...rel]),
            kind: this.#kind,
            name: this.#name,
        };
        if (f.remediation !== undefined)
            out.remediation = f.remediation;
        if (config)
            out.config = true;
        this.findings.push(out);
    }
    /**
     * A response's findings, each at its field (`map` turns a request pointer into a path in the
     * entry); a finding about no field goes to `fallback`.
     */
    addFindings(findings, map, fallback) {
        for (const f of findings) {
            const field = fieldOf(f);
            this.add(f, field !== undefined ? map(field) : fallback);
        }
    }
    /** A refused request (422): one config error per refused field. (A 400 is a sample outcome, judged by the token runner.) */
    problem(problem, map = parsePointer) {
        for (const e of problem.errors ?? [{ pointer: '', message: problem.detail }]) {
            const where = e.pointer === '' ? '' : ` at ${e.pointer}`;
            this.add({
                code: GATE_CODES.REQUEST_INVALID.code,
                severity: 'error',
                message: `The ${this.#kind} request for "${this.#name}" is invalid${where}: ${e.message}`,
                remediation: GATE_CODES.REQUEST_INVALID.remediation,
            }, map(e.pointer), true);
        }
    }
}

;// CONCATENATED MODULE: ./src/gate/sections/run-provider.ts
/**
 * One `providers:` entry: with `discover: true`, fetch and check the discovery document first and
 * lint with the jwks_uri it names; then lint the provider configuration.
 */




async function runProvider(config, provider, engine) {
    const results = [];
    const findings = [];
    // As written in the file: the engine checks its shape and refuses it (422) when it is not a lint request.
    let request = provider.request;
    let discovered = false;
    if (provider.discover) {
        const body = { issuer: provider.request.issuer };
        if (Object.hasOwn(provider.request, 'https_required'))
            body.https_required = provider.request.https_required;
        const placer = new Placer(config, provider.path, provider.name, 'discover');
        const outcome = await engine.run('discover', body);
        results.push(recordResult('discover', config.file, provider, body, outcome));
        if (outcome.problem !== undefined) {
            placer.problem(outcome.problem);
        }
        else {
            const discovery = outcome.response;
            // Discovery findings are about the issuer the entry names; one without a field is about `discover: true`.
            placer.addFindings(discovery.findings, parsePointer, ['discover']);
            const filled = (0,src_engine/* withDiscoveredJwksUri */.S0)(request, discovery);
            discovered = filled !== request;
            request = filled;
        }
        findings.push(...placer.findings);
    }
    const placer = new Placer(config, provider.path, provider.name, 'lint');
    const map = (pointer) => {
        const rel = parsePointer(pointer);
        // Filled in from discovery, so the file has no such line: point at `discover: true` instead.
        if (rel[0] === 'discovered_jwks_uri' && discovered)
            return ['discover'];
        return rel;
    };
    const outcome = await engine.run('lint', request);
    results.push(recordResult('lint', config.file, provider, request, outcome));
    if (outcome.problem !== undefined)
        placer.problem(outcome.problem, map);
    else
        placer.addFindings(outcome.response.findings, map, []);
    findings.push(...placer.findings);
    return { file: config.file, results, findings };
}

;// CONCATENATED MODULE: ./src/gate/sections/schema-parts.ts
/** An entry's `name:`, described for the kind of entry it names. */
function entryNameSchema(what) {
    return {
        type: 'string', minLength: 1,
        description: `A name for the ${what}, shown in findings, the report and SARIF (fingerprints use it, so alerts survive reordering).`,
    };
}

;// CONCATENATED MODULE: ./src/gate/sections/providers.ts
/** `providers:`: identity provider configurations, each linted (and with `discover: true`, discovered first). */





const providersSection = defineSection({
    key: 'providers',
    what: 'provider',
    noun: ['provider', 'providers'],
    title: 'Providers',
    entries: true,
    uniqueNames: true,
    kind: 'lint',
    parse: (raw, index, source, problem) => parseProviderEntry(raw, index, source.yaml, problem, source.onSecret),
    run: (entry, run) => runProvider(run.config, entry, run.engine),
    schema: {
        definition: 'Provider',
        description: 'Identity provider configurations to lint (and discover).',
        build(embed) {
            const lint = embed((0,src_engine/* getOperation */.eu)('lint')?.request.schema ?? {});
            return {
                ...lint,
                title: 'Provider',
                description: 'An identity provider configuration to lint: a POST /v1/lint/oidc-config request, plus name and discover.',
                properties: {
                    ...lint.properties,
                    name: entryNameSchema('provider (default: its issuer)'),
                    discover: {
                        type: 'boolean', default: false,
                        description: 'true: fetch the issuer\'s discovery document first, report its findings, and lint with the jwks_uri it names as discovered_jwks_uri.',
                    },
                },
            };
        },
    },
});

;// CONCATENATED MODULE: ./src/gate/sections/expect.ts
/**
 * A sample token's `expect`: what it must turn out as (`valid`, `invalid`, or codes that must
 * appear), and whether an outcome meets it.
 */


/** `expect` as written; left out it is `valid`. Undefined when it is none of the accepted forms. */
function parseExpectation(value) {
    if (value === undefined)
        return 'valid';
    if (value === 'valid' || value === 'invalid')
        return value;
    if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string' && v !== ''))
        return value;
    return undefined;
}
/**
 * Whether a sample can ever produce `code`: a validation finding, or MALFORMED_TOKEN for a token that
 * does not parse. A misspelt code could never appear, so the sample would fail for the wrong reason.
 */
function isExpectableCode(code) {
    return code === 'MALFORMED_TOKEN' || getFindingDefinition(code)?.area === 'validate';
}
/** The expectable code a misspelt one most likely meant (AUDIENCE_MISMATHC → AUDIENCE_MISMATCH). */
function nearestExpectableCode(code) {
    return nearest(code, [...findingCatalogue.filter((d) => d.area === 'validate').map((d) => d.code), 'MALFORMED_TOKEN']);
}
/** Does the outcome meet `expect`? Codes must all appear (among errors or warnings); others may too. */
function judge(expect, valid, codes) {
    const got = codes.length > 0 ? codes.join(', ') : 'no findings';
    if (expect === 'valid') {
        return valid ? { passed: true } : { passed: false, message: `The sample is expected to be valid, but it is invalid (${got}).` };
    }
    if (expect === 'invalid') {
        return valid ? { passed: false, message: `The sample is expected to be invalid, but it is valid (${got}).` } : { passed: true };
    }
    const missing = expect.filter((c) => !codes.includes(c));
    return missing.length === 0
        ? { passed: true }
        : { passed: false, message: `The sample is expected to produce ${expect.join(', ')}, but ${missing.join(', ')} did not appear (got: ${got}).` };
}

;// CONCATENATED MODULE: ./src/gate/sections/run-token.ts
/**
 * One `tokens:` entry: validate the sample at its instant, judge the outcome against `expect`, and
 * report what the user must see: an unmet expectation as an error, and the sample's warnings. A
 * sample that cannot be judged (its profile does not exist, or its keys are fetched and the run is
 * offline) is one finding about that, not a verdict.
 */








/** The id a sample names in issuer_profile_id, when it names one. */
function profileIdOf(token) {
    const id = token.request.issuer_profile_id;
    return typeof id === 'string' ? id : undefined;
}
/**
 * A sample whose profile was refused: not validated, since every outcome would only repeat the
 * profile's own error (PROFILE_NOT_FOUND, then the expectation it breaks). The report records it as
 * not checked, pointing at the profile's problem; the profile's error is the one error.
 */
function notCheckedSample(config, token, id, at, startedAt) {
    const r = recordResult('validate', config.file, token, token.request, undefined);
    r.at = token.at ?? new Date(token.atMs ?? startedAt).toISOString();
    r.expect = token.expect;
    const where = at.file === config.file ? `line ${at.line}` : `${at.file}:${at.line}`;
    r.not_checked = `its issuer profile "${clip(id)}" is invalid (see ${where})`;
    return { file: config.file, results: [r], findings: [] };
}
/** `startedAt` is the instant a sample without `at` is judged at: the same for every sample of a run. */
async function runToken(config, token, engine, startedAt, profiles) {
    const outcome = await engine.run('validate', token.request, token.atMs !== undefined ? { at: token.atMs } : {});
    const r = recordResult('validate', config.file, token, token.request, outcome);
    r.at = token.at ?? new Date(token.atMs ?? startedAt).toISOString();
    r.expect = token.expect;
    const placer = new Placer(config, token.path, token.name, 'validate');
    const map = (pointer) => {
        const rel = parsePointer(pointer);
        // The request's token came from `token:` or `token_file:`; point at whichever the entry has.
        return rel[0] === 'token' ? [token.tokenKey, ...rel.slice(1)] : rel;
    };
    const done = () => ({ file: config.file, results: [r], findings: placer.findings });
    if (outcome.problem?.code === 'REQUEST_INVALID') {
        placer.problem(outcome.problem, map);
        r.passed = false;
        return done();
    }
    if (outcome.response !== undefined) {
        const unjudged = unjudgedReason(outcome.response, token, profiles);
        if (unjudged !== undefined) {
            placer.add(unjudged.finding, ['issuer_profile_id'], unjudged.config);
            r.not_checked = unjudged.reason;
            return done();
        }
    }
    // A token that does not parse (the service's 400) is an outcome like any other: it can be expected.
    let valid;
    let errors;
    let warnings;
    if (outcome.problem !== undefined) {
        valid = false;
        errors = [{ code: 'MALFORMED_TOKEN', severity: 'error', message: outcome.problem.detail, remediation: GATE_CODES.MALFORMED_TOKEN.remediation }];
        warnings = [];
    }
    else {
        const response = outcome.response;
        valid = response.valid;
        errors = response.findings.filter((f) => f.severity === 'error');
        warnings = [...response.findings.filter((f) => f.severity === 'warning'), ...(response.metadata.warnings ?? [])];
    }
    const verdict = judge(token.expect, valid, [...errors, ...warnings].map((f) => f.code));
    r.passed = verdict.passed;
    const expected = new Set(Array.isArray(token.expect) ? token.expect : []);
    // Outcome findings are about the sample as a whole: they point at the start of its entry.
    const whole = [];
    if (!verdict.passed) {
        if (token.expect === 'valid') {
            // Expected valid: each error is the reason, in the engine's own words.
            for (const f of errors) {
                const fix = timeFix(f, token, r.at);
                placer.add({ ...f, message: `Sample "${token.name}" is expected to be valid: ${f.message}`, ...(fix !== undefined ? { remediation: fix } : {}) }, f.code === 'MALFORMED_TOKEN' ? [token.tokenKey] : whole);
            }
        }
        else {
            placer.add({
                code: GATE_CODES.EXPECTATION_FAILED.code, severity: 'error', message: verdict.message, remediation: GATE_CODES.EXPECTATION_FAILED.remediation,
            }, token.expectPath.slice(token.path.length));
        }
    }
    // A warning the sample expects is part of its expected outcome, not news.
    for (const w of warnings) {
        if (!expected.has(w.code))
            placer.add({ ...w, message: `Sample "${token.name}": ${w.message}` }, whole);
    }
    return done();
}
/** A NumericDate as an RFC 3339 instant, as `at:` takes it; undefined for one no date can show. */
function instantOf(seconds) {
    if (typeof seconds !== 'number' || !Number.isFinite(seconds) || Math.abs(seconds) > 8.64e12)
        return undefined;
    return new Date(Math.floor(seconds) * 1000).toISOString().replace('.000Z', 'Z');
}
/**
 * A sample's time findings are about the instant it is judged at, its `at:` (or the run's start without
 * one): the fix is that instant, not a fresh token as for a live one. Undefined for any other code.
 */
function timeFix(f, token, at) {
    const bound = {
        TOKEN_EXPIRED: ['exp', 'inside the token\'s lifetime, before its exp'],
        TOKEN_NOT_YET_VALID: ['nbf', 'at or after its nbf'],
        TOKEN_ISSUED_IN_FUTURE: ['iat', 'at or after its iat'],
    };
    const rule = bound[f.code];
    if (rule === undefined)
        return undefined;
    const when = instantOf(f.evidence?.[rule[0]]);
    const judged = token.at !== undefined ? `its at: (${at ?? token.at})` : `the run's start (${at ?? 'now'}), as it has no at:`;
    return `The sample is judged at ${judged}. Set at: to an instant ${rule[1]}${when !== undefined ? ` (${when})` : ''}, or write expect: [${f.code}] if the sample is meant to fail so.`;
}
/**
 * Why the outcome says nothing about the sample, if it does not: its profile id names no profile
 * (unless the sample expects exactly that), or the profile's keys are fetched and the run is offline
 * (as lint reports CHECK_SKIPPED for a JWKS it did not fetch).
 */
function unjudgedReason(response, token, profiles) {
    const id = profileIdOf(token) ?? '';
    const expected = Array.isArray(token.expect) ? token.expect : [];
    if (response.findings.some((f) => f.code === 'PROFILE_NOT_FOUND') && !expected.includes('PROFILE_NOT_FOUND')) {
        const hint = nearest(id, profiles.ids);
        return {
            config: true,
            reason: `no issuer profile has the id "${clip(id)}"`,
            finding: {
                code: 'PROFILE_NOT_FOUND',
                severity: 'error',
                message: `Sample "${token.name}" names the issuer profile "${clip(id)}", which no profiles: entry or issuer-profiles file defines${hint !== undefined ? ` (did you mean "${hint}"?)` : ''}; the sample was not checked.`,
                remediation: `${hint !== undefined ? `Set issuer_profile_id to "${hint}", or define` : 'Fix the id, or define'} the profile under profiles: in a config file or in the issuer-profiles file (action input issuer-profiles, CLI --issuer-profiles).`,
            },
        };
    }
    const offline = response.findings.find((f) => f.code === 'JWKS_UNAVAILABLE' && f.evidence?.reason === 'offline');
    if (offline !== undefined) {
        const how = offline.evidence?.discovery_uri !== undefined ? 'from its issuer\'s discovery document' : 'from its jwks_uri';
        return {
            config: false,
            reason: 'offline: its issuer profile fetches its keys',
            finding: {
                code: 'CHECK_SKIPPED',
                severity: 'warning',
                message: `Sample "${token.name}" was not checked: its issuer profile "${clip(id)}" fetches its keys ${how}, and nothing is fetched offline.`,
                remediation: 'Run with network access to check this sample (drop --offline; in the action, network: true), or give the profile inline keys (public_key or jwks) to check it offline too.',
            },
        };
    }
    return undefined;
}

;// CONCATENATED MODULE: ./src/gate/sections/token-entry.ts
/**
 * A `tokens:` entry: a sample token (inline, or read from `token_file`), a validate request for it, what
 * it must turn out as (`expect`) and the instant to judge it at (`at`).
 */









/** The engine refuses tokens over 16 KiB with a 422; reading more than this is pointless. */
const MAX_TOKEN_FILE_BYTES = 64 * 1024;
async function parseTokenEntry(raw, index, source, problem) {
    const at = ['tokens', index];
    // Masked before any check: an entry refused for a typo (`secrte:`) still holds its token and secret.
    if (isRecord(raw) && isNonEmptyString(raw.token))
        source.onSecret?.(raw.token);
    for (const value of entryValuesToMask(raw, TOKEN_SHAPE.gateKeys, 'validate'))
        source.onSecret?.(value);
    const entry = checkEntry(raw, at, TOKEN_SHAPE, problem);
    if (entry === undefined)
        return undefined;
    const { name, token_file: tokenFile, expect: rawExpect, at: rawAt, ...request } = entry;
    let ok = true;
    if (name !== undefined && !isNonEmptyString(name)) {
        problem(GATE_CODES.CONFIG_INVALID, 'name must be a non-empty string.', [...at, 'name'], {
            remediation: 'Give the sample a name (any text, such as orders-service-token), or leave name out.',
        });
        ok = false;
    }
    const expect = parseExpectation(rawExpect);
    if (expect === undefined) {
        problem(GATE_CODES.CONFIG_INVALID, 'expect must be valid, invalid, or a non-empty list of finding codes.', [...at, 'expect'], {
            remediation: 'Write expect: valid, expect: invalid, or the codes the sample must produce, such as expect: [AUDIENCE_MISMATCH].',
        });
        ok = false;
    }
    else if (Array.isArray(expect)) {
        expect.forEach((code, i) => {
            if (isExpectableCode(code))
                return;
            const hint = nearestExpectableCode(code);
            problem(GATE_CODES.CONFIG_INVALID, `expect lists "${clip(code)}", which is not a validation finding code${hint !== undefined ? ` (did you mean ${hint}?)` : ''}.`, [...at, 'expect', i], {
                remediation: hint !== undefined
                    ? `Write ${hint}: expect lists the codes a validation can produce, spelt exactly.`
                    : 'List codes a validation can produce (docs/findings.md, where "Where" is validate), or MALFORMED_TOKEN.',
            });
            ok = false;
        });
    }
    let atMs;
    if (rawAt !== undefined) {
        const instant = parseInstant(rawAt);
        if (instant.ok)
            atMs = instant.ms;
        else {
            // The value is not quoted: the line is enough, and the reason names the part that is wrong.
            problem(GATE_CODES.CONFIG_INVALID, `at must be ${INSTANT_FORMAT}; the value ${instant.reason}.`, [...at, 'at'], {
                remediation: 'Write at as a date and time with Z or an offset, on a real calendar day, such as at: 2026-01-05T09:15:00Z.',
            });
            ok = false;
        }
    }
    const hasToken = entry.token !== undefined;
    if (hasToken === (tokenFile !== undefined)) {
        problem(GATE_CODES.CONFIG_INVALID, hasToken ? 'Give token or token_file, not both.' : 'A sample needs token_file (or token).', at, {
            remediation: hasToken
                ? 'Keep one of token and token_file: remove the other.'
                : 'Add token_file: with the path of a file holding the JWT (relative to this config file), or token: with the JWT itself.',
        });
        ok = false;
    }
    if (tokenFile !== undefined) {
        const token = await readTokenFile(tokenFile, source, [...at, 'token_file'], problem);
        if (token === undefined)
            ok = false;
        else
            request.token = token;
    }
    if (!ok)
        return undefined;
    const result = {
        name: name ?? `tokens[${index}]`,
        path: at,
        line: positionOf(source.yaml, at).line,
        request,
        tokenKey: hasToken ? 'token' : 'token_file',
        expect: expect,
        expectPath: rawExpect === undefined ? at : [...at, 'expect'],
    };
    if (rawAt !== undefined) {
        result.at = rawAt;
        result.atMs = atMs;
    }
    return result;
}
/**
 * A pull request edits the config, so `token_file` must not make the gate read a file outside the
 * repository or inside .git (links followed), nor more than a token's worth of bytes.
 */
async function readTokenFile(value, source, at, problem) {
    if (!isNonEmptyString(value)) {
        problem(GATE_CODES.CONFIG_INVALID, 'token_file must be a path relative to the config file.', at, {
            remediation: 'Write token_file as the path of the file holding the JWT, relative to this config file, such as token_file: tokens/orders.jwt.',
        });
        return undefined;
    }
    const read = await readInsideRoot(source.boundary, external_node_path_default().resolve(external_node_path_default().dirname(source.abs), value), MAX_TOKEN_FILE_BYTES);
    if (!read.ok) {
        switch (read.reason) {
            case 'missing':
                problem(GATE_CODES.TOKEN_FILE_MISSING, `Token file ${clip(value)} (relative to ${source.file}) cannot be read: ${describeIoError(read.error)}.`, at);
                break;
            case 'outside':
            case 'git':
                problem(GATE_CODES.TOKEN_FILE_INVALID, `Token file ${clip(value)} is ${describePlace(read.reason)}; refusing to read it.`, at);
                break;
            case 'too-large':
                problem(GATE_CODES.TOKEN_FILE_INVALID, `Token file ${clip(value)} is larger than ${MAX_TOKEN_FILE_BYTES} bytes.`, at);
                break;
            case 'not-file':
                problem(GATE_CODES.TOKEN_FILE_MISSING, `Token file ${clip(value)} cannot be read: not a regular file.`, at);
                break;
            default:
                problem(GATE_CODES.TOKEN_FILE_MISSING, `Token file ${clip(value)} cannot be read: ${describeIoError(read.error)}.`, at);
        }
        return undefined;
    }
    const token = read.bytes.toString('utf8').trim();
    if (token === '') {
        problem(GATE_CODES.TOKEN_FILE_INVALID, `Token file ${clip(value)} is empty.`, at);
        return undefined;
    }
    source.onSecret?.(token);
    return token;
}

;// CONCATENATED MODULE: ./src/gate/sections/tokens.ts
/** `tokens:`: sample tokens, each validated against a policy or an issuer profile and held to `expect`. */








const tokensSection = defineSection({
    key: 'tokens',
    what: 'sample token',
    noun: ['sample', 'samples'],
    title: 'Tokens',
    entries: true,
    uniqueNames: true,
    kind: 'validate',
    parse: parseTokenEntry,
    async run(token, run) {
        const id = profileIdOf(token);
        const refused = id !== undefined ? run.profiles.refused.get(id) : undefined;
        // One mistake, one error: a sample of a refused profile is not checked, not failed again.
        if (id !== undefined && refused !== undefined)
            return notCheckedSample(run.config, token, id, refused, run.startedAt);
        return runToken(run.config, token, run.engine, run.startedAt, run.profiles);
    },
    outcomeCodes: ['EXPECTATION_FAILED'],
    bindFiles(token, raw, lookup) {
        // A finding's fingerprint binds the token a token_file held, not only the file's name, and the issuer
        // profile the sample names (as written in a config file), so loosening it is a change too.
        const bound = token.tokenKey === 'token_file' ? { ...raw, token_file: { file: raw.token_file, token: token.request.token } } : { ...raw };
        const id = token.request.issuer_profile_id;
        const item = typeof id === 'string' ? lookup('profiles', id) : undefined;
        if (item !== undefined)
            bound.issuer_profile_id = { id, profile: item.refused ? null : item.entry.profile };
        return bound;
    },
    schema: {
        definition: 'Sample',
        description: 'Sample tokens, each checked against a policy or an issuer profile.',
        build(embed) {
            const validate = embed((0,src_engine/* getOperation */.eu)('validate')?.request.schema ?? {});
            const { required: _required, ...validateRest } = validate;
            const expectable = findingCatalogue.map((d) => d.code).filter(isExpectableCode);
            return {
                ...validateRest,
                title: 'Sample token',
                description: 'A sample token and the policy it is checked against: a POST /v1/validate/jwt request, plus name, token_file, expect and at. Give exactly one of token and token_file, and exactly one of policy and issuer_profile_id.',
                properties: {
                    ...validate.properties,
                    name: entryNameSchema('sample (default: tokens[index])'),
                    token_file: {
                        type: 'string', minLength: 1,
                        description: 'A file holding one compact JWT, relative to this config file and inside the repository (at most 64 KiB). Instead of token.',
                    },
                    expect: {
                        description: 'What the sample must turn out as: valid (the default), invalid (a malformed token counts as invalid), or a list of codes that must all appear (others may too).',
                        default: 'valid',
                        oneOf: [
                            { type: 'string', enum: ['valid', 'invalid'] },
                            { type: 'array', minItems: 1, maxItems: src_engine/* MAX_ARRAY_ITEMS */.C6, items: { type: 'string', enum: expectable } },
                        ],
                    },
                    at: {
                        type: 'string', format: 'date-time',
                        description: `The instant the token's time claims are judged at: ${INSTANT_FORMAT}. Default: when the run starts.`,
                    },
                },
                allOf: [
                    { oneOf: [{ required: ['token'] }, { required: ['token_file'] }] },
                    { oneOf: [{ required: ['policy'] }, { required: ['issuer_profile_id'] }] },
                ],
            };
        },
    },
});

;// CONCATENATED MODULE: ./src/gate/sections/id-token.ts
/**
 * `id_token: true` on a trust policy: request the job's own ID token for the entry's first audience
 * and check it against the entry as the cloud would see it: signed with RS256 by a key of the
 * issuer's discovery document, from the entry's issuer, for one of its audiences, with claims that
 * match its claim patterns, and allowed by its AWS policy's conditions. It is reported as a sample
 * expected to be valid; the token itself is masked and recorded by its fingerprint only.
 */






/** The id under which the check registers the entry as an issuer profile, for this check alone. */
const PROFILE_ID = 'id_token';
/** GitHub signs its workflow tokens with RS256, and so must every issuer an entry trusts here. */
const ALGORITHM = 'RS256';
/** Every finding of the check is about `id_token: true`. */
const AT = ['id_token'];
/**
 * Whether a finding is the check's CHECK_SKIPPED: the job's ID token was not checked. The CLI has no
 * ID token to request, so there it is always skipped, network or not: --offline is not the reason.
 */
function isIdTokenSkip(f) {
    return f.code === 'CHECK_SKIPPED' && f.pointer !== undefined && /\/id_token$/.test(f.pointer);
}
async function checkIdToken(config, entry, trust, engine, check) {
    // A sample of its own in the report, beside the entry's trust-policy result.
    const name = `${entry.name} (job ID token)`;
    const placer = new Placer(config, entry.path, name, 'validate');
    const results = [];
    const done = () => ({ results, findings: placer.findings });
    const skipped = (why, remediation) => {
        placer.add({ code: 'CHECK_SKIPPED', severity: 'warning', message: `Trust policy "${entry.name}": the job's ID token was not checked: ${why}.`, remediation }, AT);
    };
    if (check.source === undefined) {
        skipped('only the GitHub Action can request it', 'Nothing to do here: the action checks the ID token (with permissions: id-token: write); the CLI checks the rest of the entry.');
        return done();
    }
    if (!check.online) {
        skipped('its keys come from the issuer\'s discovery document, and nothing is fetched offline', 'Run the action with network: true to check the job\'s ID token.');
        return done();
    }
    const audiences = audiencesOf(entry, trust);
    // TRUST_AUDIENCE_MISSING on the entry is a warning: the check the entry asks for must not pass unseen.
    const audience = audiences[0];
    if (audience === undefined) {
        placer.add({
            code: GATE_CODES.CONFIG_INVALID.code, severity: 'error',
            message: `Trust policy "${entry.name}" has id_token: true, but names no audience to request the job's ID token for, so it could not be checked.`,
            remediation: 'Add audiences: [sts.amazonaws.com] (the audience the workflow requests for this role) to the entry, or a StringEquals condition on aud to its policy file; or remove id_token: true.',
        }, AT, true);
        return done();
    }
    const got = await check.source(audience);
    if (!got.ok) {
        placer.add({
            code: GATE_CODES.ID_TOKEN_UNAVAILABLE.code,
            severity: 'error',
            message: got.reason === 'permission'
                ? `Trust policy "${entry.name}" has id_token: true, but this job may not request an ID token: add "permissions: id-token: write" to the job (or the workflow).`
                : `Trust policy "${entry.name}" has id_token: true, but the runner's token service did not return an ID token for the audience ${clip(audience)}.`,
            remediation: got.reason === 'permission'
                ? GATE_CODES.ID_TOKEN_UNAVAILABLE.remediation
                : 'Re-run the job: the runner\'s token service failed. If it keeps failing, check the GitHub status page.',
        }, AT, got.reason === 'permission');
        return done();
    }
    const profile = {
        id: PROFILE_ID, issuer: trust.metadata.issuer, audiences, allowed_algs: [ALGORITHM], discovery: true,
    };
    if (isRecord(entry.request.claim_patterns))
        profile.required_claim_patterns = entry.request.claim_patterns;
    let checker;
    try {
        const { fetcher, keyCache, now } = engine.services;
        checker = engine.withProfiles((0,src_engine/* compileIssuerProfiles */.Ly)([profile], { env: {}, fetcher, keyCache, now }));
    }
    catch (err) {
        if (!(err instanceof src_engine/* IssuerProfileError */.HC))
            throw err;
        const reasons = err.problems.map((p) => `${p.pointer.replace(/^\/0(?=\/|$)/, '') || '/'} ${p.message}`).join('; ');
        placer.add({
            code: GATE_CODES.CONFIG_INVALID.code, severity: 'error',
            message: `Trust policy "${entry.name}": the job's ID token cannot be checked against this entry: ${reasons}.`,
            remediation: 'Give the entry an https issuer that publishes a discovery document (GitHub\'s is the default), or remove id_token: true.',
        }, AT, true);
        return done();
    }
    // Judged at the moment it was issued for, not at the start of the run: it did not exist then.
    const at = Date.now();
    const request = { token: got.token, issuer_profile_id: PROFILE_ID };
    const outcome = await checker.run('validate', request, { at });
    const line = config.yaml !== undefined ? positionOf(config.yaml, [...entry.path, ...AT]).line : entry.line;
    const r = recordResult('validate', config.file, { name, line }, request, outcome);
    r.at = new Date(at).toISOString();
    r.expect = 'valid';
    results.push(r);
    const say = (f) => `Trust policy "${entry.name}": the job's ID token (audience ${clip(audience)}) is expected to be valid: ${f.message}`;
    if (outcome.problem !== undefined) {
        r.passed = false;
        placer.add({ code: outcome.problem.code === 'MALFORMED_TOKEN' ? 'MALFORMED_TOKEN' : GATE_CODES.REQUEST_INVALID.code, severity: 'error', message: say({ message: outcome.problem.detail }) }, AT);
        return done();
    }
    const response = outcome.response;
    r.passed = response.valid;
    for (const f of response.findings)
        placer.add({ ...f, message: say(f) }, AT);
    for (const w of response.metadata.warnings ?? [])
        placer.add({ ...w, message: say(w) }, AT);
    if (response.valid && entry.request.aws_trust_policy !== undefined) {
        for (const f of await awsPolicyVerdict(engine, entry, got.token))
            placer.add({ ...f, message: say(f) }, AT);
    }
    return done();
}
/** The entry's audiences, or those its AWS policy's aud condition names. */
function audiencesOf(entry, trust) {
    const own = entry.request.audiences;
    if (Array.isArray(own))
        return own.filter((a) => typeof a === 'string');
    const condition = trust.metadata.conditions?.find((c) => c.claim === 'aud' && c.operator === 'StringEquals' && c.effect === 'Allow');
    return condition?.values ?? [];
}
/**
 * Whether the AWS policy's conditions allow the token's claims: the token's claims as a case that
 * must be allowed, evaluated by the trust-policy check exactly as AWS evaluates the policy. Only the
 * policy is sent (with the issuer its keys are named by): the entry's audiences and claim patterns
 * were judged by the validation already, and would be reported twice.
 */
async function awsPolicyVerdict(engine, entry, token) {
    const claims = payloadOf(token);
    if (claims === undefined)
        return [];
    const body = {
        aws_trust_policy: entry.request.aws_trust_policy,
        cases: [{ name: 'the job\'s ID token', claims, expect: 'allow' }],
    };
    if (entry.request.issuer !== undefined)
        body.issuer = entry.request.issuer;
    const outcome = await engine.run('trust-policy', body);
    return outcome.response?.findings.filter((f) => f.code === 'TRUST_CASE_FAILED') ?? [];
}
/** The claims of a token whose signature was verified. */
function payloadOf(token) {
    try {
        const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
        return isRecord(claims) ? claims : undefined;
    }
    catch {
        return undefined;
    }
}

;// CONCATENATED MODULE: ./src/gate/sections/run-trust.ts





async function runTrust(config, entry, engine, idToken) {
    const outcome = await engine.run('trust-policy', entry.request);
    const results = [recordResult('trust-policy', config.file, entry, entry.request, outcome)];
    const placer = new Placer(config, entry.path, entry.name, 'trust-policy');
    if (outcome.problem !== undefined) {
        placer.problem(outcome.problem, (pointer) => run_trust_placeOf(pointer).path);
        return { file: config.file, results, findings: placer.findings };
    }
    const response = outcome.response;
    for (const f of response.findings)
        placer.add(inPolicyFile(f, entry), run_trust_fieldOf(f) !== undefined ? run_trust_placeOf(run_trust_fieldOf(f)).path : []);
    const findings = [...placer.findings];
    if (entry.idToken) {
        const checked = await checkIdToken(config, entry, response, engine, idToken);
        results.push(...checked.results);
        findings.push(...checked.findings);
    }
    return { file: config.file, results, findings };
}
function run_trust_fieldOf(f) {
    const field = f.evidence?.field;
    return typeof field === 'string' ? field : undefined;
}
/**
 * Where a request pointer is in the entry. The AWS policy's members are in its own JSON file, not
 * in the config: they are placed at the `aws_trust_policy:` line that names the file, and `inner` is
 * the pointer inside the file.
 */
function run_trust_placeOf(pointer) {
    const rel = parsePointer(pointer);
    if (rel[0] !== 'aws_trust_policy')
        return { path: rel };
    return rel.length > 1 ? { path: ['aws_trust_policy'], inner: toPointer(rel.slice(1)) } : { path: ['aws_trust_policy'] };
}
/**
 * A finding about the AWS policy says where in the policy file it is, from its pointer: in the config
 * the policy is a file name on one line, not an object to point into.
 */
function inPolicyFile(f, entry) {
    if (entry.awsPolicyFile === undefined)
        return f;
    const field = run_trust_fieldOf(f);
    const inner = field !== undefined ? run_trust_placeOf(field).inner : undefined;
    if (inner === undefined)
        return f;
    return { ...f, message: `${f.message} (${clip(entry.awsPolicyFile)}, at ${inner})` };
}

;// CONCATENATED MODULE: ./src/gate/sections/trust-entry.ts
/**
 * A `trust_policies:` entry: a trust-policy lint request (issuer, audiences, claim patterns, cases),
 * a display `name`, `id_token: true` to check the job's own ID token against it, and
 * `aws_trust_policy` as the path of an IAM role trust policy JSON file in the repository, which is
 * read here and sent on inline, as the service takes it.
 */








/**
 * An IAM role trust policy is at most a few kilobytes (AWS caps it at 2,048 characters unless the
 * account raised the quota); reading more than this is never needed.
 */
const MAX_TRUST_POLICY_FILE_BYTES = 64 * 1024;
async function parseTrustEntry(raw, index, source, problem) {
    const at = ['trust_policies', index];
    // aws_trust_policy is a path here, not the object the request schema describes: not a secret to mask.
    for (const value of entryValuesToMask(raw, [...TRUST_SHAPE.gateKeys, 'aws_trust_policy'], 'trust-policy'))
        source.onSecret?.(value);
    const entry = checkEntry(raw, at, TRUST_SHAPE, problem);
    if (entry === undefined)
        return undefined;
    const { name, id_token: idToken, aws_trust_policy: awsFile, ...request } = entry;
    let ok = true;
    if (name !== undefined && !isNonEmptyString(name)) {
        problem(GATE_CODES.CONFIG_INVALID, 'name must be a non-empty string.', [...at, 'name'], {
            remediation: 'Give the trust policy a name (any text, such as deploy-prod-role), or leave name out.',
        });
        ok = false;
    }
    if (idToken !== undefined && typeof idToken !== 'boolean') {
        problem(GATE_CODES.CONFIG_INVALID, 'id_token must be true or false.', [...at, 'id_token'], {
            remediation: 'Write id_token: true (check the job\'s own ID token against this entry; needs permissions: id-token: write) or leave it out, without quotes.',
        });
        ok = false;
    }
    if (awsFile !== undefined) {
        const policy = await readTrustPolicyFile(awsFile, source, [...at, 'aws_trust_policy'], problem);
        if (policy === undefined)
            ok = false;
        else
            request.aws_trust_policy = policy;
    }
    if (!ok)
        return undefined;
    // What the engine would refuse, said in config terms at the key: claim_patterns beside a policy file,
    // a policy over the limits, or more work than one entry may cost.
    for (const refusal of (0,src_engine/* trustRequestRefusals */.Z$)(request)) {
        const key = refusal.pointer.split('/')[1] ?? '';
        problem(refusal.limit ? GATE_CODES.CONFIG_TOO_LARGE : GATE_CODES.CONFIG_INVALID, refusal.message, key === '' ? at : [...at, key], {
            remediation: refusal.limit
                ? 'Keep the entry to the role\'s own trust policy and a few cases: shorter or fewer condition values and case claims.'
                : 'Remove claim_patterns from this entry and state what must be allowed and denied as cases: the policy file alone decides what the role admits.',
        });
        ok = false;
    }
    if (!ok)
        return undefined;
    const out = {
        name: name ?? `trust_policies[${index}]`,
        path: at,
        line: positionOf(source.yaml, at).line,
        request,
        idToken: idToken === true,
    };
    if (typeof awsFile === 'string')
        out.awsPolicyFile = awsFile;
    return out;
}
const PATH_FIX = 'Write aws_trust_policy as the path of the role\'s trust policy JSON file, relative to this config file, such as aws_trust_policy: ../../infra/deploy-role-trust.json.';
/**
 * The policy file is in a repository a pull request controls: it must not lead the gate outside
 * the workspace or into .git (links followed), nor make it read more than a policy's worth of bytes.
 * It must be strict JSON (no repeated member names, which AWS and this checker might read
 * differently) holding one object.
 */
async function readTrustPolicyFile(value, source, at, problem) {
    if (!isNonEmptyString(value)) {
        problem(GATE_CODES.CONFIG_INVALID, `aws_trust_policy must be a path relative to the config file, not ${describeType(value)}.`, at, { remediation: PATH_FIX });
        return undefined;
    }
    const shown = clip(value);
    const read = await readInsideRoot(source.boundary, external_node_path_default().resolve(external_node_path_default().dirname(source.abs), value), MAX_TRUST_POLICY_FILE_BYTES);
    if (!read.ok) {
        switch (read.reason) {
            case 'outside':
            case 'git':
                problem(GATE_CODES.CONFIG_UNREADABLE, `AWS trust policy file ${shown} resolves ${describePlace(read.reason)} (links followed); refusing to read it.`, at, {
                    remediation: 'Keep the trust policy file inside the repository, outside .git, and name it by its path rather than through a link that leads elsewhere.',
                });
                break;
            case 'too-large':
                problem(GATE_CODES.CONFIG_TOO_LARGE, `AWS trust policy file ${shown} is larger than ${MAX_TRUST_POLICY_FILE_BYTES.toLocaleString('en-US')} bytes; refusing to read it.`, at, {
                    remediation: 'Point aws_trust_policy at the role\'s trust policy document itself: AWS caps one at a few kilobytes.',
                });
                break;
            case 'not-file':
                problem(GATE_CODES.CONFIG_UNREADABLE, `AWS trust policy file ${shown} cannot be read: not a regular file.`, at, { remediation: PATH_FIX });
                break;
            default:
                problem(GATE_CODES.CONFIG_UNREADABLE, `AWS trust policy file ${shown} (relative to ${source.file}) cannot be read: ${describeIoError(read.error)}.`, at, { remediation: PATH_FIX });
        }
        return undefined;
    }
    const text = decodeUtf8(read.bytes);
    if (text === undefined) {
        problem(GATE_CODES.CONFIG_INVALID, `AWS trust policy file ${shown} is not valid UTF-8 text.`, at, {
            remediation: 'Save the trust policy as UTF-8, as the AWS console and CLI write it.',
        });
        return undefined;
    }
    let parsed;
    try {
        parsed = JSON.parse(text);
    }
    catch (err) {
        problem(GATE_CODES.CONFIG_INVALID, `AWS trust policy file ${shown} is not valid JSON${jsonErrorPlace(text, err)}.`, at, {
            remediation: 'Fix the JSON syntax there (a missing comma or quote, a trailing comma, a comment): AWS accepts strict JSON only.',
        });
        return undefined;
    }
    const issue = (0,src_engine/* checkJsonStructure */.Ug)(text, parsed);
    if (issue !== undefined) {
        problem(GATE_CODES.CONFIG_INVALID, issue.kind === 'duplicate'
            ? `AWS trust policy file ${shown} repeats the member "${clip(issue.name)}" in one object; which one counts would be a guess.`
            : `AWS trust policy file ${shown} nests deeper than ${issue.maxDepth} levels.`, at, {
            remediation: issue.kind === 'duplicate' ? 'Keep one of the repeated members: merge their values (a condition key takes a list of values).' : 'Check that the file is the role\'s trust policy document.',
        });
        return undefined;
    }
    if (!isRecord(parsed)) {
        problem(GATE_CODES.CONFIG_INVALID, `AWS trust policy file ${shown} must hold one JSON object (with Version and Statement), not ${describeType(parsed)}.`, at, {
            remediation: 'Save the role\'s trust policy document as it is: aws iam get-role --query Role.AssumeRolePolicyDocument prints it.',
        });
        return undefined;
    }
    return parsed;
}
/**
 * Where JSON.parse stopped, as " at line L, column C" of the file. The parser's own message is not
 * shown: it quotes a stretch of the text.
 */
function jsonErrorPlace(text, err) {
    const message = err instanceof Error ? err.message : '';
    const lineColumn = /line (\d+) column (\d+)/.exec(message);
    if (lineColumn !== null)
        return ` at line ${lineColumn[1]}, column ${lineColumn[2]}`;
    const position = /position (\d+)/.exec(message);
    if (position === null)
        return text.trim() === '' ? ' (the file is empty)' : '';
    const offset = Number(position[1]);
    const before = text.slice(0, offset).split('\n');
    return ` at line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1}`;
}

;// CONCATENATED MODULE: ./src/gate/sections/trust-policies.ts
/** `trust_policies:`: cloud role trust policies for CI tokens, with the cases they must allow and deny. */





const trustPoliciesSection = defineSection({
    key: 'trust_policies',
    what: 'trust policy',
    noun: ['trust policy', 'trust policies'],
    title: 'Trust policies',
    entries: true,
    uniqueNames: true,
    kind: 'trust-policy',
    parse: parseTrustEntry,
    run: (entry, run) => runTrust(run.config, entry, run.engine, { source: run.idToken, online: run.online }),
    outcomeCodes: ['TRUST_CASE_FAILED'],
    bindFiles(trust, raw) {
        // A finding's fingerprint binds the policy document the file held, not only the file's name.
        return trust.awsPolicyFile !== undefined
            ? { ...raw, aws_trust_policy: { file: raw.aws_trust_policy, document: trust.request.aws_trust_policy } }
            : raw;
    },
    schema: {
        definition: 'TrustPolicy',
        description: 'Cloud role trust policies for CI tokens (GitHub Actions OIDC and others), with the cases they must allow and deny.',
        build(embed) {
            const trust = embed((0,src_engine/* getOperation */.eu)('trust-policy')?.request.schema ?? {});
            return {
                ...trust,
                title: 'Trust policy',
                description: 'A cloud role\'s trust in CI tokens, with cases it must allow and deny: a POST /v1/lint/trust-policy request, plus name and id_token, with aws_trust_policy given as the path of the policy\'s JSON file.',
                properties: {
                    ...trust.properties,
                    name: entryNameSchema('trust policy (default: trust_policies[index])'),
                    aws_trust_policy: {
                        type: 'string', minLength: 1,
                        description: 'An AWS IAM role trust policy JSON file, relative to this config file and inside the repository (at most 64 KiB, 100 statements): the role admits what it says, judged as AWS evaluates it. The entry may not also give claim_patterns (state intent as cases); its audiences then only name what id_token requests.',
                    },
                    id_token: {
                        type: 'boolean', default: false,
                        description: 'true (action only, needs permissions: id-token: write): request the job\'s own ID token for the first audience and check it against this entry, with the issuer\'s discovery document and RS256. The CLI reports CHECK_SKIPPED.',
                    },
                },
                // The policy file alone decides what the role admits: claim_patterns beside it is refused.
                not: { required: ['aws_trust_policy', 'claim_patterns'] },
            };
        },
    },
});

;// CONCATENATED MODULE: ./src/gate/sections/table.ts
/**
 * The config sections, in the order a config file's keys are listed in messages and the schema, and
 * its entries are read, run and counted. A new section is one module and one line here.
 */





const CONFIG_SECTIONS = [
    providersSection,
    profilesSection,
    tokensSection,
    suppressionsSection,
    trustPoliciesSection,
];
/** The top-level keys a config file may hold. */
const SECTION_KEYS = CONFIG_SECTIONS.map((s) => s.key);
/** What a run's entries are, as messages list them: "providers, profiles, samples and trust policies". */
function entryNouns() {
    const nouns = CONFIG_SECTIONS.filter((s) => s.entries).map((s) => s.noun[1]);
    return nouns.length > 1 ? `${nouns.slice(0, -1).join(', ')} and ${nouns[nouns.length - 1]}` : nouns.join('');
}
/** The per-section entry counts of a file's line in the report, in table order. */
function sectionCounts(status) {
    return CONFIG_SECTIONS.filter((s) => s.entries).map((s) => {
        const value = status[s.key];
        const count = typeof value === 'number' ? value : 0;
        return { key: s.key, title: s.title, count, text: `${count} ${count === 1 ? s.noun[0] : s.noun[1]}` };
    });
}

;// CONCATENATED MODULE: ./src/gate/suppress/fingerprint.ts
/**
 * A finding's identity across runs, bound to what it is about (product decisions §18): its code, its
 * file named from the repository root, the section and entry name it is in, its field inside the entry,
 * and the offending value there, the value at the field as canonical JSON. A list item is named by its
 * value rather than its position (`/redirect_uris/1` digests as `/redirect_uris/-`, "an item of
 * redirect_uris", with the item's value), so inserting or reordering items changes nothing, while
 * changing the item makes it a new finding. A field naming a file the gate read (`token_file`, `aws_trust_policy`) binds the file's
 * content with its path: the findings about the policy inside it are placed at that one line.
 *
 * This is the SARIF `partialFingerprints["oidcGate/v2"]` value and what the baseline records.
 */





/** The SARIF partialFingerprints key; a new way of fingerprinting gets a new key. */
const FINGERPRINT_KEY = 'oidcGate/v2';
const INDEX = /^(?:0|[1-9]\d*)$/;
/** JSON with object members sorted at every depth; numbers JSON cannot hold (.inf, .nan) as text. */
function canonical(value, memo) {
    if (value === null || value === undefined)
        return 'null';
    if (typeof value === 'number')
        return Number.isFinite(value) ? JSON.stringify(value) : JSON.stringify(String(value));
    if (typeof value === 'bigint')
        return value.toString();
    if (typeof value !== 'object')
        return JSON.stringify(value);
    const known = memo.get(value);
    if (known !== undefined)
        return known;
    const text = Array.isArray(value)
        ? `[${value.map((v) => canonical(v, memo)).join(',')}]`
        : `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k], memo)}`).join(',')}}`;
    memo.set(value, text);
    return text;
}
/**
 * The fingerprints of one run's findings: `base` is where the run's file names start, relative to the
 * repository root (the CLI run in a subdirectory names files from there), and `sources` the config files
 * it read. A finding in a file that is not among them (the issuer-profiles file) binds its message
 * instead of a value: it may then change more often than needed, never hide more than was recorded.
 */
class fingerprint_Fingerprints {
    base;
    #sources = new Map();
    /** The sections whose items are entries named by `name` (or `id`), so their position never counts. */
    #entrySections = new Map();
    #identities = new WeakMap();
    #canonical = new WeakMap();
    constructor(base = '', sources = [], sections = CONFIG_SECTIONS) {
        this.base = base;
        for (const s of sources)
            this.#sources.set(s.file, s);
        for (const s of sections)
            if (s.entries)
                this.#entrySections.set(s.key, s);
    }
    /** The SARIF partialFingerprints value. */
    of(f) {
        return this.identity(f).fingerprint;
    }
    /** The finding's file named from the repository root. */
    fileOf(f) {
        if (f.file === undefined)
            return '';
        return this.base === '' ? f.file : external_node_path_default().posix.join(this.base, f.file);
    }
    identity(f) {
        const known = this.#identities.get(f);
        if (known !== undefined)
            return known;
        const place = this.#place(f);
        const itemField = toPointer(place.rel.map((s, i) => (place.listPositions[i] === true ? '-' : s)));
        const evidence = f.evidence !== undefined ? canonical(boundEvidence(f.evidence), this.#canonical) : null;
        const key = JSON.stringify([FINGERPRINT_KEY, f.code, this.fileOf(f), place.section, place.entry ?? null, itemField, place.bound, evidence]);
        const identity = {
            code: f.code,
            file: this.fileOf(f),
            section: place.section,
            ...(place.entry !== undefined ? { entry: place.entry } : {}),
            field: toPointer(place.rel),
            itemField,
            fingerprint: (0,external_node_crypto_.createHash)('sha256').update(key, 'utf8').digest('hex'),
        };
        this.#identities.set(f, identity);
        return identity;
    }
    /** Where the finding is (section, entry, field) and what it binds: the value there, or its message. */
    #place(f) {
        const source = f.file !== undefined ? this.#sources.get(f.file) : undefined;
        const data = source?.yaml?.data;
        if (source !== undefined && data !== undefined && f.pointer !== undefined) {
            const at = parsePointer(f.pointer);
            const [section, index] = at;
            const list = section !== undefined && isRecord(data) ? data[section] : undefined;
            if (section !== undefined && index !== undefined && this.#entrySections.has(section) && INDEX.test(index) && Array.isArray(list) && Number(index) < list.length) {
                const kind = this.#entrySections.get(section);
                const entry = resolvedEntry(source, kind, Number(index), list[Number(index)], (key, name) => this.#lookup(key, name));
                const rel = at.slice(2);
                const walked = fingerprint_walk(entry, rel);
                const whole = kind?.outcomeCodes?.includes(f.code) === true ? `,${canonical(entry, this.#canonical)}` : '';
                return { section, entry: f.name ?? `${section}[${index}]`, rel, listPositions: walked.listPositions, bound: `${this.#bind(walked)}${whole}` };
            }
            const walked = fingerprint_walk(data, at);
            return { section: '', ...(f.name !== undefined ? { entry: f.name } : {}), rel: at, listPositions: walked.listPositions, bound: this.#bind(walked) };
        }
        // No document to read the value from: the place as the finding names it, and its message.
        const stable = f.stablePointer !== undefined ? parsePointer(f.stablePointer) : undefined;
        const rel = stable !== undefined && f.name !== undefined ? stable.slice(2) : parsePointer(f.pointer ?? f.stablePointer ?? '');
        const section = stable !== undefined && f.name !== undefined ? stable[0] ?? '' : '';
        return { section, ...(f.name !== undefined ? { entry: f.name } : {}), rel, listPositions: rel.map(() => false), bound: JSON.stringify(['message', f.message]) };
    }
    /** An entry of any config file of the run, by section and name. */
    #lookup(key, name) {
        for (const source of this.#sources.values()) {
            const found = source.entries?.get(key)?.find((e) => e.name === name);
            if (found !== undefined)
                return found;
        }
        return undefined;
    }
    #bind(walked) {
        return `[${[...walked.items, walked.value].map((v) => canonical(v, this.#canonical)).join(',')}]`;
    }
}
/**
 * What the gate found out binds too (the keys a JWKS_KEYS_CHANGED added and removed: another key change is
 * another finding), except `lock`, the lock file as this run names it, which depends on where it started.
 */
function boundEvidence(evidence) {
    const { lock: _lock, ...rest } = evidence;
    return rest;
}
/** Follows `rel` from `root`, noting the list items on the way. */
function fingerprint_walk(root, rel) {
    const items = [];
    const listPositions = [];
    let current = root;
    for (const segment of rel) {
        if (Array.isArray(current) && INDEX.test(segment)) {
            listPositions.push(true);
            current = current[Number(segment)];
            items.push(current);
        }
        else {
            listPositions.push(false);
            current = isRecord(current) && Object.prototype.hasOwnProperty.call(current, segment) ? current[segment] : undefined;
        }
    }
    return { items, value: current, listPositions };
}
/**
 * The entry as written, with each field that names a file the gate read bound to what it read: a
 * sample's token file to its token, a trust policy's file to the policy document.
 */
function resolvedEntry(source, section, index, raw, lookup) {
    if (!isRecord(raw) || section?.bindFiles === undefined)
        return raw;
    const entry = source.entries?.get(section.key)?.find((e) => e.path[1] === index);
    return entry !== undefined ? section.bindFiles(entry, raw, lookup) : raw;
}

;// CONCATENATED MODULE: ./src/gate/config/input-file.ts
/**
 * Reading a YAML input of the gate (a config file, the issuer-profiles file) under every rule the
 * repository is held to: inside the workspace and outside .git after links, at most 1 MiB, strict
 * UTF-8, and the YAML size limits. Each broken rule is one problem with its own code and message.
 */




/** `name` says what the file is in messages, e.g. `.github/oidc-gate/a.yml` or `the issuer-profiles file p.yml`. */
async function readYamlInput(root, abs, name) {
    const read = await readInsideRoot(root, abs, MAX_READ_BYTES);
    if (!read.ok) {
        switch (read.reason) {
            case 'outside':
            case 'git':
                return refused(GATE_CODES.CONFIG_UNREADABLE, `${name} resolves ${describePlace(read.reason)} (links followed); refusing to read it.`);
            case 'too-large':
                return refused(GATE_CODES.CONFIG_TOO_LARGE, `${name} is larger than 1 MiB (${MAX_READ_BYTES.toLocaleString('en-US')} bytes); refusing to read it.`);
            case 'not-file':
                return refused(GATE_CODES.CONFIG_UNREADABLE, `Cannot read ${name}: not a regular file.`);
            default:
                return refused(GATE_CODES.CONFIG_UNREADABLE, `Cannot read ${name}: ${describeIoError(read.error)}.`);
        }
    }
    const text = decodeUtf8(read.bytes);
    if (text === undefined) {
        return { ok: false, code: GATE_CODES.CONFIG_INVALID, message: `${name} is not valid UTF-8 text; save it as UTF-8.`,
            remediation: 'Save the file as UTF-8 (editors call it "UTF-8" or "Unicode"); other encodings, such as Latin-1 or UTF-16, are refused rather than guessed.' };
    }
    const yaml = loadYaml(text);
    if (yaml.tooLarge === 'nodes') {
        return refused(GATE_CODES.CONFIG_TOO_LARGE, `${name} has more than ${MAX_YAML_NODES.toLocaleString('en-US')} YAML nodes once aliases are expanded (every map, list and value counts, keys included, and an alias counts as a copy of what it names); refusing to check it.`, yaml);
    }
    if (yaml.tooLarge === 'text') {
        return refused(GATE_CODES.CONFIG_TOO_LARGE, `${name} holds more than ${MAX_YAML_TEXT.toLocaleString('en-US')} characters of text once aliases are expanded; refusing to check it.`, yaml);
    }
    return { ok: true, yaml };
}
function refused(code, message, yaml) {
    return yaml !== undefined ? { ok: false, code, message, yaml } : { ok: false, code, message };
}
/**
 * The text of a JSON file the gate is pointed at (the baseline, the lock file), read under the same
 * rules as config files: inside the workspace and outside .git after links, at most 1 MiB, strict
 * UTF-8. `name` begins a sentence, e.g. "The baseline file b.json".
 */
async function readJsonInputText(boundary, abs, name) {
    const read = await readInsideRoot(boundary, abs, MAX_READ_BYTES);
    const inSentence = `${name.charAt(0).toLowerCase()}${name.slice(1)}`;
    const refuse = (code, message) => ({ ok: false, missing: false, code, message });
    if (!read.ok) {
        switch (read.reason) {
            case 'missing':
                return { ok: false, missing: true };
            case 'outside':
            case 'git':
                return refuse(GATE_CODES.CONFIG_UNREADABLE, `${name} resolves ${describePlace(read.reason)} (links followed); refusing to read it.`);
            case 'too-large':
                return refuse(GATE_CODES.CONFIG_TOO_LARGE, `${name} is larger than 1 MiB; refusing to read it.`);
            case 'not-file':
                return refuse(GATE_CODES.CONFIG_UNREADABLE, `Cannot read ${inSentence}: not a regular file.`);
            default:
                return refuse(GATE_CODES.CONFIG_UNREADABLE, `Cannot read ${inSentence}: ${describeIoError(read.error)}.`);
        }
    }
    const text = decodeUtf8(read.bytes);
    return text === undefined ? refuse(GATE_CODES.CONFIG_INVALID, `${name} is not valid UTF-8 text.`) : { ok: true, text };
}

;// CONCATENATED MODULE: ./src/gate/suppress/baseline.ts
/**
 * The baseline: the findings a repository had when it adopted the gate, written by `oidc-gate baseline`,
 * each as its fingerprint (the SARIF partialFingerprints value, bound to the finding's content: see
 * fingerprint.ts) and its code, file, entry and field. A finding is suppressed (kind `baseline`) only by
 * a line whose fingerprint is its own and whose readable fields name it, so a line says what it hides
 * and a mislabelled one hides nothing. The file is versioned and written one finding per line, sorted,
 * so a change to it reads as a short diff in review. It is read under the rules of every gate input:
 * inside the repository and outside .git (links followed), at most 1 MiB; a broken one is one
 * configuration error, and then nothing is suppressed by it. A version 1 file (fingerprints blind to the
 * value) is refused with one error that says to write it again.
 */









/** Where `oidc-gate baseline` writes, and what the docs tell the action's `baseline` input to name. */
const DEFAULT_BASELINE_FILE = '.github/oidc-gate/baseline.json';
const BASELINE_VERSION = 2;
const FINGERPRINT = /^[0-9a-f]{64}$/;
const REGENERATE = 'Write the baseline with oidc-gate baseline (it is generated, not written by hand), or fix the place named; then run again.';
const REWRITE = 'Run oidc-gate baseline again (with the paths and network setting the gate runs with), review the new file and commit it in place of the old one.';
/**
 * The line that records this finding, if any: the same fingerprint, and the same code, file, entry and
 * field as the line says (a list item's field is written with `-` for its position: it is recorded by
 * its value, wherever it is in the list).
 */
function baselineLineFor(baseline, id) {
    return baseline.lines.get(id.fingerprint)?.find((line) => line.code === id.code && line.file === id.file && line.entry === id.entry && line.field === id.itemField);
}
/** Whether a finding may be recorded: it has a file (so a fingerprint) and may be suppressed at all. */
function isBaselineCandidate(f) {
    return f.file !== undefined && f.config !== true && whyNotSuppressible(f.code) === undefined;
}
/**
 * The baseline file for these findings (those that may be recorded), and how many it records.
 * `fingerprints` are the run's (GateRun.fingerprints): they read each finding's value from its file.
 */
function renderBaseline(findings, fingerprints = new fingerprint_Fingerprints()) {
    const byPrint = new Map();
    for (const f of findings) {
        if (!isBaselineCandidate(f))
            continue;
        const id = fingerprints.identity(f);
        if (byPrint.has(id.fingerprint))
            continue;
        // Members in this order, so every line of the file reads the same way.
        byPrint.set(id.fingerprint, { fingerprint: id.fingerprint, code: id.code, file: id.file, ...(id.entry !== undefined ? { entry: id.entry } : {}), field: id.itemField });
    }
    const key = (e) => [e.file, e.entry ?? '', e.field, e.code, e.fingerprint].join('\u0000');
    const entries = [...byPrint.values()].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
    const lines = entries.map((e, i) => `    ${JSON.stringify(e)}${i < entries.length - 1 ? ',' : ''}`);
    const text = [
        '{',
        `  "version": ${BASELINE_VERSION},`,
        '  "tool": "oidc-gate",',
        '  "about": "Findings accepted when the gate was adopted, each matched by its fingerprint (code, file, entry, field and the value there) and by the code, file, entry and field written beside it; only new findings fail. Regenerate with oidc-gate baseline.",',
        lines.length > 0 ? '  "findings": [' : '  "findings": []',
        ...(lines.length > 0 ? [...lines, '  ]'] : []),
        '}',
        '',
    ].join('\n');
    return { text, count: entries.length };
}
/** Reads the baseline `rel` (relative to root) inside `boundary`. */
async function readBaseline(root, boundary, rel) {
    const abs = external_node_path_default().resolve(root, rel);
    const file = relativeFile(root, abs);
    const name = `The baseline file ${clip(file)}`;
    const fail = (code, message, line = 1, column = 1, remediation = REGENERATE) => ({
        ok: false,
        finding: configFinding(code, message, file, { line, column }, { kind: 'config', remediation }),
    });
    const read = await readJsonInputText(boundary, abs, name);
    if (!read.ok) {
        return read.missing
            // As a missing lock file: the file the setting names is not there (CONFIG_UNREADABLE is one that is, but cannot be read).
            ? fail(GATE_CODES.CONFIG_NOT_FOUND, `${name} does not exist.`, 1, 1, 'Run oidc-gate baseline to write it (then commit it), name the baseline file you committed, or leave the baseline setting empty (action input baseline, CLI --baseline).')
            : fail(read.code, read.message);
    }
    const text = read.text;
    let data;
    try {
        data = JSON.parse(text);
    }
    catch (err) {
        // Only the position is taken from the parser: its message quotes the file.
        const where = /line (\d+) column (\d+)/.exec(err instanceof Error ? err.message : '');
        return fail(GATE_CODES.CONFIG_INVALID, `${name} is not valid JSON${where !== null ? ` (line ${where[1]}, column ${where[2]})` : ''}.`, where !== null ? Number(where[1]) : 1, where !== null ? Number(where[2]) : 1);
    }
    // JSON is YAML: the YAML parser says which line a pointer is on (the JSON parse above is the one that decides).
    const lineOf = (pointer) => positionOf(loadYaml(text), parsePointer(pointer));
    if (isRecord(data) && data.version === 1) {
        const at = lineOf('/version');
        return fail(GATE_CODES.CONFIG_INVALID, `${name} is a version 1 baseline, whose fingerprints do not bind a finding's value (a changed value stayed hidden); this oidc-gate reads version ${BASELINE_VERSION} only, so nothing was suppressed. Run oidc-gate baseline again to record today's findings.`, at.line, at.column, REWRITE);
    }
    const problem = shapeProblem(data);
    if (problem === undefined) {
        const recorded = data.findings;
        const lines = new Map();
        for (const e of recorded) {
            const line = { fingerprint: e.fingerprint, code: e.code, file: e.file, ...(e.entry !== undefined ? { entry: e.entry } : {}), field: e.field };
            lines.set(e.fingerprint, [...(lines.get(e.fingerprint) ?? []), line]);
        }
        return { ok: true, baseline: { file, fingerprints: new Set(lines.keys()), lines } };
    }
    const at = lineOf(problem.pointer);
    return fail(GATE_CODES.CONFIG_INVALID, `${name} is invalid at ${problem.pointer === '' ? 'its top' : problem.pointer}: ${problem.message}`, at.line, at.column);
}
/** The first thing wrong with the document, by JSON Pointer; one mistake, one error. */
function shapeProblem(data) {
    if (!isRecord(data))
        return { pointer: '', message: `expected a JSON object { "version": ${BASELINE_VERSION}, "findings": [...] }.` };
    if (data.version !== BASELINE_VERSION) {
        return { pointer: '/version', message: `expected ${BASELINE_VERSION}, the baseline version this oidc-gate reads${data.version === undefined ? ' (it is missing)' : ''}.` };
    }
    if (!Array.isArray(data.findings))
        return { pointer: '/findings', message: 'expected a list of recorded findings.' };
    for (const [i, item] of data.findings.entries()) {
        if (!isRecord(item))
            return { pointer: `/findings/${i}`, message: 'expected an object with a fingerprint, code, file and field.' };
        if (typeof item.fingerprint !== 'string' || !FINGERPRINT.test(item.fingerprint)) {
            return { pointer: `/findings/${i}/fingerprint`, message: 'expected 64 lower-case hexadecimal characters (a finding\'s SARIF partialFingerprints value).' };
        }
        for (const member of ['code', 'file', 'field']) {
            if (typeof item[member] !== 'string') {
                return { pointer: `/findings/${i}/${member}`, message: `expected the ${member} of the finding as text${item[member] === undefined ? ' (it is missing): a line names what it hides' : ''}.` };
            }
        }
        if (item.entry !== undefined && typeof item.entry !== 'string')
            return { pointer: `/findings/${i}/entry`, message: 'expected the entry name as text, or no entry member.' };
    }
    return undefined;
}

;// CONCATENATED MODULE: ./src/gate/run/budget.ts
/**
 * The run's entry budget: at most MAX_RUN_ENTRIES entries (the items of every config section that
 * holds entries) across every file, so a repository cannot make one run check (and report) without
 * bound. Files are read concurrently, but the budget is granted in file order, so the same files always get the same
 * answer whichever finishes parsing first. A file that would pass the limit is refused whole, and
 * files after it may still fit.
 */

const MAX_RUN_ENTRIES = 1000;
class EntryBudget {
    limit;
    #used = 0;
    #next = 0;
    /** Per file index: its entry count and who waits for the answer, or null when it never asks. */
    #asks = new Map();
    constructor(limit = MAX_RUN_ENTRIES) {
        this.limit = limit;
    }
    /** Ask for `count` entries for file number `index`; answered once every earlier file has asked or passed. */
    admit(index, count) {
        return new Promise((answer) => {
            this.#asks.set(index, { count, answer });
            this.#drain();
        });
    }
    /** File number `index` is done; if it never asked (it could not be read), later files need not wait. */
    pass(index) {
        if (!this.#asks.has(index) && index >= this.#next)
            this.#asks.set(index, null);
        this.#drain();
    }
    #drain() {
        while (this.#asks.has(this.#next)) {
            const ask = this.#asks.get(this.#next);
            this.#asks.delete(this.#next);
            this.#next++;
            if (ask === null || ask === undefined)
                continue;
            const before = this.#used;
            const ok = before + ask.count <= this.limit;
            if (ok)
                this.#used += ask.count;
            ask.answer({ ok, before });
        }
    }
}
/** The finding text for a file the budget refused. */
function overBudgetMessage(name, count, admission, limit = MAX_RUN_ENTRIES) {
    const fmt = (n) => n.toLocaleString('en-US');
    return `${name} has ${fmt(count)} entries and the files before it ${fmt(admission.before)}: more than the ${fmt(limit)} entries (${entryNouns()}) one run may check, so none of its entries were checked.`;
}

;// CONCATENATED MODULE: ./src/gate/config/entry-names.ts
/**
 * Entry names are unique per section within a file (§18): findings, suppressions, the baseline and the
 * lock name an entry by its section and name, so a second `web` provider would be taken for the first.
 * A repeat is one CONFIG_INVALID at the second entry's `name:` line (or at the entry, when its name is
 * the default), and that entry is not checked. Issuer profiles are named by `id`, which must be unique
 * across all files (PROFILE_DUPLICATE), so they are not counted here.
 */


/** The names seen in one section of one file. */
class EntryNames {
    #section;
    #problem;
    #first = new Map();
    constructor(section, problem) {
        this.#section = section;
        this.#problem = problem;
    }
    /** Whether the entry may be checked: its name is not one an entry before it in this section has. */
    admit(entry, raw) {
        const first = this.#first.get(entry.name);
        if (first === undefined) {
            this.#first.set(entry.name, entry.line);
            return true;
        }
        const what = this.#section.what;
        const written = isRecord(raw) && raw.name !== undefined;
        this.#problem(GATE_CODES.CONFIG_INVALID, `The ${what} name "${clip(entry.name)}" is already used by the ${what} on line ${first} of this file${written ? '' : ' (this one has no name:, and its default name is the same)'}; entry names must be unique in ${this.#section.key}:, so this ${what} was not checked.`, written ? [...entry.path, 'name'] : entry.path, {
            remediation: written
                ? `Rename this ${what}: give it a name: no other ${what} in this file has, or remove it if it repeats the other one.`
                : `Give this ${what} a name: no other ${what} in this file has, or remove it if it repeats the other one.`,
        });
        return false;
    }
}

;// CONCATENATED MODULE: ./src/gate/config/placeholders.ts
/** How every placeholder init writes starts; nothing a provider or an API would use starts so. */
const PLACEHOLDER_PREFIX = 'replace-with-your-';
/** Entries are small maps: a placeholder is never deeper than a list in a map in the entry. */
const MAX_DEPTH = 4;
/** Every string value of the entry (`raw`, at `at`) that is still one of init's placeholders. */
function findPlaceholders(raw, at, depth = 0) {
    if (typeof raw === 'string')
        return raw.startsWith(PLACEHOLDER_PREFIX) ? [{ path: at, value: raw }] : [];
    if (depth >= MAX_DEPTH || typeof raw !== 'object' || raw === null)
        return [];
    const children = Array.isArray(raw) ? raw.map((v, i) => [i, v]) : Object.entries(raw);
    return children.flatMap(([key, value]) => findPlaceholders(value, [...at, key], depth + 1));
}
/** The field a placeholder stands in for (`audiences` for /audiences/0), and what to put there. */
function placeholderFix(path) {
    const field = [...path].reverse().find((p) => typeof p === 'string');
    if (field === 'client_id')
        return 'Replace it with the client ID your application is registered under at the provider.';
    if (field === 'audiences')
        return 'Replace it with the audience your API accepts: the aud claim of its tokens, such as api://orders.';
    return 'Replace it with your application\'s value.';
}
/** The message at a placeholder: the entry (`what`, and its name or id when it has one), the field as a JSON Pointer inside it, and the placeholder. */
function placeholderMessage(what, raw, entryPath, found) {
    const named = typeof raw === 'object' && raw !== null ? raw : {};
    const name = typeof named.name === 'string' ? named.name : typeof named.id === 'string' ? named.id : undefined;
    const entry = `${what.charAt(0).toUpperCase()}${what.slice(1)}${name !== undefined ? ` "${name.slice(0, 60)}"` : ''}`;
    const field = found.path.slice(entryPath.length).map(String).join('/');
    return `${entry}: /${field} is still the placeholder "${found.value.slice(0, 60)}" that oidc-gate init wrote: fill in your own value before the entry can be checked.`;
}

;// CONCATENATED MODULE: ./src/gate/suppress/suppress-comment.ts
/**
 * Inline suppressions: a YAML comment `# oidc-gate: ignore[CODE, CODE2] reason` after a value covers the
 * findings on that line; on a line of its own it covers the next line that is not a comment (so several
 * such comments can stand one above the other). Comments are found by the YAML parser, so a `#` inside
 * a quoted value or a block scalar is never taken for one.
 */




/** A comment that means to be a suppression: `oidc-gate: ignore`, in any letter case, with or without the colon. */
const DIRECTIVE = /^#\s*oidc-gate\s*:?\s*ignore\b/i;
/** The one accepted form: codes in brackets, separated by commas, then the reason. */
const FORM = /^#\s*oidc-gate:\s*ignore\[([^\]]*)\](.*)$/;
const CODE = /^[A-Z][A-Z0-9_]*$/;
const INLINE_FORM = '# oidc-gate: ignore[CODE, CODE2] reason';
/** Every comment of the document, in order, with its offset in the source. */
function commentsOf(source) {
    const found = new Map();
    const walk = (node) => {
        if (Array.isArray(node)) {
            for (const item of node)
                walk(item);
            return;
        }
        if (node === null || typeof node !== 'object')
            return;
        const token = node;
        if (token.type === 'comment' && typeof token.offset === 'number' && typeof token.source === 'string') {
            found.set(token.offset, token.source);
        }
        for (const value of Object.values(node))
            walk(value);
    };
    for (const token of new dist/* Parser */.iX().parse(source))
        walk(token);
    return [...found].sort((a, b) => a[0] - b[0]).map(([offset, text]) => ({ offset, text }));
}
function readInlineSuppressions(file, yaml) {
    const out = { suppressions: [], problems: [] };
    const source = yaml.source;
    // Most files hold no suppression: skip the second parse then.
    if (!/oidc-gate/i.test(source))
        return out;
    const lineText = source.split(/\r?\n|\r/);
    const isCommentOnly = (line) => /^\s*#/.test(lineText[line - 1] ?? '');
    for (const comment of commentsOf(source)) {
        if (!DIRECTIVE.test(comment.text))
            continue;
        const pos = yaml.lines.linePos(comment.offset);
        const at = { line: pos.line, column: pos.col };
        const invalid = (message, remediation) => {
            out.problems.push(configFinding(GATE_CODES.SUPPRESSION_INVALID, message, file, at, { kind: 'config', remediation }));
        };
        const form = FORM.exec(comment.text);
        if (form === null) {
            invalid(`This oidc-gate comment is not a suppression oidc-gate can read; write it as ${INLINE_FORM}.`, SUPPRESSION_FIXES.inlineForm);
            continue;
        }
        const codes = (form[1] ?? '').split(',').map((c) => c.trim());
        const reason = (form[2] ?? '').trim();
        if (codes.every((c) => c === '')) {
            invalid(`This suppression names no code; write it as ${INLINE_FORM}.`, SUPPRESSION_FIXES.noCode);
            continue;
        }
        if (reason === '') {
            invalid(`This suppression of ${codes.filter((c) => c !== '').join(', ')} gives no reason; write the reason after the brackets, as in ${INLINE_FORM}.`, SUPPRESSION_FIXES.inlineReason);
            continue;
        }
        // After a value it covers its own line; on a line of its own, the next line that is not a comment.
        let covers = at.line;
        if (isCommentOnly(at.line)) {
            covers = at.line + 1;
            while (covers <= lineText.length && isCommentOnly(covers))
                covers++;
        }
        for (const code of codes) {
            const problem = code === '' ? 'an empty code between commas' : !CODE.test(code) ? `"${code.slice(0, 60)}" is not a finding code (codes are upper case, such as INSECURE_URI)` : codeProblem(code);
            if (problem !== undefined) {
                invalid(`This suppression cannot apply: ${problem}.`, code === '' ? 'Remove the empty code between the commas.' : codeFix(code));
                continue;
            }
            out.suppressions.push({ kind: 'inline', code, reason, file, line: at.line, column: at.column, coversLine: covers });
        }
    }
    return out;
}

;// CONCATENATED MODULE: ./src/gate/config/config.ts
/**
 * Config files: read one under the repository's rules, parse it with positions, and hand each entry
 * to its parser (providers, profiles, tokens). Problems become findings at their YAML line; a broken
 * entry is dropped and the rest of the file still runs.
 */













/** The items a section of the file held, as the section's parser made them. */
function entriesOf(config, section) {
    return (config.entries.get(section.key) ?? []);
}
/** The file's issuer profiles to register, and those refused for a mistake of their own. */
function profilesOf(config) {
    const items = entriesOf(config, profilesSection);
    return { entries: profileEntries(items), refused: refusedProfiles(items) };
}
/** Entries of a config file: the items of the lists of its sections that hold entries. */
function configEntryCount(data, sections = CONFIG_SECTIONS) {
    if (!isRecord(data))
        return 0;
    return sections.reduce((n, s) => {
        const list = s.entries ? data[s.key] : undefined;
        return n + (Array.isArray(list) ? list.length : 0);
    }, 0);
}
async function loadConfigFile(abs, ctx) {
    const file = relativeFile(ctx.root, abs);
    const boundary = ctx.boundary ?? ctx.root;
    const sections = ctx.sections ?? CONFIG_SECTIONS;
    const keys = sections.map((s) => s.key);
    const entries = new Map();
    const out = { file, abs, entries, suppressions: [], findings: [] };
    const input = await readYamlInput(boundary, abs, file);
    if (!input.ok) {
        out.findings.push(configFinding(input.code, input.message, file, { line: 1, column: 1 }, {
            kind: 'config', ...(input.remediation !== undefined ? { remediation: input.remediation } : {}),
        }));
        return out;
    }
    const yaml = input.yaml;
    out.yaml = yaml;
    for (const e of yaml.errors) {
        out.findings.push(configFinding(GATE_CODES.CONFIG_YAML_INVALID, `YAML syntax error: ${e.message}`, file, e.position, {
            kind: 'config', ...(e.remediation !== undefined ? { remediation: e.remediation } : {}),
        }));
    }
    if (yaml.errors.length > 0)
        return out;
    if (ctx.admitEntries !== undefined) {
        const count = configEntryCount(yaml.data, sections);
        const admission = await ctx.admitEntries(count);
        if (!admission.ok) {
            out.findings.push(configFinding(GATE_CODES.CONFIG_TOO_LARGE, overBudgetMessage(file, count, admission), file, { line: 1, column: 1 }, { kind: 'config' }));
            return out;
        }
    }
    const problem = (def, message, at, extra = {}) => {
        out.findings.push(configFinding(def, message, file, positionOf(yaml, at), { kind: 'config', pointer: toPointer(at), ...extra }));
    };
    const data = yaml.data;
    // `{}` checks nothing either: the same mistake as an empty file, and the schema refuses both.
    if (data === null || data === undefined || (isRecord(data) && Object.keys(data).length === 0)) {
        problem(GATE_CODES.CONFIG_INVALID, `${file} is empty: expected ${entryKeys(sections)}.`, [], {
            remediation: `Add a ${entryKeys(sections, ':')} list to the file, or delete it: an empty file checks nothing.`,
        });
        return out;
    }
    if (!isRecord(data)) {
        problem(GATE_CODES.CONFIG_INVALID, `${file} must be a map with ${entryKeys(sections)}, not ${describeType(data)}.`, [], {
            remediation: `Start the file with ${entryKeys(sections, ':')} at the left margin, each followed by its list of entries.`,
        });
        return out;
    }
    const inline = readInlineSuppressions(file, yaml);
    out.suppressions.push(...inline.suppressions);
    out.findings.push(...inline.problems);
    for (const key of Object.keys(data)) {
        if (!keys.includes(key)) {
            problem(GATE_CODES.CONFIG_UNKNOWN_KEY, `Unknown top-level key "${clip(key)}"; expected one of ${keys.join(', ')}.`, [key]);
        }
    }
    const list = (key) => {
        const value = data[key];
        if (value === undefined || value === null)
            return [];
        if (!Array.isArray(value)) {
            problem(GATE_CODES.CONFIG_INVALID, `${key} must be a list of entries, not ${describeType(value)}.`, [key], {
                remediation: `Write each entry under ${key}: as a list item: its first field after "- ", the others indented to line up with it.`,
            });
            return [];
        }
        return value;
    };
    const source = { file, abs, yaml, boundary, onSecret: ctx.onSecret };
    for (const section of sections) {
        // Entry names are unique per section of a file: a repeat is refused at its name (entry-names.ts).
        const names = section.uniqueNames === true ? new EntryNames(section, problem) : undefined;
        const items = [];
        const raws = list(section.key);
        for (let index = 0; index < raws.length; index++) {
            // A placeholder init wrote is a config error at its line; the entry is still read and run.
            for (const found of findPlaceholders(raws[index], [section.key, index])) {
                problem(GATE_CODES.CONFIG_INVALID, placeholderMessage(section.what, raws[index], [section.key, index], found), found.path, { remediation: placeholderFix(found.path) });
            }
            const item = await section.parse(raws[index], index, source, problem);
            if (item !== undefined && (names === undefined || names.admit(item, raws[index])))
                items.push(item);
        }
        entries.set(section.key, items);
    }
    out.suppressions.push(...entriesOf(out, suppressionsSection));
    return out;
}
/** The keys of the sections that hold entries, as a message lists them: "providers, profiles, tokens or trust_policies". */
function entryKeys(sections, suffix = '') {
    const keys = sections.filter((s) => s.entries).map((s) => `${s.key}${suffix}`);
    return keys.length > 1 ? `${keys.slice(0, -1).join(', ')} or ${keys[keys.length - 1]}` : keys.join('');
}

;// CONCATENATED MODULE: ./src/gate/run/pool.ts
/** Run tasks at most `limit` at a time; each result keeps its task's slot, whatever finishes first. */
async function pool(tasks, limit) {
    const out = new Array(tasks.length);
    let next = 0;
    const worker = async () => {
        while (next < tasks.length) {
            const i = next++;
            out[i] = await tasks[i]();
        }
    };
    await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
    return out;
}

;// CONCATENATED MODULE: ./src/gate/lock/lock-file.ts
/**
 * The key lock file (`oidc-gate lock` writes it, the audit compares with it): for each provider and
 * profile whose keys are fetched, the `kid` and RFC 7638 thumbprint of every key it served when the
 * lock was made. Nothing else about a key is kept, so the file is safe to commit and review. It is
 * written sorted and one member per line, so a re-lock after a rotation is a small, readable diff.
 */
/** The one version this oidc-gate reads and writes. */
const LOCK_VERSION = 1;
const DEFAULT_LOCK_PATH = '.github/oidc-gate/jwks.lock.json';
/** Which entry of the lock a provider or profile is compared with. */
function lockKey(e) {
    return JSON.stringify([e.kind, e.file, e.name]);
}
const byText = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
function compareKeys(a, b) {
    return byText(a.kid ?? '', b.kid ?? '') || byText(a.thumbprint, b.thumbprint);
}
/** The file's text: entries by kind, file and name, keys by kid and thumbprint, members in one order. */
function serializeLock(entries) {
    const sorted = [...entries]
        .map((e) => ({ kind: e.kind, file: e.file, name: e.name, jwks_uri: e.jwks_uri, keys: [...e.keys].sort(compareKeys).map((k) => ({ kid: k.kid, thumbprint: k.thumbprint })) }))
        .sort((a, b) => byText(a.kind, b.kind) || byText(a.file, b.file) || byText(a.name, b.name));
    const doc = { version: LOCK_VERSION, entries: sorted };
    return `${JSON.stringify(doc, null, 2)}\n`;
}
const THUMBPRINT = /^[A-Za-z0-9_-]{43}$/;
const ENTRY_MEMBERS = ['kind', 'file', 'name', 'jwks_uri', 'keys'];
const KEY_MEMBERS = ['kid', 'thumbprint'];
/**
 * The lock file's text, checked. The file is in the repository, so a pull request may have written
 * anything into it: the first problem is reported with its place, and nothing from the file is quoted
 * beyond a member name.
 */
function parseLock(text) {
    let data;
    try {
        data = JSON.parse(text);
    }
    catch (error) {
        // The parser's message may quote the file; only its position is kept.
        const m = /line (\d+) column (\d+)/.exec(error instanceof Error ? error.message : '');
        return m !== null
            ? { ok: false, message: 'is not valid JSON', pointer: '', line: Number(m[1]), column: Number(m[2]) }
            : { ok: false, message: 'is not valid JSON', pointer: '' };
    }
    const fail = (pointer, message) => ({ ok: false, pointer, message });
    if (!isObject(data))
        return fail('', 'must be a JSON object with version and entries');
    if (data.version !== LOCK_VERSION) {
        return fail('/version', `must be ${LOCK_VERSION} (this oidc-gate reads lock files of version ${LOCK_VERSION}; run oidc-gate lock again to rewrite it)`);
    }
    const unknownTop = Object.keys(data).find((k) => k !== 'version' && k !== 'entries');
    if (unknownTop !== undefined)
        return fail(`/${lock_file_escape(unknownTop)}`, 'is not a member of a lock file');
    if (!Array.isArray(data.entries))
        return fail('/entries', 'must be a list');
    const entries = [];
    const seen = new Set();
    for (const [i, raw] of data.entries.entries()) {
        const at = `/entries/${i}`;
        if (!isObject(raw))
            return fail(at, 'must be an object');
        const unknown = Object.keys(raw).find((k) => !ENTRY_MEMBERS.includes(k));
        if (unknown !== undefined)
            return fail(`${at}/${lock_file_escape(unknown)}`, 'is not a member of a lock entry');
        if (raw.kind !== 'provider' && raw.kind !== 'profile')
            return fail(`${at}/kind`, 'must be "provider" or "profile"');
        for (const member of ['file', 'name', 'jwks_uri']) {
            if (typeof raw[member] !== 'string' || raw[member] === '')
                return fail(`${at}/${member}`, 'must be a non-empty string');
        }
        if (!Array.isArray(raw.keys))
            return fail(`${at}/keys`, 'must be a list');
        const keys = [];
        for (const [j, key] of raw.keys.entries()) {
            const kat = `${at}/keys/${j}`;
            if (!isObject(key))
                return fail(kat, 'must be an object');
            const unknownKey = Object.keys(key).find((k) => !KEY_MEMBERS.includes(k));
            if (unknownKey !== undefined)
                return fail(`${kat}/${lock_file_escape(unknownKey)}`, 'is not a member of a locked key (a lock keeps only kid and thumbprint)');
            if (key.kid !== null && typeof key.kid !== 'string')
                return fail(`${kat}/kid`, 'must be a string or null');
            if (typeof key.thumbprint !== 'string' || !THUMBPRINT.test(key.thumbprint)) {
                return fail(`${kat}/thumbprint`, 'must be an RFC 7638 SHA-256 thumbprint (43 base64url characters)');
            }
            keys.push({ kid: key.kid, thumbprint: key.thumbprint });
        }
        const entry = { kind: raw.kind, file: raw.file, name: raw.name, jwks_uri: raw.jwks_uri, keys };
        const id = lockKey(entry);
        if (seen.has(id))
            return fail(at, `repeats the ${entry.kind} of an earlier entry (same file and name)`);
        seen.add(id);
        entries.push(entry);
    }
    return { ok: true, lock: { version: LOCK_VERSION, entries } };
}
function isObject(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
/** A member name as a JSON Pointer token, kept short: it comes from the file. */
function lock_file_escape(name) {
    const token = name.replace(/~/g, '~0').replace(/\//g, '~1');
    return token.length > 40 ? `${token.slice(0, 40)}…` : token;
}

// EXTERNAL MODULE: ./node_modules/jose/dist/webapi/jwk/thumbprint.js + 6 modules
var jwk_thumbprint = __webpack_require__(4857);
;// CONCATENATED MODULE: ./src/gate/lock/lock-keys.ts
/**
 * The keys a provider or profile serves now, as the lock records them: `kid` and RFC 7638 thumbprint.
 * Fetched through the run engine's guarded fetcher (and its discovery operation), so the lock obeys
 * the same outbound rules as every other fetch: public addresses only unless OUTBOUND_ALLOW says
 * otherwise, size and time limits, no https→http redirects.
 */



/** Only public-key types: a thumbprint of an `oct` key would be a hash of a shared secret. */
const PUBLIC_KEY_TYPES = new Set(['RSA', 'EC', 'OKP', 'AKP']);
async function servedKeys(source, engine) {
    const { fetcher } = engine.services;
    if (!fetcher.online)
        return { ok: false, offline: true, why: 'offline mode: nothing is fetched' };
    let jwksUri;
    if ('jwksUri' in source.fetch) {
        jwksUri = source.fetch.jwksUri;
    }
    else {
        const outcome = await engine.run('discover', { issuer: source.fetch.issuer });
        const found = outcome.response?.jwks_uri;
        if (typeof found !== 'string' || found === '') {
            return { ok: false, offline: false, why: `the discovery document of ${(0,src_engine/* redactUri */.sU)(source.fetch.issuer)} could not be read or names no jwks_uri` };
        }
        jwksUri = found;
    }
    const fetched = await fetcher.getJson(jwksUri, source.allowHttp ? { allowHttp: true } : {});
    if (!fetched.ok)
        return { ok: false, offline: false, why: `${(0,src_engine/* redactUri */.sU)(jwksUri)} could not be fetched (${fetched.reason})` };
    const set = fetched.json;
    if (typeof set !== 'object' || set === null || !Array.isArray(set.keys)) {
        return { ok: false, offline: false, why: `${(0,src_engine/* redactUri */.sU)(jwksUri)} is not a JWK Set (no keys list)` };
    }
    const keys = [];
    for (const jwk of set.keys) {
        const locked = await lockedKey(jwk);
        if (locked !== undefined)
            keys.push(locked);
    }
    return { ok: true, jwksUri: (0,src_engine/* redactUri */.sU)(jwksUri), keys: keys.sort(compareKeys) };
}
/**
 * A served key as the lock keeps it, or undefined for one that has no thumbprint (a malformed key,
 * which lint reports as JWKS_INVALID) or must not get one (a symmetric key).
 */
async function lockedKey(jwk) {
    if (typeof jwk !== 'object' || jwk === null || Array.isArray(jwk))
        return undefined;
    const { kty, kid } = jwk;
    if (typeof kty !== 'string' || !PUBLIC_KEY_TYPES.has(kty))
        return undefined;
    try {
        // Only the required public members enter the thumbprint (RFC 7638 §3.2), private ones never.
        const thumbprint = await (0,jwk_thumbprint/* calculateJwkThumbprint */.s)(jwk, 'sha256');
        return { kid: typeof kid === 'string' ? kid : null, thumbprint };
    }
    catch {
        return undefined;
    }
}

;// CONCATENATED MODULE: ./src/gate/lock/lock-sources.ts
/**
 * Which entries of the config files have keys worth pinning: providers (their `jwks_uri`) and
 * profiles that fetch a JWK Set (`jwks_uri`, or `discovery: true` through the issuer's discovery
 * document). An inline `jwks` or `public_key` is left out: the config file itself pins those keys,
 * and a change to them is already a change in review.
 */




function lockSources(configs, repositoryRoot) {
    const sources = [];
    for (const config of configs) {
        const base = { file: config.file, lockFile: relativeFile(repositoryRoot, config.abs), ...(config.yaml !== undefined ? { yaml: config.yaml } : {}) };
        for (const provider of entriesOf(config, providersSection)) {
            const uri = provider.request.jwks_uri;
            if (!isNonEmptyString(uri))
                continue;
            sources.push({
                ...base, kind: 'provider', name: provider.name, at: [...provider.path, 'jwks_uri'],
                fetch: { jwksUri: uri }, allowHttp: provider.request.https_required === false,
            });
        }
        for (const entry of profilesOf(config).entries) {
            const { jwks_uri: uri, discovery, issuer } = entry.profile;
            if (isNonEmptyString(uri)) {
                sources.push({ ...base, kind: 'profile', name: entry.id, at: [...entry.path, 'jwks_uri'], fetch: { jwksUri: uri }, allowHttp: false });
            }
            else if (discovery === true && isNonEmptyString(issuer)) {
                sources.push({ ...base, kind: 'profile', name: entry.id, at: [...entry.path, 'discovery'], fetch: { issuer }, allowHttp: false });
            }
        }
    }
    return sources;
}

;// CONCATENATED MODULE: ./src/gate/lock/lock-check.ts
/**
 * The audit's key pinning: read the lock file, fetch the keys each locked provider and profile serves
 * now, and report JWKS_KEYS_CHANGED where they differ, at the entry's `jwks_uri` (or `discovery`)
 * line. Offline, the comparison is one CHECK_SKIPPED for the lock file.
 *
 * The lock and the config must still describe the same entries, network or not: a lock entry that names
 * no provider or profile of the run is LOCK_ENTRY_UNMATCHED (an error: a rename would otherwise unpin
 * the keys without a word), and a provider or profile whose keys are fetched but that the lock does not
 * name is LOCK_ENTRY_MISSING (a warning: it is not compared until `oidc-gate lock` adds it).
 */















/** Locked entries are fetched this many at a time, as the run's entries are. */
const CONCURRENCY = 8;
/** How many added and removed keys a message names; evidence lists them all. */
const NAMED_IN_MESSAGE = 3;
async function checkLock(options) {
    const rel = relativeFile(options.root, external_node_path_default().resolve(options.root, options.lockFile));
    const read = await readLockFile(options, rel);
    if (!read.ok)
        return [read.finding];
    const locked = new Map(read.lock.entries.map((e) => [lockKey(e), e]));
    const keyOf = (s) => lockKey({ kind: s.kind, file: s.lockFile, name: s.name });
    const all = lockSources(options.configs, options.boundary);
    const pairing = [
        ...unmatchedEntries(read.lock, read.text, all, options, rel),
        ...all.filter((s) => !locked.has(keyOf(s)) && !configBroken(options.configs, s.file)).map((s) => missingEntry(s, rel)),
    ];
    const sources = all.filter((s) => locked.has(keyOf(s)));
    if (sources.length === 0)
        return pairing;
    if (!options.engine.services.fetcher.online) {
        const checks = [GATE_CODES.JWKS_KEYS_CHANGED.code];
        return [...pairing, {
                code: 'CHECK_SKIPPED',
                severity: 'warning',
                message: `The keys of ${count(sources.length, 'provider or profile', 'providers and profiles')} in the lock file were not fetched (offline mode); not run: ${checks.join(', ')}.`,
                remediation: 'Run again with network access (drop --offline; in the action, network: true) to compare the served keys with the lock file.',
                file: rel, line: 1, column: 1, pointer: '', kind: 'config',
                evidence: { lock: rel, checks, entries: sources.length },
            }];
    }
    const outcomes = await pool(sources.map((source) => async () => compare(source, options.engine, locked.get(keyOf(source))?.keys ?? [], rel)), CONCURRENCY);
    return [...pairing, ...outcomes.flat()];
}
/**
 * Whether a config file has a configuration error: its entries may not all have been read, and the run
 * fails on that error anyway, so the lock is not paired with what is left of it (one mistake, one finding).
 */
function configBroken(configs, file) {
    return configs.some((c) => c.file === file && c.findings.some((f) => f.config === true && f.severity === 'error'));
}
/**
 * LOCK_ENTRY_UNMATCHED for each lock entry that names no provider or profile this run fetches keys
 * for, at the entry's line of the lock file: its config file is not checked, has no entry of that
 * name, or the entry no longer fetches a JWK Set.
 */
function unmatchedEntries(lock, text, sources, options, rel) {
    const fetched = new Set(sources.map((s) => lockKey({ kind: s.kind, file: s.lockFile, name: s.name })));
    const byLockName = new Map(options.configs.map((c) => [relativeFile(options.boundary, c.abs), c]));
    const out = [];
    lock.entries.forEach((entry, i) => {
        if (fetched.has(lockKey(entry)))
            return;
        const config = byLockName.get(entry.file);
        if (config !== undefined && configBroken(options.configs, config.file))
            return;
        const what = `${entry.kind} "${clip(entry.name)}"`;
        let why;
        if (config === undefined) {
            why = `names ${what} of ${clip(entry.file)}, a config file this run does not check (renamed, removed, or outside the config patterns)`;
        }
        else if (entry.kind === 'provider' ? entriesOf(config, providersSection).some((p) => p.name === entry.name) : profilesOf(config).entries.some((p) => p.id === entry.name)) {
            why = `names ${what} of ${clip(entry.file)}, which no longer fetches its keys (${entry.kind === 'provider' ? 'no jwks_uri' : 'neither jwks_uri nor discovery: true'})`;
        }
        else {
            why = `names ${what}, which ${clip(entry.file)} does not have`;
        }
        const pointer = `/entries/${i}`;
        out.push({
            code: GATE_CODES.LOCK_ENTRY_UNMATCHED.code,
            severity: 'error',
            message: `The lock file ${rel} ${why}: the keys it pins are compared with nothing.`,
            remediation: GATE_CODES.LOCK_ENTRY_UNMATCHED.remediation,
            file: rel, ...lineOf(text, pointer), pointer,
            // Named by what the entry pins, not by its index: the lock is sorted, so an index moves.
            stablePointer: toPointer(['entries', `${entry.kind}:${entry.file}`, entry.name]),
            kind: entry.kind === 'provider' ? 'lint' : 'profile', name: entry.name,
            evidence: { lock: rel, entry: { kind: entry.kind, file: entry.file, name: entry.name } },
        });
    });
    return out;
}
/** LOCK_ENTRY_MISSING: a provider or profile whose keys are fetched, and that the lock does not name. */
function missingEntry(source, lockRel) {
    const what = source.kind === 'provider' ? `Provider "${clip(source.name)}"` : `Profile "${clip(source.name)}"`;
    return {
        ...placeAt(source),
        code: GATE_CODES.LOCK_ENTRY_MISSING.code,
        severity: 'warning',
        message: `${what} fetches its keys, but the lock file ${lockRel} has no entry for it, so its keys are not compared.`,
        remediation: GATE_CODES.LOCK_ENTRY_MISSING.remediation,
        evidence: { field: toPointer(source.at.slice(2)), lock: lockRel },
    };
}
/** The lock file, read under the rules config files are read by; a broken one is one config error. */
async function readLockFile(options, rel) {
    const name = `The lock file ${rel}`;
    const refuse = (def, message, at = { line: 1, column: 1 }, extra = {}) => ({
        ok: false, finding: configFinding(def, message, rel, at, { kind: 'config', ...extra }),
    });
    const read = await readJsonInputText(options.boundary, external_node_path_default().resolve(options.root, options.lockFile), name);
    if (!read.ok) {
        if (read.missing) {
            return refuse(GATE_CODES.CONFIG_NOT_FOUND, `${name} does not exist.`, undefined, {
                remediation: 'Run oidc-gate lock to write it (and commit it), or name the lock file you committed.',
            });
        }
        return refuse(read.code, read.message, undefined, read.code === GATE_CODES.CONFIG_INVALID ? { remediation: LOCK_FIX } : {});
    }
    const text = read.text;
    const parsed = parseLock(text);
    if (parsed.ok)
        return { ...parsed, text };
    const at = parsed.line !== undefined ? { line: parsed.line, column: parsed.column ?? 1 } : lineOf(text, parsed.pointer);
    const message = parsed.pointer === '' ? `${name} ${parsed.message}.` : `${name} is invalid: ${parsed.pointer} ${parsed.message}.`;
    return refuse(GATE_CODES.CONFIG_INVALID, message, at, {
        pointer: parsed.pointer, remediation: LOCK_FIX,
    });
}
const LOCK_FIX = 'The lock file is written by oidc-gate lock: run it again to rewrite the file rather than editing it by hand.';
/**
 * The line of the entry a pointer is in. oidc-gate lock writes one member per line and `kind` only on
 * entries, so the n-th `"kind"` member starts entry n; a hand-edited file may fall back to line 1.
 */
function lineOf(text, pointer) {
    const m = /^\/entries\/(\d+)/.exec(pointer);
    if (m === null)
        return { line: 1, column: 1 };
    let offset = -1;
    for (let i = 0; i <= Number(m[1]); i++) {
        offset = text.indexOf('"kind"', offset + 1);
        if (offset === -1)
            return { line: 1, column: 1 };
    }
    return position(text, offset);
}
function position(text, offset) {
    const before = text.slice(0, offset);
    const line = before.split('\n').length;
    return { line, column: offset - before.lastIndexOf('\n') };
}
/** One locked provider or profile: the served keys against the locked ones. */
async function compare(source, engine, lockedKeys, lockRel) {
    const served = await servedKeys(source, engine);
    const place = placeAt(source);
    if (!served.ok) {
        // A provider's own lint reports the same failed fetch (JWKS_UNREACHABLE, JWKS_INVALID): one mistake, one finding.
        if (source.kind === 'provider' && 'jwksUri' in source.fetch)
            return [];
        return [{
                ...place,
                code: 'CHECK_SKIPPED',
                severity: 'warning',
                message: `The keys of profile "${clip(source.name)}" were not compared with the lock file ${lockRel}: ${served.why}; not run: JWKS_KEYS_CHANGED.`,
                remediation: getFindingDefinition('CHECK_SKIPPED')?.remediation ?? 'Run again once the keys can be fetched.',
                evidence: { field: toPointer(source.at.slice(2)), lock: lockRel, checks: [GATE_CODES.JWKS_KEYS_CHANGED.code] },
            }];
    }
    const id = (k) => `${k.kid ?? ''}\u0000${k.thumbprint}`;
    const before = new Set(lockedKeys.map(id));
    const now = new Set(served.keys.map(id));
    const added = served.keys.filter((k) => !before.has(id(k)));
    const removed = lockedKeys.filter((k) => !now.has(id(k)));
    if (added.length === 0 && removed.length === 0)
        return [];
    const parts = [
        added.length > 0 ? `added ${named(added)}` : '',
        removed.length > 0 ? `removed ${named(removed)}` : '',
    ].filter((s) => s !== '');
    return [{
            ...place,
            code: GATE_CODES.JWKS_KEYS_CHANGED.code,
            severity: 'warning',
            message: `The keys served at ${clip(served.jwksUri)} differ from the lock file ${lockRel}: ${parts.join('; ')}.`,
            remediation: GATE_CODES.JWKS_KEYS_CHANGED.remediation,
            evidence: { field: toPointer(source.at.slice(2)), jwks_uri: served.jwksUri, lock: lockRel, added, removed },
        }];
}
function placeAt(source) {
    const pos = source.yaml !== undefined ? positionOf(source.yaml, source.at) : { line: 1, column: 1 };
    const section = source.kind === 'provider' ? 'providers' : 'profiles';
    return {
        file: source.file, line: pos.line, column: pos.column, pointer: toPointer(source.at),
        stablePointer: toPointer([section, source.name, ...source.at.slice(2)]),
        kind: source.kind === 'provider' ? 'lint' : 'profile', name: source.name,
    };
}
function named(keys) {
    const shown = keys.slice(0, NAMED_IN_MESSAGE).map((k) => `${k.kid !== null ? `kid "${clip(k.kid)}"` : 'a key without kid'} (thumbprint ${k.thumbprint})`);
    const more = keys.length - shown.length;
    return `${count(keys.length, 'key', 'keys')}: ${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}
function count(n, one, many) {
    return `${n} ${n === 1 ? one : many}`;
}

;// CONCATENATED MODULE: ./src/gate/sections/profiles.ts
/**
 * Issuer profiles from config files (`profiles:`) and the issuer-profiles file, loaded one by one
 * through the engine's loader so that a refused profile is an error at its own line and the other
 * profiles still register.
 */










async function loadProfiles(options) {
    const findings = [];
    const sources = [...options.sources];
    if (options.issuerProfilesFile !== undefined) {
        const source = await readProfilesFile(options, options.issuerProfilesFile, findings);
        // The workflow's own profiles file comes first: a config file cannot shadow one of its ids.
        if (source !== undefined)
            sources.unshift(source);
    }
    const byId = new Map();
    const seen = new Map();
    const refused = new Map();
    const refuse = (id, at) => {
        if (!refused.has(id))
            refused.set(id, at);
    };
    const env = repositoryEnv(options.env);
    for (const source of sources) {
        for (const r of source.refused ?? [])
            refuse(r.id, { file: source.file, line: r.line });
        for (const entry of source.entries) {
            const place = (rel) => {
                const p = source.yaml !== undefined ? positionOf(source.yaml, [...entry.path, ...rel]) : { line: 1, column: 1 };
                return { file: source.file, line: p.line, column: p.column, pointer: toPointer([...entry.path, ...rel]), kind: 'profile', name: entry.id };
            };
            const first = seen.get(entry.id);
            if (first !== undefined) {
                findings.push(configFinding(GATE_CODES.PROFILE_DUPLICATE, `Issuer profile "${entry.id}" is already defined in ${first}; ids must be unique.`, undefined, undefined, place(['id'])));
                continue;
            }
            seen.set(entry.id, `${source.file}:${entry.line}`);
            const secretEnv = entry.profile.secret_env;
            const secretEnvWhy = typeof secretEnv === 'string' ? secretEnvProblem(secretEnv) : undefined;
            if (typeof secretEnv === 'string' && secretEnvWhy !== undefined) {
                const at = place(['secret_env']);
                findings.push(configFinding(GATE_CODES.PROFILE_INVALID, `Issuer profile "${entry.id}": /secret_env names ${clip(secretEnv)}, but ${secretEnvWhy}; the variable was not read.`, undefined, undefined, { ...at, remediation: `Name a variable such as ${SECRET_ENV_PREFIX}ORDERS_SECRET, and set it in the gate step's env: (or as an OIDC_GATE_NAME=value line of the oidc-gate-env secret).` }));
                refuse(entry.id, { file: source.file, line: at.line ?? entry.line });
                continue;
            }
            const fromEnv = typeof secretEnv === 'string' ? env[secretEnv] : undefined;
            if (fromEnv !== undefined && fromEnv !== '')
                options.onSecret?.(fromEnv);
            try {
                // One profile per call: a refused profile must not keep the others from registering.
                const { fetcher, keyCache, now } = options.services;
                const registry = (0,src_engine/* compileIssuerProfiles */.Ly)([entry.profile], { env, fetcher, keyCache, now });
                const trust = registry.get(entry.id);
                if (trust !== undefined)
                    byId.set(entry.id, trust);
            }
            catch (err) {
                if (!(err instanceof src_engine/* IssuerProfileError */.HC))
                    throw err;
                for (const problem of err.problems) {
                    // Pointers are into the one-element list we passed: drop its index.
                    const rel = parsePointer(problem.pointer.replace(/^\/0(?=\/|$)/, ''));
                    const field = problem.pointer.replace(/^\/0(?=\/|$)/, '') || '/';
                    const at = place(rel);
                    findings.push(configFinding(GATE_CODES.PROFILE_INVALID, `Issuer profile "${entry.id}": ${field} ${problem.message}.`, undefined, undefined, at));
                    refuse(entry.id, { file: source.file, line: at.line ?? entry.line });
                }
            }
        }
    }
    for (const id of byId.keys())
        refused.delete(id);
    const ids = [...new Set([...seen.keys(), ...refused.keys()])];
    return { registry: { get: (id) => byId.get(id) }, findings, ids, refused };
}
function repositoryEnv(env) {
    return Object.fromEntries(Object.entries(env).filter(([name]) => name.startsWith(SECRET_ENV_PREFIX)));
}
async function readProfilesFile(options, file, findings) {
    const abs = external_node_path_default().resolve(options.root, file);
    const rel = relativeFile(options.root, abs);
    const input = await readYamlInput(options.boundary ?? options.root, abs, `The issuer-profiles file ${rel}`);
    if (!input.ok) {
        findings.push(configFinding(input.code, input.message, rel, { line: 1, column: 1 }, {
            kind: 'profile', ...(input.remediation !== undefined ? { remediation: input.remediation } : {}),
        }));
        return undefined;
    }
    const yaml = input.yaml;
    for (const e of yaml.errors) {
        findings.push(configFinding(GATE_CODES.CONFIG_YAML_INVALID, `Syntax error in the issuer-profiles file: ${e.message}`, rel, e.position, {
            kind: 'profile', ...(e.remediation !== undefined ? { remediation: e.remediation } : {}),
        }));
    }
    if (yaml.errors.length > 0)
        return undefined;
    // The file holds a list of profiles, as ISSUER_PROFILES_JSON does; `{ profiles: [...] }` is accepted too, like a config file.
    const data = isRecord(yaml.data) && Array.isArray(yaml.data.profiles) ? yaml.data.profiles : yaml.data;
    const base = isRecord(yaml.data) ? ['profiles'] : [];
    if (!Array.isArray(data)) {
        findings.push(configFinding(GATE_CODES.PROFILE_INVALID, 'The issuer-profiles file must hold a list of profiles.', rel, { line: 1, column: 1 }, {
            kind: 'profile', remediation: 'Write the profiles as a YAML or JSON list (each item starting with "- id: …"), or under a profiles: key.',
        }));
        return undefined;
    }
    if (options.admitEntries !== undefined) {
        const admission = await options.admitEntries(data.length);
        if (!admission.ok) {
            findings.push(configFinding(GATE_CODES.CONFIG_TOO_LARGE, overBudgetMessage(`The issuer-profiles file ${rel}`, data.length, admission), rel, { line: 1, column: 1 }, { kind: 'profile' }));
            return undefined;
        }
    }
    const entries = [];
    const refused = [];
    const problem = (def, message, at, extra = {}) => {
        findings.push(configFinding(def, message, rel, positionOf(yaml, at), { kind: 'profile', pointer: toPointer(at), ...extra }));
    };
    data.forEach((raw, index) => {
        const parsed = parseProfileEntry(raw, [...base, index], yaml, problem, options.onSecret);
        if (parsed.ok)
            entries.push(parsed.entry);
        else if (parsed.refused !== undefined)
            refused.push(parsed.refused);
    });
    return { file: rel, yaml, entries, refused };
}

;// CONCATENATED MODULE: ./src/gate/suppress/suppress-field.ts

function findingField(f) {
    // The stable pointer is /<list>/<entry name>/<field…>: the field is what follows the entry.
    if (f.stablePointer !== undefined && f.name !== undefined)
        return toPointer(parsePointer(f.stablePointer).slice(2));
    return f.pointer ?? '';
}
/** Whether `field` (as a suppression names it) covers the finding's field: the same place, or one below it. */
function fieldCovers(field, findingFieldPointer) {
    if (field === '' || field === findingFieldPointer)
        return true;
    return findingFieldPointer.startsWith(`${field.replace(/\/$/, '')}/`);
}

;// CONCATENATED MODULE: ./src/gate/outputs/report.ts
/**
 * The JSON report the action writes and `oidc-gate check --format json` prints (tool, api_version,
 * valid, summary, results), and the decisions read from it: counts, pass/fail, fail-on.
 */

const TOOL_VERSION = '1.0.0';
function report_count(findings) {
    let errors = 0;
    let warnings = 0;
    for (const f of findings) {
        if (f.severity === 'error')
            errors++;
        else
            warnings++;
    }
    return { errors, warnings };
}
function buildReport(results, findings, files, failOn = 'error', hidden = { suppressed: [] }) {
    const { errors, warnings } = report_count(findings);
    const configErrors = findings.filter((f) => f.severity === 'error' && f.config === true).length;
    const suppressed = hidden.suppressed.map(reportSuppressed);
    const v = verdict({ files: files.length, results: results.length, errors, warnings, configErrors, suppressed: suppressed.length }, failOn);
    // Beside each result's untouched response: which of its findings are hidden, and why.
    for (const r of results) {
        const own = hidden.suppressed.filter((s) => s.finding.file === r.file && s.finding.name === r.name && s.finding.kind === r.kind);
        if (own.length > 0)
            r.suppressed = own.map(reportSuppressed);
    }
    return {
        tool: { name: 'oidc-gate', version: TOOL_VERSION },
        api_version: 'v0.0.1',
        valid: errors === 0,
        summary: {
            text: v.text,
            fail_on: failOn,
            failed: v.failed,
            files: files.length,
            results: results.length,
            errors,
            warnings,
            file_status: files,
            findings,
            suppressed,
            ...(hidden.baseline !== undefined ? { baseline: hidden.baseline } : {}),
        },
        results,
    };
}
/**
 * Whether the run fails, and its headline. `fail-on` governs findings; a configuration error is not a
 * finding but a gate that could not check what it was given, so it fails the run even under
 * fail-on: never (as zizmor and actionlint fail on a config file they cannot read). The headline
 * says when fail-on decided (a run failed by warnings alone, a run not failed despite errors), so it
 * never reads "Passed" for a failed run.
 */
function verdict(c, failOn) {
    const v = countedVerdict(c, failOn);
    const hidden = c.suppressed ?? 0;
    if (hidden === 0)
        return v;
    // Before the final full stop: "Passed: 1 file, 2 checks, no findings; 3 suppressed."
    return { failed: v.failed, text: `${v.text.replace(/\.$/, '')}; ${hidden} suppressed.` };
}
function countedVerdict(c, failOn) {
    const where = `${plural(c.files, 'file')}, ${plural(c.results, 'check')}`;
    const found = [c.errors > 0 ? plural(c.errors, 'error') : '', c.warnings > 0 ? plural(c.warnings, 'warning') : ''].filter((s) => s !== '').join(' and ');
    if (c.errors === 0 && c.warnings === 0)
        return { failed: false, text: `Passed: ${where}, no findings.` };
    if (c.errors === 0) {
        return shouldFail(failOn, 0, c.warnings)
            ? { failed: true, text: `Failed on warnings (fail-on: ${failOn}): ${found} in ${where}.` }
            : { failed: false, text: `Passed with ${found}: ${where}.` };
    }
    if (shouldFail(failOn, c.errors, c.warnings))
        return { failed: true, text: `Failed: ${found} in ${where}.` };
    if (c.configErrors > 0) {
        const one = c.configErrors === 1;
        const which = c.configErrors === c.errors ? (one ? 'it is a configuration error' : 'they are configuration errors')
            : `${c.configErrors} of them ${one ? 'is a configuration error' : 'are configuration errors'}`;
        return { failed: true, text: `Failed: ${found} in ${where}; ${which}, which ${one ? 'fails' : 'fail'} the run whatever fail-on says.` };
    }
    return { failed: false, text: `Not failed (fail-on: ${failOn}): ${found} in ${where}.` };
}
/** A suppressed finding as the report lists it: the finding, where it is, and what hid it. */
function reportSuppressed(s) {
    const f = s.finding;
    return {
        code: f.code,
        severity: f.severity,
        message: f.message,
        ...(f.file !== undefined ? { file: f.file } : {}),
        ...(f.line !== undefined ? { line: f.line } : {}),
        ...(f.column !== undefined ? { column: f.column } : {}),
        ...(f.name !== undefined ? { entry: f.name } : {}),
        field: findingField(f),
        kind: s.kind,
        reason: s.reason,
        suppression: s.source,
    };
}
function plural(n, word) {
    return `${n} ${word}${n === 1 ? '' : 's'}`;
}
/** Whether findings fail the run under `fail-on` (configuration errors fail it anyway: see verdict). */
function shouldFail(failOn, errors, warnings) {
    if (failOn === 'never')
        return false;
    if (failOn === 'warning')
        return errors + warnings > 0;
    return errors > 0;
}
function serializeReport(report) {
    return `${JSON.stringify(report, null, 2)}\n`;
}

;// CONCATENATED MODULE: ./src/gate/suppress/suppress.ts
/**
 * Applying suppressions to a run's findings. Per config file: its inline comments and its
 * `suppressions:` items hide the matching findings of that file (an inline comment before a config
 * item, when both match); then the baseline hides the findings its lines record. Suppressed findings leave
 * the counts, fail-on and annotations, and are kept to be reported. Expired suppressions no longer
 * apply and are warned about; suppressions that matched nothing are warned about too.
 */






/** Whether any suppression may hide the finding (never a configuration error or a SUPPRESSION_ code). */
function isSuppressible(f) {
    return f.config !== true && whyNotSuppressible(f.code) === undefined;
}
/** Whether a (current) suppression covers the finding; the caller has checked the finding is of its file. */
function covers(s, f) {
    if (s.code !== f.code || s.file !== f.file)
        return false;
    if (s.kind === 'inline')
        return f.line === s.coversLine;
    if (s.entry !== undefined && f.name !== s.entry)
        return false;
    return s.field === undefined || fieldCovers(s.field, findingField(f));
}
/** "The suppression of CODE (entry "web", field /x; reason: "…")": what it covers, and why, when asked. */
function describe(s, withReason = false) {
    const scope = [s.entry !== undefined ? `entry "${s.entry}"` : '', s.field !== undefined ? `field ${s.field === '' ? '""' : s.field}` : ''].filter((x) => x !== '').join(', ');
    const why = withReason ? `reason: "${shortReason(s.reason)}"` : '';
    const details = [scope, why].filter((x) => x !== '').join('; ');
    return `The ${s.kind === 'inline' ? 'inline ' : ''}suppression of ${s.code}${details !== '' ? ` (${details})` : ''}`;
}
/** The codes a CHECK_SKIPPED finding says were not run, or undefined when it does not list them. */
function skippedCodes(f) {
    const listed = /not run: ([A-Z0-9_]+(?:, [A-Z0-9_]+)*)/.exec(f.message);
    return listed?.[1]?.split(', ');
}
/**
 * Whether the check that could have drawn the suppressed code may not have run in this file: an entry
 * refused for a configuration error, or a fetch skipped offline (CHECK_SKIPPED) that lists the code or
 * does not say which checks it skipped. Then "matched nothing" says nothing, and is not reported.
 */
function mayNotHaveRun(s, findings) {
    return findings.some((f) => {
        if (s.kind === 'config' && s.entry !== undefined && f.name !== undefined && f.name !== s.entry)
            return false;
        if (f.config === true)
            return !f.code.startsWith('SUPPRESSION_');
        if (f.code !== 'CHECK_SKIPPED')
            return false;
        const skipped = skippedCodes(f);
        return skipped === undefined || skipped.includes(s.code);
    });
}
class Suppressor {
    suppressed = [];
    #baseline;
    #now;
    #baselineUsed = new Set();
    /** `now`: when the run started; a suppression whose expiry is at or before it no longer applies. */
    #fingerprints;
    /** `fingerprints`: the run's (they read each finding's value from its file), which the baseline is matched by. */
    constructor(baseline, now, fingerprints = new fingerprint_Fingerprints()) {
        this.#baseline = baseline;
        this.#now = now;
        this.#fingerprints = fingerprints;
    }
    /** How many of the baseline's fingerprints matched a finding of the run (by a line that names it). */
    get baselineMatched() {
        return this.#baselineUsed.size;
    }
    /**
     * One config file's findings with its suppressions applied: what is still reported, in order, then a
     * warning per expired suppression and per suppression that matched nothing.
     */
    file(suppressions, findings) {
        const current = suppressions.filter((s) => s.expires === undefined || this.#now < s.expires.ms);
        const expired = suppressions.filter((s) => s.expires !== undefined && this.#now >= s.expires.ms);
        // Inline comments first: the suppression written at the finding is the one a reader looks for.
        const ordered = [...current.filter((s) => s.kind === 'inline'), ...current.filter((s) => s.kind === 'config')];
        const used = new Set();
        const uncovered = new Map();
        const kept = [];
        for (const f of findings) {
            if (!isSuppressible(f)) {
                kept.push(f);
                continue;
            }
            const matching = ordered.filter((s) => covers(s, f));
            for (const s of matching)
                used.add(s);
            const first = matching[0];
            if (first !== undefined) {
                this.suppressed.push({ finding: f, kind: first.kind, reason: first.reason, source: { file: first.file, line: first.line } });
            }
            else if (!this.#byBaseline(f)) {
                kept.push(f);
                // Reported again because its suppression expired (and nothing else hides it).
                for (const s of expired)
                    if (covers(s, f))
                        uncovered.set(s, (uncovered.get(s) ?? 0) + 1);
            }
        }
        for (const s of expired) {
            const back = uncovered.get(s) ?? 0;
            kept.push(this.#note(GATE_CODES.SUPPRESSION_EXPIRED, s, `${describe(s, true)} expired on ${s.expires?.text ?? ''} and no longer applies${back > 0 ? `: the ${back === 1 ? 'finding' : `${back} findings`} it covered ${back === 1 ? 'is' : 'are'} reported again` : ''}.`));
        }
        for (const s of current) {
            if (used.has(s) || mayNotHaveRun(s, findings))
                continue;
            const where = s.kind === 'inline' ? `on line ${s.coversLine ?? s.line}` : 'in this file';
            kept.push(this.#note(GATE_CODES.SUPPRESSION_UNUSED, s, `${describe(s)} matched no finding ${where}; remove it, or check its code${s.kind === 'inline' ? ' and line' : ', entry and field'}.`));
        }
        return kept;
    }
    /** Findings outside the config files (no file matched, the issuer-profiles file): the baseline only. */
    other(findings) {
        return findings.filter((f) => !isSuppressible(f) || !this.#byBaseline(f));
    }
    #byBaseline(f) {
        const baseline = this.#baseline;
        if (baseline === undefined || f.file === undefined)
            return false;
        const line = baselineLineFor(baseline, this.#fingerprints.identity(f));
        if (line === undefined)
            return false;
        this.#baselineUsed.add(line.fingerprint);
        this.suppressed.push({ finding: f, kind: 'baseline', reason: `recorded in the baseline ${baseline.file}`, source: { file: baseline.file } });
        return true;
    }
    #note(def, s, message) {
        const f = configFinding(def, message, s.file, { line: s.line, column: s.column }, { kind: 'config' });
        f.severity = def.severity;
        if (s.pointer !== undefined)
            f.pointer = s.pointer;
        else
            f.stablePointer = `/#L${s.line}/${s.code}`;
        delete f.config;
        return f;
    }
}

;// CONCATENATED MODULE: ./src/gate/run/run.ts
/**
 * The gate: find config files, load their entries and issuer profiles, check every entry with one
 * engine, and gather the outcome per file into the report. Shared by the action and `oidc-gate check`,
 * so both produce the same report from the same files.
 */
















/** Entries run this many at a time: network checks wait on timeouts, offline work is CPU-bound anyway. */
const run_CONCURRENCY = 8;
async function runGate(options, services = {}) {
    const startedAt = Date.now();
    const findings = [];
    const boundary = options.boundary ?? options.root;
    const { files, missing } = await findConfigFiles(options.root, options.patterns, boundary);
    for (const m of missing) {
        findings.push(configFinding(GATE_CODES.CONFIG_NOT_FOUND, `Config path ${m} does not exist.`, undefined, undefined, { kind: 'config' }));
    }
    if (files.length === 0 && missing.length === 0) {
        findings.push(configFinding(GATE_CODES.CONFIG_NOT_FOUND, `No config file matched ${options.patterns.join(', ')}.`, undefined, undefined, { kind: 'config' }));
    }
    // A baseline that cannot be read is one config error, and suppresses nothing.
    const baseline = options.baselineFile !== undefined ? await readBaseline(options.root, boundary, options.baselineFile) : undefined;
    if (baseline?.ok === false)
        findings.push(baseline.finding);
    const sections = services.sections ?? CONFIG_SECTIONS;
    const loadCtx = { root: options.root, boundary, sections, ...(options.onSecret !== undefined ? { onSecret: options.onSecret } : {}) };
    // Files load concurrently; the entry budget answers them in file order (the issuer-profiles file last).
    const budget = new EntryBudget();
    const configs = await Promise.all(files.map((f, i) => loadConfigFile(f, { ...loadCtx, admitEntries: (count) => budget.admit(i, count) }).finally(() => budget.pass(i))));
    const network = networkFor(options, services, findings);
    // Every sample without `at` is judged at the instant the run started, whichever runs first. No
    // verification cache: a run checks each token about once, and a report must not depend on which
    // sample happened to present a token first (metadata.signature_cache would say hit or miss).
    const engine = (0,src_engine/* createEngine */.P)({ network, clock: () => startedAt, verifyCacheSize: 0 });
    const profileSources = configs.map((c) => ({ file: c.file, yaml: c.yaml, ...profilesOf(c) }));
    const profiles = await loadProfiles({
        root: options.root,
        boundary,
        admitEntries: (count) => budget.admit(files.length, count),
        ...(options.issuerProfilesFile !== undefined ? { issuerProfilesFile: options.issuerProfilesFile } : {}),
        sources: profileSources,
        env: options.env,
        services: engine.services,
        onSecret: options.onSecret,
    });
    const checker = engine.withProfiles(profiles.registry);
    // Tasks keep their slot so the report order is the file order, whatever finishes first.
    const tasks = [];
    for (const config of configs) {
        const run = {
            config, engine: checker, startedAt, profiles: { ids: profiles.ids, refused: profiles.refused }, idToken: services.idToken, online: network.online,
        };
        for (const section of sections) {
            const check = section.run;
            if (check === undefined)
                continue;
            for (const entry of entriesOf(config, section)) {
                tasks.push(isolated(config, entry, section, () => check(entry, run)));
            }
        }
    }
    // The key lock is compared while the entries run: it fetches through the same engine.
    const lockFindings = options.lockFile !== undefined
        ? checkLock({ root: options.root, boundary, lockFile: options.lockFile, configs, engine: checker })
        : Promise.resolve([]);
    const outcomes = await pool(tasks, run_CONCURRENCY);
    // Per file: config problems, then profile problems, then entry findings, in entry order.
    const results = [];
    const byFile = new Map();
    for (const c of configs)
        byFile.set(c.file, [...c.findings]);
    for (const f of profiles.findings) {
        const list = f.file !== undefined ? byFile.get(f.file) : undefined;
        if (list !== undefined)
            list.push(f);
        else
            findings.push(f);
    }
    for (const o of outcomes) {
        results.push(...o.results);
        byFile.get(o.file)?.push(...o.findings);
    }
    for (const f of await lockFindings) {
        const list = f.file !== undefined ? byFile.get(f.file) : undefined;
        if (list !== undefined)
            list.push(f);
        else
            findings.push(f);
    }
    // Suppressions hide findings of their own file; the baseline, any finding it recorded.
    const fingerprintBase = fingerprintBaseOf(boundary, options.root);
    // Fingerprints bind each finding's value, read from the config file it is in.
    const fingerprints = new fingerprint_Fingerprints(fingerprintBase, configs, sections);
    const suppressor = new Suppressor(baseline?.ok === true ? baseline.baseline : undefined, startedAt, fingerprints);
    findings.splice(0, findings.length, ...suppressor.other(findings));
    const fileStatus = [];
    for (const c of configs) {
        const list = suppressor.file(c.suppressions, byFile.get(c.file) ?? []);
        findings.push(...list);
        fileStatus.push(fileStatusOf(c, list, sections));
    }
    const report = buildReport(results, findings, fileStatus, options.failOn, {
        suppressed: suppressor.suppressed,
        ...(baseline?.ok === true ? { baseline: { file: baseline.baseline.file, entries: baseline.baseline.fingerprints.size, matched: suppressor.baselineMatched } } : {}),
    });
    return { report, findings, suppressed: suppressor.suppressed, files: fileStatus, fingerprintBase, fingerprints };
}
/** A file's line in the report: its error and warning counts, and how many entries each section held. */
function fileStatusOf(config, findings, sections) {
    const status = {
        file: config.file,
        errors: findings.filter((f) => f.severity === 'error').length,
        warnings: findings.filter((f) => f.severity === 'warning').length,
    };
    for (const section of sections) {
        if (!section.entries)
            continue;
        const entries = entriesOf(config, section);
        status[section.key] = section.count !== undefined ? section.count(entries) : entries.length;
    }
    return status;
}
/** The run's root relative to the repository root, with forward slashes; '' when it is not inside it. */
function fingerprintBaseOf(boundary, root) {
    const rel = external_node_path_default().relative(boundary, root);
    return rel === '' || rel.startsWith('..') || external_node_path_default().isAbsolute(rel) ? '' : rel.split((external_node_path_default()).sep).join('/');
}
/**
 * The run's network: off, or on through the guarded fetcher with OUTBOUND_ALLOW's exemptions (or the
 * fetcher a test passes). An OUTBOUND_ALLOW that cannot be parsed is one config error, and the run goes
 * on offline: its network checks report CHECK_SKIPPED rather than fetching without the exemptions the
 * workflow meant to give.
 */
function networkFor(options, services, findings) {
    if (!options.network)
        return { online: false };
    let outboundAllow;
    try {
        outboundAllow = (0,src_engine/* parseOutboundAllow */.Db)(options.env.OUTBOUND_ALLOW);
    }
    catch (err) {
        if (!(err instanceof src_engine/* OutboundAllowError */.gn))
            throw err;
        findings.push(configFinding(GATE_CODES.CONFIG_INVALID, `OUTBOUND_ALLOW is invalid: ${err.message}`, undefined, undefined, {
            kind: 'config',
            remediation: 'Set OUTBOUND_ALLOW (the step\'s env:) to host names, IP addresses or CIDR ranges separated by commas, such as idp.internal, 10.0.0.0/8.',
        }));
        return { online: false };
    }
    return services.fetcher !== undefined ? { online: true, outboundAllow, fetcher: services.fetcher } : { online: true, outboundAllow };
}
/**
 * One entry's check, fenced: a fault inside it (a bug, not a refused request, which the engine
 * reports as a problem) becomes INTERNAL_ERROR on that entry, and the other entries still run.
 * The exception's message is not shown: it may quote the entry's input, secrets included.
 */
function isolated(config, entry, section, check) {
    return async () => {
        try {
            return await check();
        }
        catch {
            const placer = new Placer(config, entry.path, entry.name, section.kind ?? 'lint');
            placer.add({
                code: GATE_CODES.INTERNAL_ERROR.code,
                severity: 'error',
                message: `oidc-gate failed unexpectedly while checking the ${section.what} "${entry.name}", so it was not checked. This is a bug in oidc-gate: please report it.`,
                remediation: GATE_CODES.INTERNAL_ERROR.remediation,
            }, []);
            return { file: config.file, results: [], findings: placer.findings };
        }
    };
}

;// CONCATENATED MODULE: ./src/gate/outputs/sarif.ts
/**
 * SARIF 2.1.0 for GitHub code scanning: one rule per finding code, results at the YAML line, and
 * partialFingerprints bound to the finding's content (fingerprint.ts: code, file, entry name, field and
 * the value there), so an alert survives edits that only move lines, reorder entries or insert list
 * items, and a changed value is a new alert. A run that could not check what it was given says so in
 * `invocations[0]` (executionSuccessful false, each configuration error a notification): its results
 * are not the repository's findings, and an upload of them would close alerts that still stand.
 */




/** The project's home (package.json `repository`): the driver's informationUri, and where the finding pages live. */
const REPOSITORY_URL = 'https://github.com/oidc-gate/oidc-gate';
/** A code's page, `docs/findings/<CODE>.md` on the main branch: the rule's helpUri. */
function findingPageUrl(code) {
    return `${REPOSITORY_URL}/blob/main/docs/findings/${code}.md`;
}
/** How to fix a code, as its page and its SARIF rule say it: `fix` when the definition has one, else `remediation`. */
function howToFix(definition) {
    return definition.fix ?? definition.remediation;
}
/**
 * What to do about one finding, as every face shows it (the CLI's fix line, an annotation, a summary
 * row): the finding's own remediation, which may speak of its case, else its code's (howToFix).
 */
function findingFix(f) {
    if (f.remediation !== undefined)
        return f.remediation;
    const definition = getFindingDefinition(f.code);
    return definition !== undefined ? howToFix(definition) : undefined;
}
/** The page of a code oidc-gate defines (findingPageUrl); undefined for any other code, which has none. */
function findingPage(code) {
    return getFindingDefinition(code) !== undefined ? findingPageUrl(code) : undefined;
}
/**
 * Catalogue text as Markdown: characters that would turn into emphasis, HTML or links are escaped
 * (`<issuer>` is a placeholder, not a tag); `code spans` written in the text are kept.
 */
function markdownText(text) {
    return text.split(/(`[^`]*`)/).map((part, i) => (i % 2 === 1 ? part : part.replace(/[\\*_<>[\]]/g, (c) => `\\${c}`))).join('');
}
function sentence(text) {
    return /[.!?]$/.test(text) ? text : `${text}.`;
}
/**
 * The rule's help: what the code means, why it matters and how to fix it, from the catalogue, so it fits
 * every finding of the code (a finding's own remediation may speak of one case only), and a link to
 * the code's page with an example.
 */
function ruleHelp(d) {
    const fix = howToFix(d);
    const url = findingPageUrl(d.code);
    const text = [sentence(d.title), d.docs, d.why !== undefined ? `Why it matters: ${d.why}` : undefined, fix !== undefined ? `How to fix: ${fix}` : undefined, `More, with an example: ${url}`];
    const markdown = [
        `**${markdownText(sentence(d.title))}**`,
        d.docs !== undefined ? markdownText(d.docs) : undefined,
        d.why !== undefined ? `**Why it matters.** ${markdownText(d.why)}` : undefined,
        fix !== undefined ? `**How to fix.** ${markdownText(fix)}` : undefined,
        `[${d.code}: more, with an example](${url})`,
    ];
    const join = (parts) => parts.filter((p) => p !== undefined).join('\n\n');
    return { text: join(text), markdown: join(markdown) };
}
/**
 * A finding's fingerprint without the run's documents (`base`: where the run's file names start,
 * relative to the repository root): bound to the finding's message where a run would bind the value.
 * A run's own fingerprints are `GateRun.fingerprints`.
 */
function fingerprint(f, base = '') {
    return new Fingerprints(base).of(f);
}
/** Whether the run could not check what it was given: a configuration error (CONFIG_NOT_FOUND included) or an entry not checked. */
function couldNotCheck(f) {
    return f.config === true && f.severity === 'error';
}
/** GitHub code scanning ignores results past 5,000 per run (and rejects a file past 25,000). */
const MAX_SARIF_RESULTS = 5000;
/** Configuration errors told as notifications, then one that counts the rest: the report has them all. */
const MAX_SARIF_NOTIFICATIONS = 100;
/**
 * How a suppression is told to code scanning, which then shows the alert as dismissed: an inline comment
 * is in the source; a `suppressions:` item (a list apart from the finding) and the baseline are external.
 */
function sarifSuppression(s) {
    return { kind: s.kind === 'inline' ? 'inSource' : 'external', justification: s.reason };
}
/**
 * `suppressed`: findings a suppression or the baseline hid; they are still results, with `suppressions`.
 * With a baseline, every result says whether it is new or was recorded there (`baselineState`).
 */
function buildSarif(all, suppressed = [], withBaseline = false, fingerprints = new fingerprint_Fingerprints()) {
    // Code scanning refuses a result without a location, so run-level problems (no config file
    // matched) stay in the report, annotations and summary only. Errors first when the cap cuts,
    // and reported findings before suppressed ones.
    const hiddenBy = new Map(suppressed.map((s) => [s.finding, s]));
    const rank = (f) => (hiddenBy.has(f) ? 2 : 0) + (f.severity === 'error' ? 0 : 1);
    const findings = [...all, ...suppressed.map((s) => s.finding)]
        .filter((f) => f.file !== undefined)
        .sort((a, b) => rank(a) - rank(b))
        .slice(0, MAX_SARIF_RESULTS);
    const codes = [...new Set(findings.map((f) => f.code))].sort();
    const index = new Map(codes.map((c, i) => [c, i]));
    const rules = codes.map((code) => {
        // Rule text comes from the finding catalogue; a code it lacks still gets a rule, from its first result.
        const definition = getFindingDefinition(code);
        const sample = findings.find((f) => f.code === code);
        const title = definition?.title ?? code;
        const rule = {
            id: code,
            name: toPascal(code),
            shortDescription: { text: title },
            fullDescription: { text: title },
            defaultConfiguration: { level: definition?.severity ?? sample?.severity ?? 'error' },
            properties: { tags: ['security', 'oidc'] },
        };
        if (definition !== undefined) {
            rule.helpUri = findingPageUrl(code);
            rule.help = ruleHelp(definition);
            // Code scanning ranks security alerts by this number, written as a string.
            if (definition.securitySeverity !== undefined) {
                rule.properties = { tags: ['security', 'oidc'], 'security-severity': definition.securitySeverity.toFixed(1) };
            }
        }
        else if (sample?.remediation !== undefined) {
            rule.help = { text: sample.remediation, markdown: sample.remediation };
        }
        return rule;
    });
    const results = findings.map((f) => {
        const r = {
            ruleId: f.code,
            ruleIndex: index.get(f.code),
            level: f.severity === 'error' ? 'error' : 'warning',
            message: { text: f.name !== undefined ? `${f.message} [${f.name}]` : f.message },
            partialFingerprints: { [FINGERPRINT_KEY]: fingerprints.of(f) },
        };
        const hidden = hiddenBy.get(f);
        if (hidden !== undefined)
            r.suppressions = [sarifSuppression(hidden)];
        if (withBaseline)
            r.baselineState = hidden?.kind === 'baseline' ? 'unchanged' : 'new';
        r.locations = [{
                physicalLocation: {
                    artifactLocation: { uri: relativeUri(f.file), uriBaseId: '%SRCROOT%' },
                    region: { startLine: f.line ?? 1, startColumn: f.column ?? 1 },
                },
            }];
        return r;
    });
    return {
        $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
        version: '2.1.0',
        runs: [{
                tool: {
                    driver: {
                        name: 'oidc-gate',
                        version: TOOL_VERSION,
                        semanticVersion: TOOL_VERSION,
                        informationUri: REPOSITORY_URL,
                        rules,
                    },
                },
                invocations: [invocation(all)],
                results,
            }],
    };
}
/**
 * Whether the run checked what it was given. A configuration error (no config file matched, a file it
 * could not read, an entry it refused, a broken baseline) means the results are not the repository's
 * findings: executionSuccessful is false and each such error is a notification, with its place when it
 * has one, so whoever reads the log (the reusable workflow before an upload) can tell.
 */
function invocation(all) {
    const problems = all.filter(couldNotCheck);
    if (problems.length === 0)
        return { executionSuccessful: true };
    const more = problems.length - MAX_SARIF_NOTIFICATIONS;
    return {
        executionSuccessful: false,
        toolExecutionNotifications: [...problems.slice(0, MAX_SARIF_NOTIFICATIONS).map((f) => ({
                level: 'error',
                message: { text: f.name !== undefined ? `${f.code}: ${f.message} [${f.name}]` : `${f.code}: ${f.message}` },
                descriptor: { id: f.code },
                ...(f.file !== undefined ? {
                    locations: [{
                            physicalLocation: {
                                artifactLocation: { uri: relativeUri(f.file), uriBaseId: '%SRCROOT%' },
                                region: { startLine: f.line ?? 1, startColumn: f.column ?? 1 },
                            },
                        }],
                } : {}),
            })), ...(more > 0 ? [{ level: 'error', message: { text: `${more} more configuration ${more === 1 ? 'error' : 'errors'}: see the report.` } }] : [])],
    };
}
/**
 * A repository path as a relative URI reference, as SARIF requires: each segment percent-encoded,
 * so a file named "a b#1.yml" is not cut at "#" (a fragment) or refused for its space.
 */
function relativeUri(file) {
    return file.split('/').map(encodeURIComponent).join('/');
}
function toPascal(code) {
    return code.toLowerCase().split('_').map((w) => (w[0] ?? '').toUpperCase() + w.slice(1)).join('');
}

;// CONCATENATED MODULE: ./src/gate/config/init-config.ts
/**
 * The starter config `oidc-gate init` writes: one provider and one issuer profile built from a
 * provider's discovery document, and one sample token entry left commented out until the user has a
 * token file. Values from the document are written as quoted YAML scalars whenever they are not
 * plainly safe, so a document cannot add keys, comments or lines to the file; and no text of the
 * document ever goes into a comment (a comment is where `check` looks for `# oidc-gate: ignore[…]`),
 * only names the engine itself lists, written as it spells them.
 */



/** Where `oidc-gate init` writes when --output is not given: inside the directory the gate reads by default. */
const DEFAULT_INIT_OUTPUT = '.github/oidc-gate/oidc.yml';
/**
 * The config schema as published on the repository (the file `npm run schema` writes, served raw):
 * a user's repository has no schema/ folder a relative modeline could point at.
 */
const CONFIG_SCHEMA_URL = `${REPOSITORY_URL.replace('https://github.com/', 'https://raw.githubusercontent.com/')}/main/schema/oidc-gate.schema.json`;
/** A YAML scalar: plain when that cannot change its meaning, otherwise double-quoted (JSON strings are valid YAML). */
function yamlScalar(value) {
    const word = /^[A-Za-z][A-Za-z0-9._-]*$/.test(value) && !/^(?:true|false|yes|no|on|off|null|y|n)$/i.test(value);
    const url = /^https?:\/\/[A-Za-z0-9.-]+(?::\d+)?(?:\/[A-Za-z0-9._~/-]*)?$/.test(value);
    const plain = word || url;
    // Every character outside printable ASCII is escaped, so no line separator or bidi control reaches the file.
    return plain ? value : JSON.stringify(value).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
/** A name for the entries, from the issuer's host: `accounts.google.com` gives accounts-google-com. */
function entryName(issuer) {
    let host = '';
    try {
        host = new URL(issuer).hostname;
    }
    catch {
        // A malformed issuer is reported by discovery before a config is built; the name only needs to be valid.
    }
    const name = host.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60);
    return name === '' ? 'my-provider' : name;
}
/** A comment line whose text came from outside: kept on one line, printable ASCII only. */
function comment(text) {
    return `# ${text.replace(/[^\x20-\x7e]/g, '?')}`;
}
/** The algorithm names a policy may list (the registered JWS names and none), as the engine spells them. */
const ALGORITHM_NAMES = src_engine/* verifyPolicySchema */.N2.properties.allowed_algs.items.enum;
/**
 * The comment on the algorithms left out. A name is written only when it is one the engine lists (the
 * engine's own string is written, not the document's), or as that name "in another letter case"; any
 * other name is counted, never quoted: a comment is where `check` reads `# oidc-gate: ignore[…]`.
 */
function droppedNote(dropped) {
    const lines = [];
    const unnamed = [];
    const unnamedCodes = new Set();
    const add = (line) => {
        if (!lines.includes(line))
            lines.push(line);
    };
    for (const { alg, why } of dropped) {
        // The code is the engine's (WEAK_ALGORITHM, UNKNOWN_ALGORITHM); the shape check keeps it so.
        const code = /^[A-Z][A-Z0-9_]*$/.test(why) ? why : 'refused';
        const known = ALGORITHM_NAMES.find((name) => name === alg);
        const folded = ALGORITHM_NAMES.find((name) => name.toLowerCase() === alg.toLowerCase());
        if (known !== undefined)
            add(`#   ${known}: ${code}`);
        else if (folded !== undefined)
            add(`#   ${folded} in another letter case: ${code}`);
        else {
            unnamed.push(alg);
            unnamedCodes.add(code);
        }
    }
    if (unnamed.length > 0) {
        const more = lines.length > 0 ? ' more' : '';
        const count = unnamed.length === 1 ? `1${more} name` : `${unnamed.length}${more} names`;
        add(`#   ${count}, not repeated here (oidc-gate init printed ${unnamed.length === 1 ? 'it' : 'them'}): ${[...unnamedCodes].join(', ')}`);
    }
    return { lines, unnamed };
}
function buildStarterConfig(starter) {
    const name = entryName(starter.issuer);
    const profileId = `${name}-api`;
    const issuer = yamlScalar(starter.issuer);
    const jwksUri = yamlScalar(starter.jwksUri);
    const algs = `[${starter.algorithms.map(yamlScalar).join(', ')}]`;
    const dropped = droppedNote(starter.dropped).lines.map((line) => `      ${line}`);
    const lines = [
        `# yaml-language-server: $schema=${CONFIG_SCHEMA_URL}`,
        comment(`Written by oidc-gate init from ${starter.source.slice(0, 200)}.`),
        `# Replace client_id, audiences and redirect_uris with your application's, then run: oidc-gate check`,
        `# (check refuses the file while a ${PLACEHOLDER_PREFIX}... placeholder is left in it).`,
        'providers:',
        `  - name: ${name}`,
        `    issuer: ${issuer}`,
        `    client_id: ${PLACEHOLDER_PREFIX}client-id   # the OAuth client ID of your application`,
        `    audiences: [${PLACEHOLDER_PREFIX}api-audience]`,
        `    jwks_uri: ${jwksUri}`,
        '    redirect_uris: []                         # list every callback URL of your application, exactly',
        '    alg_policy:',
        `      allowed_algs: ${algs}`,
        ...(dropped.length > 0 ? ['      # Left out: the discovery document also lists algorithms the gate refuses:', ...dropped] : []),
        '    discover: true                            # fetch discovery and check that it names the same jwks_uri',
        '',
        'profiles:',
        `  - id: ${profileId}`,
        `    issuer: ${issuer}`,
        `    audiences: [${PLACEHOLDER_PREFIX}api-audience]`,
        `    allowed_algs: ${algs}`,
        `    jwks_uri: ${jwksUri}`,
        '',
        '# A sample token your API must accept. Put one in a file next to this one (a test token, never a',
        '# production one), then uncomment the entry below. expect: invalid, or a list of finding codes such',
        '# as [AUDIENCE_MISMATCH], makes it a sample the API must refuse.',
        '# tokens:',
        `#   - name: ${name}-sample`,
        '#     # token_file: tokens/sample.jwt',
        `#     issuer_profile_id: ${profileId}`,
        '#     expect: valid',
        '',
    ];
    return lines.join('\n');
}

;// CONCATENATED MODULE: ./src/gate/errors.ts
class GateError extends Error {
    code;
    constructor(code, message) {
        super(message);
        this.name = 'GateError';
        this.code = code;
    }
}
/** An output path the gate refuses, or could not write; the message names the setting and the path. */
class OutputPathError extends GateError {
    constructor(message) {
        super('OUTPUT_NOT_WRITTEN', message);
        this.name = 'OutputPathError';
    }
}

;// CONCATENATED MODULE: ./src/gate/outputs/write.ts
/**
 * The one way the gate writes a file (the report, SARIF). The output paths live in a repository a
 * pull request controls: a committed link named oidc-gate-report.json pointing at .git/config, or a
 * linked directory, must not turn the report into an overwrite of some other file. So the target
 * must not be a link, its directory must resolve inside the workspace and outside .git, and the
 * text goes to a fresh temporary file beside it that is then renamed over the path: a rename
 * replaces the directory entry and never writes through it.
 */






/** Check an output path without writing: the action and the CLI refuse a bad path before any work. */
async function checkOutputPath(target) {
    await plan(target);
}
/** Write `text` to the target as described above; throws OutputPathError and leaves no temporary file. */
async function writeInsideRoot(target, text) {
    const { realDir, missing, name } = await plan(target);
    let dir = realDir;
    for (const part of missing) {
        dir = external_node_path_default().join(dir, part);
        try {
            await external_node_fs_.promises.mkdir(dir);
        }
        catch (error) {
            if (error.code !== 'EEXIST')
                throw failure(target, error);
        }
    }
    // Created or not, the directory must still resolve where the plan said.
    const finalDir = await external_node_fs_.promises.realpath(dir).catch((error) => {
        throw failure(target, error);
    });
    await ensureInside(target, external_node_path_default().join(finalDir, name));
    const temp = external_node_path_default().join(finalDir, `.${name}.${(0,external_node_crypto_.randomBytes)(8).toString('hex')}.tmp`);
    try {
        // wx: never reuse an existing file (or follow a link) at the temporary name.
        await external_node_fs_.promises.writeFile(temp, text, { encoding: 'utf8', flag: 'wx' });
        await external_node_fs_.promises.rename(temp, external_node_path_default().join(finalDir, name));
    }
    catch (error) {
        await external_node_fs_.promises.unlink(temp).catch(() => undefined);
        throw failure(target, error);
    }
}
async function plan(target) {
    const file = external_node_path_default().resolve(target.file);
    const name = external_node_path_default().basename(file);
    const existing = await external_node_fs_.promises.lstat(file).catch((error) => {
        if (isAbsent(error))
            return undefined;
        throw failure(target, error);
    });
    if (existing?.isSymbolicLink()) {
        throw new OutputPathError(`${target.label} ${target.shown} is a symbolic link; refusing to write through it. Remove the link from the repository or choose another path.`);
    }
    if (existing !== undefined && !existing.isFile()) {
        throw new OutputPathError(`${target.label} ${target.shown} exists and is not a regular file; choose another path.`);
    }
    const missing = [];
    let dir = external_node_path_default().dirname(file);
    for (;;) {
        const stat = await external_node_fs_.promises.stat(dir).catch((error) => {
            if (isAbsent(error))
                return undefined;
            throw failure(target, error);
        });
        if (stat?.isDirectory())
            break;
        if (stat !== undefined) {
            throw new OutputPathError(`${target.label} ${target.shown} cannot be written: ${external_node_path_default().basename(dir)} is not a directory.`);
        }
        if (await external_node_fs_.promises.lstat(dir).then(() => true, () => false)) {
            throw new OutputPathError(`${target.label} ${target.shown} cannot be written: ${external_node_path_default().basename(dir)} is a link that leads nowhere.`);
        }
        const parent = external_node_path_default().dirname(dir);
        if (parent === dir)
            throw new OutputPathError(`${target.label} ${target.shown} cannot be written: no part of its directory exists.`);
        missing.unshift(external_node_path_default().basename(dir));
        dir = parent;
    }
    const realDir = await external_node_fs_.promises.realpath(dir).catch((error) => {
        throw failure(target, error);
    });
    await ensureInside(target, external_node_path_default().join(realDir, ...missing, name));
    return { realDir, missing, name };
}
async function ensureInside(target, real) {
    const realRoot = await external_node_fs_.promises.realpath(target.root).catch(() => external_node_path_default().resolve(target.root));
    const place = placeOf(realRoot, real);
    if (!place.ok) {
        throw new OutputPathError(`${target.label} ${target.shown} resolves ${describePlace(place.reason)} (links followed); refusing to write there. Choose a path inside the repository, outside .git.`);
    }
}
/** Nothing there, or a file where a directory should be (reported by the directory walk). */
function isAbsent(error) {
    const code = error.code;
    return code === 'ENOENT' || code === 'ENOTDIR';
}
function failure(target, error) {
    const code = error.code;
    const why = code === 'EACCES' || code === 'EPERM' ? 'permission denied' : code ?? 'unknown error';
    return new OutputPathError(`Cannot write ${target.label} ${target.shown}: ${why}.`);
}
/** An output path as a user set it: `value` relative to `base`, confined to `root`. */
function outputTarget(root, base, label, value) {
    const shown = JSON.stringify(value.length > 200 ? `${value.slice(0, 200)}…` : value);
    return { root, file: external_node_path_default().resolve(base, value), label, shown };
}

;// CONCATENATED MODULE: ./src/gate/lock/lock.ts
/**
 * `oidc-gate lock`: fetch the keys every provider and profile of the config files serves now, and
 * write them (kid and thumbprint) to the lock file the audit compares with. Config problems and keys
 * that cannot be fetched write nothing: a lock missing an entry would leave that entry unchecked
 * without anyone noticing.
 */











const lock_CONCURRENCY = 8;
async function writeLock(options) {
    const problems = [];
    const { files, missing } = await findConfigFiles(options.root, options.patterns, options.boundary);
    for (const m of missing)
        problems.push(configFinding(GATE_CODES.CONFIG_NOT_FOUND, `Config path ${m} does not exist.`, undefined, undefined, { kind: 'config' }));
    if (files.length === 0 && missing.length === 0) {
        problems.push(configFinding(GATE_CODES.CONFIG_NOT_FOUND, `No config file matched ${options.patterns.join(', ')}.`, undefined, undefined, { kind: 'config' }));
    }
    const configs = await Promise.all(files.map((f) => loadConfigFile(f, { root: options.root, boundary: options.boundary })));
    for (const c of configs)
        problems.push(...c.findings.filter((f) => f.config === true));
    let outboundAllow = [];
    try {
        outboundAllow = (0,src_engine/* parseOutboundAllow */.Db)(options.env.OUTBOUND_ALLOW);
    }
    catch (err) {
        if (!(err instanceof src_engine/* OutboundAllowError */.gn))
            throw err;
        problems.push(configFinding(GATE_CODES.CONFIG_INVALID, `OUTBOUND_ALLOW is invalid: ${err.message}`, undefined, undefined, { kind: 'config' }));
    }
    if (problems.length > 0)
        return { ok: false, problems, failures: [] };
    const engine = (0,src_engine/* createEngine */.P)({ network: { online: true, outboundAllow }, verifyCacheSize: 0 });
    const sources = lockSources(configs, options.boundary);
    if (options.offline === true)
        return { ok: true, offline: true, planned: sources.map(lock_placeOf) };
    const failures = [];
    const entries = [];
    const served = await pool(sources.map((s) => () => servedKeys(s, engine)), lock_CONCURRENCY);
    sources.forEach((source, i) => {
        const keys = served[i];
        if (keys === undefined)
            return;
        if (!keys.ok) {
            const at = lock_placeOf(source);
            failures.push(`${at.file}:${at.line}:${at.column}: ${source.kind} "${source.name}": ${keys.why}.`);
            return;
        }
        entries.push({ kind: source.kind, file: source.lockFile, name: source.name, jwks_uri: keys.jwksUri, keys: keys.keys });
    });
    if (failures.length > 0)
        return { ok: false, problems: [], failures };
    await writeInsideRoot(options.target, serializeLock(entries));
    return { ok: true, entries };
}
/** Where a source's keys are named in its config file: its jwks_uri line (or discovery). */
function lock_placeOf(source) {
    const at = source.yaml !== undefined ? positionOf(source.yaml, source.at) : { line: 1, column: 1 };
    const from = 'jwksUri' in source.fetch ? (0,src_engine/* redactUri */.sU)(source.fetch.jwksUri) : `the discovery document of ${(0,src_engine/* redactUri */.sU)(source.fetch.issuer)}`;
    return { kind: source.kind, name: source.name, file: source.file, line: at.line, column: at.column, from };
}

;// CONCATENATED MODULE: ./src/gate/outputs/formats.ts


function sarifOf(run) {
    return buildSarif(run.findings, run.suppressed, run.report.summary.baseline !== undefined, run.fingerprints);
}
/** The report: byte for byte what `oidc-gate check --format json` prints; each response is the service's. */
const REPORT_FORMAT = {
    name: 'report',
    printAs: 'json',
    extension: '.json',
    description: 'the JSON report',
    actionDefault: 'oidc-gate-report.json',
    render: (run) => serializeReport(run.report),
};
const SARIF_FORMAT = {
    name: 'sarif',
    extension: '.sarif',
    description: 'SARIF 2.1.0 for code scanning',
    render: (run) => `${JSON.stringify(sarifOf(run), null, 2)}\n`,
};
const OUTPUT_FORMATS = [REPORT_FORMAT, SARIF_FORMAT];
/** The value `check --format` prints it for. */
function printName(format) {
    return format.printAs ?? format.name;
}
const NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
/**
 * A formats table a face may read: names that make an option and an input, none twice, and one
 * `--format` value each. A mistake here is the program's, so it throws a plain Error.
 */
function checkFormatTable(formats) {
    const seen = new Set();
    for (const format of formats) {
        for (const name of new Set([format.name, printName(format)])) {
            if (!NAME.test(name))
                throw new Error(`output format name "${name}" must be lowercase words joined by dashes`);
            if (seen.has(name))
                throw new Error(`output format name "${name}" is used twice`);
            seen.add(name);
        }
        if (!/^\.[a-z0-9]+$/.test(format.extension))
            throw new Error(`output format ${format.name}: extension "${format.extension}" must be a dot and lowercase letters or digits`);
    }
    return formats;
}

;// CONCATENATED MODULE: ./src/gate/outputs/outputs.ts



/** Refuse a bad path before any work (see write.ts), in the order given. */
async function checkOutputs(outputs) {
    for (const output of outputs)
        await checkOutputPath(output.target);
}
/** Each file, rendered from the run, in the order given. */
async function writeOutputs(run, outputs) {
    for (const output of outputs)
        await writeInsideRoot(output.target, output.format.render(run));
}

;// CONCATENATED MODULE: ./src/gate/index.ts






















// EXTERNAL MODULE: ./src/cli/errors.ts
var cli_errors = __webpack_require__(6675);
;// CONCATENATED MODULE: ./src/cli/init/init-command.ts
/** `oidc-gate init` on the command line: its help and options, and the command its options make. */


const INIT = {
    name: 'init',
    args: '(--issuer URL | --discovery FILE) [options]',
    summary: 'write a starter config from a provider\'s discovery document',
    about: [
        'Writes a starter config file: one provider and one issuer profile built from the provider\'s',
        'discovery document (issuer, jwks_uri, signing algorithms), and one sample token entry, commented',
        'out, to fill in with a token file. --issuer fetches the document as the service does (https only;',
        'private and loopback addresses only when OUTBOUND_ALLOW names them); --discovery reads it from a',
        'file, or - for stdin, and fetches nothing. Nothing is written when the document fails the',
        'discovery checks, or over an existing file without --force. Algorithms the lint refuses (HS256,',
        'lower-case names, ...) are left out and named in a comment when they are names oidc-gate knows;',
        'any other name is printed here and never written: no text of the document goes into a comment,',
        'and its values are written as quoted data.',
    ],
    options: [
        { name: 'issuer', value: 'URL', help: ['fetch the discovery document of this issuer'] },
        { name: 'discovery', value: 'FILE', help: ['read the discovery document from FILE (- for stdin); nothing is fetched'] },
        { name: 'output', value: 'FILE', help: [`where to write the config (default ${DEFAULT_INIT_OUTPUT} in the repository)`] },
        { name: 'force', help: ['replace the output file when it exists'] },
    ],
    positionals: 0,
    noArguments: 'takes no arguments: name the provider with --issuer URL or --discovery FILE.',
    examples: [
        'oidc-gate init --issuer https://accounts.google.com',
        'curl -s https://gitlab.com/.well-known/openid-configuration | oidc-gate init --discovery - --output .github/oidc-gate/gitlab.yml',
    ],
    exit: 'Exit status: 0 written, 1 the discovery document fails its checks (nothing written), 2 usage error.',
};
function initArgs(values) {
    const { issuer, discovery } = values;
    if ((issuer === undefined) === (discovery === undefined)) {
        throw new cli_errors/* UsageError */.eb(issuer === undefined
            ? 'needs the provider: --issuer URL (fetch its discovery document) or --discovery FILE (read it offline).'
            : 'takes --issuer or --discovery, not both.', { command: 'init' });
    }
    return {
        name: 'init',
        source: issuer !== undefined ? { issuer } : { file: discovery },
        ...(values.output !== undefined ? { output: values.output } : {}),
        force: values.force !== undefined,
    };
}

// EXTERNAL MODULE: ./src/cli/single/operations.ts
var operations = __webpack_require__(3817);
;// CONCATENATED MODULE: ./src/cli/commands.ts
/**
 * Every subcommand and its options, in one table: the parser reads it, and the overview and each
 * command's --help are printed from it, so what help promises is what the parser takes.
 */




const offline = { name: 'offline', help: ['skip network checks (JWKS, discovery): they report CHECK_SKIPPED'] };
/**
 * `check`, with its --format choices and one --<name> FILE option per output format, from the formats
 * table (src/gate/outputs/formats.ts): text is the CLI's own, for people.
 */
function checkCommand(formats) {
    const printed = ['text', ...checkFormatTable(formats).map(printName)];
    const options = [
        {
            name: 'format', value: printed.join('|'), choices: printed,
            help: ['what to print (default text):', 'text: findings by file, in colour on a terminal', ...formats.map((f) => `${printName(f)}: ${f.description}`)],
        },
        { name: 'fail-on', value: 'error|warning|never', choices: ['error', 'warning', 'never'], help: ['which findings fail the check (default error)'] },
        offline,
        { name: 'issuer-profiles', value: 'FILE', help: ['issuer profiles (JSON or YAML list) for issuer_profile_id samples'] },
        ...formats.map((f) => ({ name: f.name, value: 'FILE', help: [`also write ${f.description} to FILE (${f.extension})`] })),
        { name: 'baseline', value: 'FILE', help: ['suppress the findings this baseline records (oidc-gate baseline writes it),', 'so only new ones fail'] },
        { name: 'lock', value: 'FILE', help: ['compare the served keys with this lock file (oidc-gate lock writes it):', 'JWKS_KEYS_CHANGED where they differ, LOCK_ENTRY_UNMATCHED and', 'LOCK_ENTRY_MISSING where its entries and the config\'s do not match'] },
    ];
    const names = options.map((o) => o.name);
    const twice = names.find((name, i) => names.indexOf(name) !== i);
    if (twice !== undefined)
        throw new Error(`check has the option --${twice} twice: an output format may not take another option's name`);
    return { ...CHECK, options };
}
const CHECK = {
    name: 'check',
    args: '[paths...] [options]',
    summary: 'check config files (the same checks and report as the action)',
    about: [
        'Checks config files as the GitHub Action does, with the same findings and report: each provider is',
        'linted, each issuer profile loaded and each sample token validated against its expect:.',
        'paths are files, directories (every .yml/.yaml below) or globs (* ? [abc] {a,b} **), relative to',
        'the working directory; default .github/oidc-gate/**/*.yml and .yaml. Nothing outside the git',
        'repository the working directory is in (or inside its .git) is read or written.',
    ],
    positionals: Number.POSITIVE_INFINITY,
    examples: [
        'oidc-gate check',
        'oidc-gate check --offline examples/broken',
        "oidc-gate check 'config/**/*.yml' --format sarif --sarif oidc-gate.sarif",
    ],
    exit: 'Exit status: 0 passed, 1 the gate failed, 2 usage or configuration error.',
};
/** Text from the operations table, broken into lines of at most 100 characters. */
function wrap(text) {
    const lines = [];
    let line = '';
    for (const word of text.split(' ')) {
        if (line !== '' && line.length + 1 + word.length > 100) {
            lines.push(line);
            line = word;
        }
        else {
            line = line === '' ? word : `${line} ${word}`;
        }
    }
    return [...lines, line];
}
function lowerFirst(s) {
    return s.charAt(0).toLowerCase() + s.slice(1);
}
/** One subcommand per engine operation: it reads one request body and prints the engine's answer. */
function operationCommand(operation) {
    const raw = (0,operations/* takesRawToken */.Gk)(operation);
    const input = raw ? '[TOKEN|FILE|-]' : '[FILE|-]';
    const about = [
        ...wrap(`${operation.summary}: ${lowerFirst(operation.description)}`),
        `Reads the ${operation.path} request body (JSON) from FILE, or from stdin when FILE is - or absent,`,
        'and prints the answer: readable text on a terminal, otherwise the JSON the service would send.',
    ];
    if (raw) {
        about.push('', 'The input may also be a raw token (a compact JWS): it is judged by the issuer profile --profile', 'names, from the profiles: of the config file --config names (read as check reads it) or from', 'ISSUER_PROFILES_JSON or ISSUER_PROFILES_FILE. Pipe a token in on stdin rather than passing it as', 'an argument: other users of the machine see arguments, and shells keep them in their history.', 'The token itself is never printed; the text shows its claims.');
    }
    const options = [];
    if (raw) {
        options.push({ name: 'profile', value: 'ID', help: ['the issuer profile a raw token is judged by'] }, { name: 'config', value: 'FILE', help: ['a config file whose profiles: --profile (or issuer_profile_id) may name'] });
    }
    if ((0,operations/* takesToken */.q6)(operation)) {
        options.push({ name: 'at', value: 'INSTANT', help: ["judge the token's time claims at this RFC 3339 date-time", '(with Z or an offset, such as 2026-01-01T00:00:00Z) instead of now'] });
    }
    options.push(offline, { name: 'format', value: 'text|json', choices: ['text', 'json'], help: ['what to print (default text on a terminal, json otherwise)'] });
    const examples = raw
        ? [
            `oidc-gate ${operation.name} --config .github/oidc-gate/profiles.yml --profile okta-prod < token.jwt`,
            `printf '%s' "$TOKEN" | oidc-gate ${operation.name} --profile okta-prod   # ISSUER_PROFILES_FILE set`,
            `oidc-gate ${operation.name} request.json --format json`,
        ]
        : [`oidc-gate ${operation.name} request.json`, `oidc-gate ${operation.name} --offline - < request.json`];
    return {
        name: operation.name,
        args: `${input} [options]`,
        summary: lowerFirst(operation.summary),
        about,
        options,
        positionals: 1,
        positionalName: raw ? 'token, request file or -' : 'request file or -',
        examples,
        exit: `Exit status: 0 valid, 1 invalid, 2 usage error or a refused request (${operation.malformedToken === true ? 'HTTP 400 or 422' : 'HTTP 422'} from the service).`,
    };
}
const LOCK = {
    name: 'lock',
    args: '[paths...] [options]',
    summary: 'pin the keys each provider and profile serves now (a lock file for check --lock)',
    about: [
        'Fetches the JWK Set of every provider (jwks_uri) and every issuer profile with jwks_uri or',
        'discovery: true in the config files, and writes the kid and RFC 7638 thumbprint of each key it',
        'serves now to the lock file (sorted JSON, nothing else about a key). check --lock FILE and the',
        "action's lock input then report JWKS_KEYS_CHANGED when the served keys differ. Run it again after",
        'renaming, adding or removing a provider or profile: they report a lock entry that names none',
        '(LOCK_ENTRY_UNMATCHED, an error) and one that has no entry (LOCK_ENTRY_MISSING). paths are read as',
        'check reads them. Nothing is written when a config file has errors or a key set cannot be fetched',
        '(each named at the line of its jwks_uri). Keys cannot be pinned without fetching them: --offline',
        'fetches and writes nothing, checks the config files and lists what lock would pin, each at its line.',
    ],
    options: [
        { name: 'output', value: 'FILE', help: [`where to write the lock file (default ${DEFAULT_LOCK_PATH})`] },
        { name: 'offline', help: ['fetch and write nothing: check the config files and list the providers and', 'profiles whose keys lock would pin (check --lock FILE --offline compares a lock file)'] },
    ],
    positionals: Number.POSITIVE_INFINITY,
    examples: ['oidc-gate lock', 'oidc-gate lock .github/oidc-gate/okta.yml --output okta.lock.json', 'oidc-gate lock --offline'],
    exit: 'Exit status: 0 written (or, with --offline, the config files are fine), 1 a key set could not be fetched, 2 usage or configuration error.',
};
const BASELINE = {
    name: 'baseline',
    args: '[paths...] [options]',
    summary: 'record today\'s findings, so that check --baseline fails on new ones only',
    about: [
        'Checks config files as check does, then writes the fingerprints of the findings it reports (the',
        'SARIF partialFingerprints: code, file, entry, field and the value there) with their code, file,',
        'entry and field to the baseline file: sorted JSON, one finding per line. check --baseline FILE and',
        "the action's baseline input then suppress exactly those findings (kind baseline): a changed value",
        'is new and fails. Inline and config suppressions still apply; configuration errors are never',
        'recorded, and nothing is written while a config file has one. Files are named from the repository',
        'root, so the baseline matches wherever in the repository check runs; use the same network setting.',
    ],
    options: [
        { name: 'output', value: 'FILE', help: [`where to write the baseline (default ${DEFAULT_BASELINE_FILE})`] },
        offline,
        { name: 'issuer-profiles', value: 'FILE', help: ['issuer profiles (JSON or YAML list) for issuer_profile_id samples'] },
    ],
    positionals: Number.POSITIVE_INFINITY,
    examples: ['oidc-gate baseline', 'oidc-gate baseline --offline examples/broken --output broken-baseline.json'],
    exit: 'Exit status: 0 written, 2 usage or configuration error (nothing written).',
};
const SERVE = {
    name: 'serve',
    args: '',
    summary: 'start the HTTP service (settings from the environment)',
    about: [
        'Starts the HTTP service. It reads its settings from the environment: PORT, HOST, API_KEYS or',
        'API_KEYS_FILE, ISSUER_PROFILES_JSON or ISSUER_PROFILES_FILE, OUTBOUND_ALLOW, AUDIT_LOG, LOG_LEVEL,',
        'WORKERS, MAX_CONNECTIONS. With no API key set it makes one and prints it once to stderr.',
    ],
    options: [],
    positionals: 0,
    noArguments: 'takes no arguments: it reads its settings from the environment (PORT, HOST, API_KEYS, ...).',
    examples: ['PORT=8080 API_KEYS_FILE=keys.txt oidc-gate serve'],
};
const VERSION = {
    name: 'version',
    args: '',
    summary: 'print the version (also --version or -V)',
    about: ['Prints the version of oidc-gate.'],
    options: [],
    positionals: 0,
};
const HELP = {
    name: 'help',
    args: '[command]',
    summary: 'show the help of a command',
    about: ['Shows the overview, or the help of one command (the same as oidc-gate <command> --help).'],
    options: [],
    positionals: 1,
    positionalName: 'command',
};
/** Every command, check's output options from `formats` (a test passes its own table). */
function commandTable(formats = OUTPUT_FORMATS) {
    return [checkCommand(formats), BASELINE, INIT, LOCK, ...src_engine/* OPERATIONS */.xb.map(operationCommand), SERVE, VERSION, HELP];
}
const COMMANDS = commandTable();
function getCommand(name, commands = COMMANDS) {
    return commands.find((c) => c.name === name);
}

// EXTERNAL MODULE: ./src/cli/single/token-shape.ts
var token_shape = __webpack_require__(3102);
// EXTERNAL MODULE: ./src/cli/usage-error.ts
var usage_error = __webpack_require__(4226);
;// CONCATENATED MODULE: ./src/cli/args.ts
/**
 * Command-line parsing, from the command table: each mistake is one UsageError whose message names
 * what was wrong in the user's words (never a parser's own message, and never an option's value).
 */







const HELP_FLAGS = new Set(['--help', '-h']);
const VERSION_FLAGS = new Set(['--version', '-V', '-v']);
/** `formats`: the output formats check writes and prints (a test passes its own table). */
function parseCommand(argv, formats = OUTPUT_FORMATS) {
    const commands = commandTable(formats);
    const [first, ...rest] = argv;
    if (first === undefined || HELP_FLAGS.has(first))
        return { name: 'help' };
    if (VERSION_FLAGS.has(first))
        return { name: 'version' };
    if (first.startsWith('-'))
        throw misplacedOption(first, commands);
    const spec = getCommand(first, commands);
    if (spec === undefined)
        throw unknownCommand(first, commands);
    const optionArgs = rest.indexOf('--') === -1 ? rest : rest.slice(0, rest.indexOf('--'));
    if (optionArgs.some((a) => HELP_FLAGS.has(a)))
        return { name: 'help', topic: spec.name };
    const { values, positionals } = parseOptions(spec, rest);
    if (positionals.length > spec.positionals) {
        throw new cli_errors/* UsageError */.eb(spec.positionals === 0
            ? spec.noArguments ?? 'takes no arguments.'
            : `takes one ${spec.positionalName ?? 'argument'}, not ${positionals.length}.`, { command: spec.name });
    }
    switch (spec.name) {
        case 'help': {
            const topic = positionals[0];
            if (topic === undefined)
                return { name: 'help' };
            if (getCommand(topic, commands) === undefined)
                throw unknownCommand(topic, commands);
            return { name: 'help', topic };
        }
        case 'version':
            return { name: 'version' };
        case 'serve':
            return { name: 'serve' };
        case 'check': {
            // A token given to check would be echoed back as a path that does not exist.
            if (positionals.some(token_shape/* mayHoldToken */.u)) {
                throw new cli_errors/* UsageError */.eb('takes config paths, and one argument looks like a token: validate one with oidc-gate validate --profile ID.', { command: 'check' });
            }
            const command = {
                name: 'check',
                paths: positionals,
                format: values.format ?? 'text',
                failOn: (values['fail-on'] ?? 'error'),
                offline: values.offline !== undefined,
                outputs: Object.fromEntries(formats.filter((f) => values[f.name] !== undefined).map((f) => [f.name, values[f.name]])),
            };
            if (values['issuer-profiles'] !== undefined)
                command.issuerProfiles = values['issuer-profiles'];
            if (values.lock !== undefined)
                command.lock = values.lock;
            if (values.baseline !== undefined)
                command.baseline = values.baseline;
            return command;
        }
        case 'baseline': {
            if (positionals.some(token_shape/* mayHoldToken */.u)) {
                throw new cli_errors/* UsageError */.eb('takes config paths, and one argument looks like a token.', { command: 'baseline' });
            }
            return {
                name: 'baseline',
                paths: positionals,
                offline: values.offline !== undefined,
                ...(values.output !== undefined ? { output: values.output } : {}),
                ...(values['issuer-profiles'] !== undefined ? { issuerProfiles: values['issuer-profiles'] } : {}),
            };
        }
        case 'init':
            return initArgs(values);
        case 'lock': {
            if (positionals.some(token_shape/* mayHoldToken */.u)) {
                throw new cli_errors/* UsageError */.eb('takes config paths, and one argument looks like a token.', { command: 'lock' });
            }
            return { name: 'lock', paths: positionals, offline: values.offline !== undefined, ...(values.output !== undefined ? { output: values.output } : {}) };
        }
        default: {
            const operation = (0,src_engine/* getOperation */.eu)(spec.name);
            if (operation === undefined)
                throw unknownCommand(spec.name, commands);
            const command = { name: operation.name, offline: values.offline !== undefined };
            if (positionals[0] !== undefined)
                command.input = positionals[0];
            if (values.at !== undefined)
                command.at = atInstant(values.at, spec.name);
            if (values.format !== undefined)
                command.format = values.format;
            if (values.profile !== undefined)
                command.profile = values.profile;
            if (values.config !== undefined)
                command.config = values.config;
            return command;
        }
    }
}
/**
 * Options as the command table declares them: `--name value` or `--name=value` for a value, `--name`
 * for a flag; `--` ends the options, and `-` alone is an argument (stdin).
 */
function parseOptions(spec, args) {
    const values = {};
    const positionals = [];
    for (let i = 0; i < args.length; i++) {
        const arg = args[i];
        if (arg === '--') {
            positionals.push(...args.slice(i + 1));
            break;
        }
        if (arg === '-' || !arg.startsWith('-')) {
            positionals.push(arg);
            continue;
        }
        const eq = arg.indexOf('=');
        const name = eq === -1 ? arg : arg.slice(0, eq);
        const option = arg.startsWith('--') ? spec.options.find((o) => o.name === name.slice(2)) : undefined;
        if (option === undefined)
            throw unknownOption(spec, name);
        if (option.value === undefined) {
            if (eq !== -1)
                throw new cli_errors/* UsageError */.eb(`--${option.name} takes no value.`, { command: spec.name });
            values[option.name] = 'true';
            continue;
        }
        // Two values for one setting: which was meant cannot be told.
        if (values[option.name] !== undefined)
            throw new cli_errors/* UsageError */.eb(`--${option.name} is given twice.`, { command: spec.name });
        let value;
        if (eq !== -1) {
            value = arg.slice(eq + 1);
        }
        else {
            const next = args[i + 1];
            // `--format --offline` is a forgotten value, not a format named "--offline".
            if (next !== undefined && !(next.startsWith('-') && next !== '-')) {
                value = next;
                i++;
            }
        }
        if (value === undefined || value === '')
            throw new cli_errors/* UsageError */.eb(`--${option.name} needs a value: --${option.name} ${option.value}.`, { command: spec.name });
        if (option.choices !== undefined && !option.choices.includes(value)) {
            throw new cli_errors/* UsageError */.eb(`--${option.name} must be one of ${option.choices.join(', ')}, not "${(0,usage_error/* shown */.S)(value)}".`, { command: spec.name });
        }
        values[option.name] = value;
    }
    return { values, positionals };
}
function unknownOption(spec, name) {
    const near = nearest(name.replace(/^-+/, ''), spec.options.map((o) => o.name), { prefixes: true });
    const hint = near !== undefined ? ` (did you mean --${near}?)` : '';
    return new cli_errors/* UsageError */.eb(`unknown option ${(0,usage_error/* shown */.S)(name)}${hint}.`, { command: spec.name });
}
function unknownCommand(name, commands) {
    if ((0,token_shape/* mayHoldToken */.u)(name)) {
        return new cli_errors/* UsageError */.eb('the first argument looks like a token, not a command: validate one with oidc-gate validate --profile ID (better on stdin, so the token stays out of the process list).', { showHelp: false });
    }
    const near = nearest(name, commands.map((c) => c.name), { prefixes: true });
    return new cli_errors/* UsageError */.eb(`unknown command "${(0,usage_error/* shown */.S)(name)}"${near !== undefined ? ` (did you mean ${near}?)` : ''}.`);
}
/** An option before any command: say where it goes when a command takes it. */
function misplacedOption(arg, commands) {
    const name = arg.split('=')[0];
    const owners = commands.filter((c) => c.options.some((o) => `--${o.name}` === name)).map((c) => c.name);
    if (owners.length > 0) {
        return new cli_errors/* UsageError */.eb(`${(0,usage_error/* shown */.S)(name)} goes after the command, as in oidc-gate ${owners[0]} ${(0,usage_error/* shown */.S)(name)}.`);
    }
    return new cli_errors/* UsageError */.eb(`unknown option ${(0,usage_error/* shown */.S)(name)}.`);
}
/** `--at`, checked as an RFC 3339 date-time and handed on in the one form Date.parse reads exactly. */
function atInstant(value, command) {
    const parsed = parseInstant(value);
    if (!parsed.ok) {
        throw new cli_errors/* UsageError */.eb(`--at must be ${INSTANT_FORMAT} ("${(0,usage_error/* shown */.S)(value)}" ${parsed.reason}).`, { command, showHelp: false });
    }
    return new Date(parsed.ms).toISOString();
}

;// CONCATENATED MODULE: ./src/cli/single/printable.ts
/**
 * Text from a config file or a server, made safe to print. The CLI also runs in workflow steps, where
 * the runner reads every output line that starts with `::` as a command: a line break in a name must
 * not start a line of the repository's choosing. Control characters would drive a terminal, so each
 * (line breaks and tabs included, and the Unicode line separators) is printed as `?`.
 */
function printable(text) {
    // eslint-disable-next-line no-control-regex
    return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, '?');
}

;// CONCATENATED MODULE: ./src/cli/check/format.ts
/** Human-readable text for `oidc-gate check`: findings grouped by file, one line each, then a verdict. */


const format_wrap = (open, close) => (s) => `\u001b[${open}m${s}\u001b[${close}m`;
const COLOUR = { red: format_wrap(31, 39), yellow: format_wrap(33, 39), green: format_wrap(32, 39), dim: format_wrap(2, 22), bold: format_wrap(1, 22) };
const PLAIN = { red: (s) => s, yellow: (s) => s, green: (s) => s, dim: (s) => s, bold: (s) => s };
/** NO_COLOR (https://no-color.org): any non-empty value turns colour off. */
function pickStyle(isTTY, env) {
    return isTTY && (env.NO_COLOR === undefined || env.NO_COLOR === '') && env.TERM !== 'dumb' ? COLOUR : PLAIN;
}
/** Control characters from a config file must not drive the terminal, nor start a line (printable.ts). */
const clean = printable;
/**
 * The fix line and the page line under a finding, indented to `indent`; none for a code without either.
 * `withFix` false: the page alone (a refused request's detail already says what to change).
 */
function helpLines(f, style, indent, withFix = true) {
    const fix = withFix ? findingFix(f) : undefined;
    const page = findingPage(f.code);
    return [
        ...(fix !== undefined ? [`${indent}${style.dim(`fix: ${clean(fix)}`)}`] : []),
        ...(page !== undefined ? [`${indent}${style.dim(`see: ${page}`)}`] : []),
    ];
}
/** The same help on the line of a one-line problem (`oidc-gate lock: file:1:1: CODE message Fix: … See …`). */
function helpSuffix(f) {
    const fix = findingFix(f);
    const page = findingPage(f.code);
    return `${fix !== undefined ? ` Fix: ${clean(fix)}` : ''}${page !== undefined ? ` See ${page}` : ''}`;
}
function formatText(report, style, offline) {
    const { summary } = report;
    const lines = [];
    const byFile = new Map();
    const general = [];
    const checked = new Set(summary.file_status.map((s) => s.file));
    for (const f of summary.findings) {
        // Problems outside the checked files (no file matched, the issuer-profiles file) come first.
        if (f.file === undefined || !checked.has(f.file))
            general.push(f);
        else
            byFile.set(f.file, [...(byFile.get(f.file) ?? []), f]);
    }
    const samples = new Map();
    for (const r of report.results)
        if (r.kind === 'validate')
            samples.set(r.file, [...(samples.get(r.file) ?? []), r]);
    for (const f of general) {
        const where = f.file !== undefined ? `${clean(f.file)}:${f.line ?? 1}:${f.column ?? 1}  ` : '';
        const level = f.severity === 'error' ? style.red('error') : style.yellow('warning');
        lines.push(`${where}${level}  ${style.bold(f.code)}  ${clean(f.message)}`);
        lines.push(...helpLines(f, style, '  '));
    }
    if (general.length > 0)
        lines.push('');
    for (const status of summary.file_status) {
        const findings = [...(byFile.get(status.file) ?? [])].sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
        const mark = status.errors > 0 ? style.red('✖') : status.warnings > 0 ? style.yellow('!') : style.green('✔');
        const counts = sectionCounts(status).filter((c) => c.count > 0).map((c) => c.text).join(', ');
        lines.push(`${mark} ${style.bold(clean(status.file))}${counts !== '' ? style.dim(`  (${counts})`) : ''}`);
        for (const f of findings) {
            const where = `${f.line ?? 1}:${f.column ?? 1}`.padEnd(7);
            const level = f.severity === 'error' ? style.red('error  ') : style.yellow('warning');
            const who = f.name !== undefined ? style.dim(` [${f.kind === 'validate' ? 'sample' : f.kind === 'lint' || f.kind === 'discover' ? 'provider' : f.kind ?? 'entry'} ${clean(f.name)}]`) : '';
            lines.push(`  ${where} ${level}  ${style.bold(f.code)}  ${clean(f.message)}${who}`);
            lines.push(...helpLines(f, style, `  ${' '.repeat(7)} `));
        }
        for (const r of samples.get(status.file) ?? []) {
            // A sample not checked for its profile's sake has no finding of its own: one line says so, and where to look.
            if (r.not_checked !== undefined && !findings.some((f) => f.kind === 'validate' && f.name === r.name)) {
                lines.push(`  ${style.dim('–')} sample ${clean(r.name)}: not checked: ${clean(r.not_checked)}`);
                continue;
            }
            if (r.passed !== true)
                continue;
            const codes = r.problem !== undefined ? [r.problem.code] : (r.response?.findings ?? []).map((f) => f.code);
            const outcome = r.expect === 'valid' || r.expect === undefined ? 'valid' : `invalid as expected (${codes.join(', ')})`;
            lines.push(`  ${style.green('✔')} sample ${clean(r.name)}: ${outcome}${style.dim(`  at ${r.at ?? ''}`)}`);
        }
        lines.push('');
    }
    // The run's verdict (fail-on and configuration errors decide), not its counts.
    const verdict = summary.failed ? style.red(`✖ ${summary.text}`)
        : summary.errors + summary.warnings > 0 ? style.yellow(`! ${summary.text}`) : style.green(`✔ ${summary.text}`);
    lines.push(verdict);
    // Only when a fetch was skipped: a run whose entries all stopped earlier skipped nothing. The job's
    // ID token (id_token: true) is skipped online too: only the action can request one.
    const skipped = summary.findings.filter((f) => f.code === 'CHECK_SKIPPED');
    if (offline && skipped.some((f) => !isIdTokenSkip(f))) {
        lines.push(style.dim('Offline: JWKS and discovery fetches were skipped (CHECK_SKIPPED). Drop --offline to run them.'));
    }
    if (skipped.some(isIdTokenSkip)) {
        lines.push(style.dim('The job\'s ID token (id_token: true) was not checked (CHECK_SKIPPED): only the GitHub Action can request it, with permissions: id-token: write.'));
    }
    return `${lines.join('\n')}\n`;
}

;// CONCATENATED MODULE: ./src/cli/check/baseline.ts
/**
 * `oidc-gate baseline`: run the gate as `check` does and record the fingerprints of what it reports, so
 * that `check --baseline` and the action's `baseline` input fail on new findings only.
 */



async function baselineCommand(command, io) {
    const boundary = findRepositoryRoot(io.cwd);
    const shown = command.output ?? DEFAULT_BASELINE_FILE;
    const target = outputTarget(boundary, io.cwd, '--output', shown);
    await checkOutputPath(target);
    const gate = await runGate({
        root: io.cwd,
        boundary,
        patterns: command.paths.length > 0 ? command.paths : [...DEFAULT_PATTERNS],
        ...(command.issuerProfiles !== undefined ? { issuerProfilesFile: command.issuerProfiles } : {}),
        network: !command.offline,
        failOn: 'never',
        env: io.env,
    });
    // A file the gate could not read has findings nobody has seen yet: a baseline without them would
    // let them in unseen the day the file is fixed.
    const problems = gate.findings.filter((f) => f.config === true);
    if (problems.length > 0) {
        for (const f of problems) {
            const where = f.file !== undefined ? `${printable(f.file)}:${f.line ?? 1}:${f.column ?? 1}: ` : '';
            io.stderr(`oidc-gate baseline: ${where}${f.code} ${printable(f.message)}${helpSuffix(f)}\n`);
        }
        io.stderr(`oidc-gate baseline: ${shown} was not written: fix the configuration ${problems.length === 1 ? 'error' : 'errors'} first.\n`);
        return 2;
    }
    const { text, count } = renderBaseline(gate.findings, gate.fingerprints);
    await writeInsideRoot(target, text);
    const skipped = gate.findings.filter((f) => !isBaselineCandidate(f)).length;
    const suppressed = gate.suppressed.length;
    const notes = [
        suppressed > 0 ? `${plural(suppressed, 'finding')} already suppressed inline or in config not recorded` : '',
        skipped > 0 ? `${plural(skipped, 'warning')} about suppressions not recorded (they cannot be baselined)` : '',
    ].filter((n) => n !== '');
    io.stdout(`Wrote ${shown}: ${plural(count, 'finding')} recorded${notes.length > 0 ? `; ${notes.join('; ')}` : ''}.\n`);
    return 0;
}

// EXTERNAL MODULE: ./src/cli/single/read-file.ts
var read_file = __webpack_require__(2902);
;// CONCATENATED MODULE: ./src/cli/init/init-discovery.ts
/**
 * The discovery document `oidc-gate init` builds a config from: fetched from `<issuer>` through the
 * engine's discover operation (the guarded fetcher, so what the service refuses to fetch is refused
 * here too), or read from a file and handed to that same operation in place of a fetch, so a file and
 * a URL are checked alike.
 */





/** A discovery document is a few kilobytes; the largest real ones (Entra) are about 2 KB. */
const MAX_DOCUMENT_BYTES = 1024 * 1024;
async function discover(source, io) {
    if ('file' in source) {
        const document = await readDocument(source.file, io);
        const engine = (0,src_engine/* createEngine */.P)({ network: { online: true, fetcher: servedDocument(document) } });
        return judged(engine, document.issuer, source.file === '-' ? 'a discovery document on stdin' : `the discovery document ${external_node_path_default().basename(source.file)}`);
    }
    let engine;
    try {
        engine = (0,src_engine/* createEngine */.P)({ network: { online: true, outboundAllow: io.env.OUTBOUND_ALLOW } });
    }
    catch (err) {
        if (err instanceof src_engine/* OutboundAllowError */.gn)
            throw new cli_errors/* UsageError */.eb(`OUTBOUND_ALLOW is invalid: ${err.message}.`, { command: 'init', showHelp: false });
        throw err;
    }
    return judged(engine, source.issuer, source.issuer);
}
async function judged(engine, issuer, source) {
    const outcome = await engine.run('discover', { issuer });
    if (outcome.problem !== undefined) {
        throw new cli_errors/* UsageError */.eb(`the issuer is refused: ${outcome.problem.detail ?? outcome.problem.title}`, { command: 'init', showHelp: false });
    }
    const response = outcome.response;
    const errors = response.findings.filter((f) => f.severity === 'error');
    if (errors.length > 0)
        throw new cli_errors/* DiscoveryRefused */.zq(errors);
    // The checks pass only with a jwks_uri; this guards the type, not a case a document can reach.
    if (response.jwks_uri === null)
        throw new cli_errors/* DiscoveryRefused */.zq(response.findings);
    const algs = response.metadata.id_token_signing_alg_values_supported;
    return {
        issuer,
        jwksUri: response.jwks_uri,
        algorithms: Array.isArray(algs) ? algs : undefined,
        warnings: response.findings,
        source,
    };
}
/**
 * A fetcher that answers every discovery request with the document from the file: the discover
 * operation then runs its checks on it as on a fetched one, and nothing leaves the machine.
 */
function servedDocument(document) {
    return {
        online: true,
        getJson: async (url, options) => {
            // As the guarded fetcher: plain http only when the request allows it.
            if (url.startsWith('http://') && options?.allowHttp !== true) {
                return { ok: false, url, reason: 'blocked', detail: 'plain http is not fetched' };
            }
            return { ok: true, url, status: 200, headers: { 'content-type': 'application/json' }, json: document };
        },
    };
}
async function readDocument(file, io) {
    const name = file === '-' ? 'stdin' : `"${(0,usage_error/* shown */.S)(file)}"`;
    let text;
    if (file === '-') {
        if (io.stdinIsTTY)
            throw new cli_errors/* UsageError */.eb('--discovery - reads the document from stdin: pipe it in.', { command: 'init' });
        text = await io.readStdin();
    }
    else {
        text = await (0,read_file/* readCappedFile */.y)(external_node_path_default().resolve(io.cwd, file), MAX_DOCUMENT_BYTES, { command: 'init', name: `--discovery ${name}`, holds: 'a discovery document', helpWhenMissing: false });
    }
    if (Buffer.byteLength(text) > MAX_DOCUMENT_BYTES)
        throw refusal(`${name} holds more than 1 MiB; a discovery document is a few kilobytes.`);
    let document;
    try {
        document = JSON.parse(text.replace(/^\uFEFF/, ''));
    }
    catch (err) {
        const where = err instanceof SyntaxError ? init_discovery_jsonErrorPlace(err.message, text) : '';
        throw refusal(`${name} is not JSON${where}: a discovery document is the JSON served at <issuer>/.well-known/openid-configuration.`);
    }
    if (typeof document !== 'object' || document === null || Array.isArray(document)) {
        throw refusal(`${name} is JSON but not an object: a discovery document is a JSON object with issuer and jwks_uri.`);
    }
    const doc = document;
    const missing = ['issuer', 'jwks_uri'].filter((member) => typeof doc[member] !== 'string' || doc[member] === '');
    if (missing.length > 0) {
        const what = missing.map((m) => (doc[m] === undefined ? `${m}` : `${m} (not a non-empty string)`)).join(' and ');
        throw refusal(`${name} lacks ${what}: a discovery document names its issuer and jwks_uri (the URL of its signing keys).`);
    }
    return doc;
}
/** Where JSON.parse stopped, as line:column, when its message says (without quoting the input). */
function init_discovery_jsonErrorPlace(message, text) {
    const match = /position (\d+)/.exec(message);
    if (match === null)
        return '';
    const offset = Number(match[1]);
    const before = text.slice(0, offset).split('\n');
    return ` (at line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1})`;
}
function refusal(message) {
    return new cli_errors/* UsageError */.eb(message, { command: 'init', showHelp: false });
}

;// CONCATENATED MODULE: ./src/cli/init/init.ts
/**
 * `oidc-gate init`: write a starter config from a provider's discovery document (fetched from the
 * issuer, or read from a file offline), inside the repository, never over an existing file unless
 * --force says so.
 */







const EXIT_WRITTEN = 0;
const EXIT_REFUSED = 1;
/** OpenID Connect's default ID token algorithm, used when the document lists none the gate accepts. */
const DEFAULT_ALGORITHM = 'RS256';
async function runInit(command, io) {
    const boundary = findRepositoryRoot(io.cwd);
    const output = command.output ?? external_node_path_default().relative(io.cwd, external_node_path_default().join(boundary, DEFAULT_INIT_OUTPUT));
    const target = outputTarget(boundary, io.cwd, '--output', output);
    // Before any fetch: a file that is there, or a path that leads out of the repository, ends the run.
    await refuseExisting(target, command.force);
    await checkOutputPath(target);
    let discovered;
    try {
        discovered = await discover(command.source, io);
    }
    catch (err) {
        if (!(err instanceof cli_errors/* DiscoveryRefused */.zq))
            throw err;
        io.stderr(findingLines(err.findings));
        io.stderr(`oidc-gate init: nothing written: the discovery document fails the checks oidc-gate check would run on it (above).\n`);
        return EXIT_REFUSED;
    }
    const starter = { ...(await acceptedAlgorithms(discovered)), issuer: discovered.issuer, jwksUri: discovered.jwksUri, source: discovered.source };
    await writeInsideRoot(target, buildStarterConfig(starter));
    if (discovered.warnings.length > 0)
        io.stderr(findingLines(discovered.warnings));
    const unnamed = unnamedLine(starter.dropped);
    if (unnamed !== undefined)
        io.stderr(unnamed);
    const shownPath = external_node_path_default().relative(io.cwd, target.file) || target.file;
    io.stdout([
        `Wrote ${shownPath}: provider, issuer profile and a sample token entry (commented out) for ${init_printable(discovered.issuer)}.`,
        'Next: set client_id, audiences and redirect_uris to your application\'s, add a sample token file, then run',
        `  oidc-gate check ${shownPath.includes(' ') ? JSON.stringify(shownPath) : shownPath}`,
        '',
    ].join('\n'));
    return EXIT_WRITTEN;
}
async function refuseExisting(target, force) {
    if (force)
        return;
    const existing = await external_node_fs_.promises.lstat(target.file).catch(() => undefined);
    if (existing !== undefined) {
        throw new cli_errors/* UsageError */.eb(`${target.shown} already exists; pass --force to replace it, or --output FILE to write elsewhere.`, { command: 'init', showHelp: false });
    }
}
/**
 * The document's signing algorithms less those the provider lint refuses (WEAK_ALGORITHM, UNKNOWN_ALGORITHM):
 * the lint itself decides, offline, so init and check cannot disagree about what is weak.
 */
async function acceptedAlgorithms(discovered) {
    const listed = [...new Set(discovered.algorithms ?? [])];
    if (listed.length === 0)
        return { algorithms: [DEFAULT_ALGORITHM], dropped: [] };
    const engine = (0,src_engine/* createEngine */.P)({ network: { online: false } });
    const outcome = await engine.run('lint', {
        issuer: discovered.issuer, client_id: 'init', audiences: ['init'], jwks_uri: discovered.jwksUri, redirect_uris: [],
        alg_policy: { allowed_algs: listed },
    });
    const refused = new Map();
    for (const f of outcome.response?.findings ?? []) {
        const match = /^\/alg_policy\/allowed_algs\/(\d+)$/.exec(String(f.evidence?.field ?? ''));
        if (match !== null && f.severity === 'error')
            refused.set(Number(match[1]), f.code);
    }
    const algorithms = listed.filter((_, i) => !refused.has(i));
    const dropped = [...refused].sort(([a], [b]) => a - b).map(([i, code]) => ({ alg: listed[i], why: code }));
    return { algorithms: algorithms.length > 0 ? algorithms : [DEFAULT_ALGORITHM], dropped };
}
/** Names shown at most, and characters of each: a document may list thousands. */
const MAX_NAMES_SHOWN = 20;
const MAX_NAME_CHARS = 60;
/**
 * The left-out names the file does not repeat (it writes only names the engine knows, so that nothing
 * from the document reaches a comment), shown here once, quoted, on one line.
 */
function unnamedLine(dropped) {
    const { unnamed } = droppedNote(dropped);
    if (unnamed.length === 0)
        return undefined;
    // JSON-quoted with every character outside printable ASCII escaped: no control, line separator or bidi character reaches the terminal.
    const quoted = (alg) => JSON.stringify(alg.slice(0, MAX_NAME_CHARS)).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    const shown = unnamed.slice(0, MAX_NAMES_SHOWN).map((alg) => `${quoted(alg)}${alg.length > MAX_NAME_CHARS ? '...' : ''}`);
    const more = unnamed.length > MAX_NAMES_SHOWN ? `, and ${unnamed.length - MAX_NAMES_SHOWN} more` : '';
    const what = unnamed.length === 1 ? '1 more algorithm name' : `${unnamed.length} more algorithm names`;
    return `oidc-gate init: left out ${what} of the discovery document, not repeated in the file: ${shown.join(', ')}${more}.\n`;
}
/** Findings as check prints a config problem: one line each, with its fix. */
function findingLines(findings) {
    return findings.map((f) => {
        return `oidc-gate init: ${f.severity} ${f.code} ${init_printable(f.message)}${helpSuffix(f)}\n`;
    }).join('');
}
/** Text that came from the document, unable to drive the terminal. */
function init_printable(text) {
    // eslint-disable-next-line no-control-regex
    return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, '?');
}

;// CONCATENATED MODULE: ./src/cli/check/lock.ts
/** `oidc-gate lock`: write the key lock file, and say what was pinned or why nothing was written. */



async function lockCommand(command, io) {
    const boundary = findRepositoryRoot(io.cwd);
    const target = outputTarget(boundary, io.cwd, '--output', command.output ?? DEFAULT_LOCK_PATH);
    await checkOutputPath(target);
    const outcome = await writeLock({
        root: io.cwd,
        boundary,
        patterns: command.paths.length > 0 ? command.paths : [...DEFAULT_PATTERNS],
        env: io.env,
        target,
        offline: command.offline,
    });
    const shown = command.output ?? DEFAULT_LOCK_PATH;
    if (outcome.ok && outcome.offline === true) {
        // Nothing can be pinned without fetching: say what would be, each at its line, and write nothing.
        const n = outcome.planned.length;
        io.stdout(`Offline: nothing fetched, ${shown} not written. ${n === 1 ? '1 provider or profile has' : `${n} providers and profiles have`} keys oidc-gate lock would pin${n > 0 ? ':' : '.'}\n`);
        for (const p of outcome.planned)
            io.stdout(`  ${printable(p.file)}:${p.line}:${p.column}  ${p.kind} ${printable(p.name)}: ${printable(p.from)}\n`);
        io.stdout('Run oidc-gate lock with network access to write the lock file; check --lock FILE --offline compares a lock file with the config without fetching.\n');
        return 0;
    }
    if (outcome.ok) {
        const keys = outcome.entries.reduce((n, e) => n + e.keys.length, 0);
        const what = outcome.entries.length === 1 ? '1 provider or profile' : `${outcome.entries.length} providers and profiles`;
        io.stdout(`Wrote ${shown}: ${keys} key${keys === 1 ? '' : 's'} of ${what}.\n`);
        return 0;
    }
    for (const f of outcome.problems) {
        const where = f.file !== undefined ? `${printable(f.file)}:${f.line ?? 1}:${f.column ?? 1}: ` : '';
        io.stderr(`oidc-gate lock: ${where}${f.code} ${printable(f.message)}${helpSuffix(f)}\n`);
    }
    for (const line of outcome.failures)
        io.stderr(`oidc-gate lock: ${printable(line)}\n`);
    io.stderr(`oidc-gate lock: ${shown} was not written.\n`);
    return outcome.problems.length > 0 ? 2 : 1;
}

;// CONCATENATED MODULE: ./src/cli/help.ts

/** Where descriptions start, so they line up under one another. */
const COLUMN = 28;
function entry(head, lines) {
    const indent = ' '.repeat(COLUMN);
    const [first = '', ...rest] = lines;
    const top = head.length < COLUMN - 1 ? [`${head.padEnd(COLUMN)}${first}`] : [head, `${indent}${first}`];
    return [...top, ...rest.map((line) => `${indent}${line}`)].join('\n');
}
function optionHead(option) {
    return `  --${option.name}${option.value !== undefined ? ` ${option.value}` : ''}`;
}
function overview() {
    return [
        'oidc-gate: catch broken identity configuration before it ships.',
        '',
        'Usage: oidc-gate <command> [options]',
        '',
        'Commands:',
        ...COMMANDS.map((c) => entry(`  ${c.name}${c.args !== '' ? ` ${c.args.replace(/ ?\[options\]$/, '')}` : ''}`, [c.summary])),
        '',
        'Run oidc-gate <command> --help for the options of one command.',
        'Exit status: 0 passed (or valid), 1 the gate failed (or invalid), 2 usage or configuration error.',
        'Colour only on a terminal; NO_COLOR turns it off.',
        'An unexpected error (a bug in oidc-gate) is one line, exit 2; --debug on any command adds its stack.',
        '',
    ].join('\n');
}
function commandHelp(command) {
    const lines = [
        `Usage: oidc-gate ${command.name}${command.args !== '' ? ` ${command.args}` : ''}`,
        '',
        ...command.about,
        '',
        'Options:',
        ...command.options.map((o) => entry(optionHead(o), o.help)),
        entry('  -h, --help', ['show this help']),
    ];
    if (command.examples !== undefined)
        lines.push('', 'Examples:', ...command.examples.map((e) => `  ${e}`));
    if (command.exit !== undefined)
        lines.push('', command.exit);
    return `${lines.join('\n')}\n`;
}

// EXTERNAL MODULE: ./src/cli/fault.ts
var fault = __webpack_require__(898);
// EXTERNAL MODULE: ./src/cli/single/input.ts
var single_input = __webpack_require__(6867);
;// CONCATENATED MODULE: ./src/cli/single/profiles.ts
/**
 * Issuer profiles for a single request: the service's (ISSUER_PROFILES_JSON or ISSUER_PROFILES_FILE)
 * and, with --config, the profiles: of a config file, read under the rules `check` applies to it
 * (inside the repository, secret_env naming OIDC_GATE_ variables only).
 */




/** Throws IssuerProfileError for an invalid ISSUER_PROFILES_JSON / _FILE, ConfigProblems for the config file. */
async function loadCliProfiles(inputs) {
    const service = (0,src_engine/* loadIssuerProfiles */.Mf)({ env: inputs.env, ...inputs.services });
    const places = [];
    if (inputs.config === undefined) {
        places.push(serviceSource(inputs.env));
        return { registry: service, places, configIds: [] };
    }
    const boundary = findRepositoryRoot(inputs.cwd);
    const config = await loadConfigFile(external_node_path_default().resolve(inputs.cwd, inputs.config), { root: inputs.cwd, boundary });
    const profiles = profilesOf(config).entries;
    const loaded = await loadProfiles({
        root: inputs.cwd,
        boundary,
        sources: [{ file: config.file, yaml: config.yaml, entries: profiles }],
        env: inputs.env,
        services: inputs.services,
        onSecret: undefined,
    });
    // The providers and samples of the file are not this request's business; its profiles and its
    // shape (syntax, unknown top-level keys) are.
    const problems = [...config.findings, ...loaded.findings].filter((f) => f.severity === 'error' && !inOtherSection(f.pointer));
    if (problems.length > 0)
        throw new cli_errors/* ConfigProblems */.$(problems);
    places.push(config.file, serviceSource(inputs.env));
    const fromConfig = loaded.registry;
    return {
        // The config file first: it is the one named on this command line.
        registry: { get: (id) => fromConfig.get(id) ?? service.get(id) },
        places,
        configIds: profiles.map((p) => p.id),
        configFile: config.file,
    };
}
function serviceSource(env) {
    if (env.ISSUER_PROFILES_JSON !== undefined && env.ISSUER_PROFILES_JSON.trim() !== '')
        return 'ISSUER_PROFILES_JSON';
    if (env.ISSUER_PROFILES_FILE !== undefined && env.ISSUER_PROFILES_FILE !== '')
        return 'ISSUER_PROFILES_FILE';
    return 'ISSUER_PROFILES_JSON or ISSUER_PROFILES_FILE (neither is set)';
}
function inOtherSection(pointer) {
    const section = pointer?.split('/')[1];
    return section !== undefined && section !== 'profiles' && SECTION_KEYS.includes(section);
}

// EXTERNAL MODULE: external "node:buffer"
var external_node_buffer_ = __webpack_require__(4573);
;// CONCATENATED MODULE: ./src/cli/single/response-text.ts
/**
 * A single request's answer as a person reads it on a terminal: the verdict, each finding with its
 * fix, the checks, and for a token its header and claims. The token itself is never printed: only
 * its decoded header and claims, which the findings' evidence shows anyway.
 */


/** Control characters from a token or a response must not drive the terminal; long values are clipped. */
function response_text_clean(value, max = 100) {
    // eslint-disable-next-line no-control-regex
    const s = value.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
    return s.length > max ? `${s.slice(0, max)}…` : s;
}
const LABEL = 11;
const row = (style, label, value) => `  ${style.dim(label.padEnd(LABEL))}${value}`;
function formatOutcomeText(outcome, ctx) {
    return `${(outcome.problem !== undefined ? problemLines(outcome.problem, ctx.style) : responseLines(outcome.response, ctx)).join('\n')}\n`;
}
function problemLines(problem, style) {
    const errors = problem.errors ?? [];
    // The detail names the first problem and counts the rest; on a terminal every one gets its line.
    const head = errors.length > 1 ? `${problem.title}: ${errors.length} problems.` : problem.detail;
    const lines = [`${style.red('✖')} ${style.bold(problem.code)}  ${response_text_clean(head, 300)}`];
    if (errors.length > 1)
        for (const e of errors)
            lines.push(`  ${style.dim(e.pointer === '' ? '(body)' : response_text_clean(e.pointer))}  ${response_text_clean(e.message, 300)}`);
    // Its code's page (REQUEST_INVALID, MALFORMED_TOKEN); the detail above says what to change.
    lines.push(...helpLines({ code: problem.code }, style, '  ', false));
    return lines;
}
function response_text_findingLines(finding, style) {
    const level = finding.severity === 'error' ? style.red('error  ') : style.yellow('warning');
    const lines = [`  ${level}  ${style.bold(finding.code)}  ${response_text_clean(finding.message, 500)}`];
    // Its fix (its own, else its code's) and its page, as check prints them.
    lines.push(...helpLines(finding, style, '           '));
    return lines;
}
/** Members every answer has, or that are shown in their own way. */
const SHOWN_ELSEWHERE = new Set(['valid', 'findings', 'summary', 'statuses', 'metadata', 'claim_diff']);
function responseLines(response, ctx) {
    const { style } = ctx;
    const warnings = response.metadata?.warnings ?? [];
    const all = [...response.findings, ...warnings];
    const mark = !response.valid ? style.red('✖') : all.length > 0 ? style.yellow('!') : style.green('✔');
    const lines = [`${mark} ${response_text_clean(response.summary, 300)}`];
    if (all.length > 0)
        lines.push('');
    for (const f of all)
        lines.push(...response_text_findingLines(f, style));
    lines.push('');
    for (const [member, value] of Object.entries(response)) {
        if (!SHOWN_ELSEWHERE.has(member) && typeof value === 'string')
            lines.push(row(style, member, response_text_clean(value)));
    }
    if (response.statuses !== undefined) {
        const checks = Object.entries(response.statuses).map(([name, status]) => `${name} ${status === 'pass' ? style.green('✔') : style.red('✖')}`);
        lines.push(row(style, 'checks', checks.join('  ')));
    }
    const meta = response.metadata;
    if (meta?.key_source !== undefined) {
        const parts = [meta.key_source, meta.kid !== undefined ? `kid ${response_text_clean(meta.kid)}` : '', meta.jwks_cache !== undefined ? `cache ${meta.jwks_cache}` : ''];
        lines.push(row(style, 'key', parts.filter((p) => p !== '').join(', ')));
    }
    if (ctx.token !== undefined)
        lines.push(...tokenLines(ctx.token, ctx));
    if (lines.at(-1) === '')
        lines.pop();
    return lines;
}
/** The claims shown with their values; any other claim is listed by name only. */
const SHOWN_CLAIMS = ['iss', 'sub', 'aud', 'azp', 'scope', 'scp', 'jti', 'iat', 'nbf', 'exp'];
const TIME_CLAIMS = new Set(['iat', 'nbf', 'exp']);
function tokenLines(token, ctx) {
    const [headerPart, payloadPart] = token.split('.');
    const header = decodePart(headerPart);
    const claims = decodePart(payloadPart);
    if (header === undefined || claims === undefined)
        return [];
    const { style } = ctx;
    const lines = [];
    const head = ['alg', 'typ', 'kid'].filter((k) => header[k] !== undefined).map((k) => `${k} ${response_text_describe(header[k])}`);
    lines.push(row(style, 'header', head.join(', ')));
    for (const name of SHOWN_CLAIMS) {
        if (!(name in claims))
            continue;
        const value = claims[name];
        lines.push(row(style, name, TIME_CLAIMS.has(name) && typeof value === 'number' ? describeTime(value, ctx.at) : response_text_describe(value)));
    }
    const others = Object.keys(claims).filter((k) => !SHOWN_CLAIMS.includes(k));
    if (others.length > 0)
        lines.push(row(style, 'other', others.slice(0, 20).map((k) => response_text_clean(k, 40)).join(', ') + (others.length > 20 ? `, and ${others.length - 20} more` : '')));
    lines.push(row(style, 'judged at', new Date(ctx.at).toISOString().replace(/\.\d{3}Z$/, 'Z')));
    return lines;
}
function decodePart(part) {
    if (part === undefined)
        return undefined;
    try {
        const value = JSON.parse(external_node_buffer_.Buffer.from(part, 'base64url').toString('utf8'));
        return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined;
    }
    catch {
        return undefined;
    }
}
function response_text_describe(value) {
    if (typeof value === 'string')
        return response_text_clean(value);
    if (Array.isArray(value))
        return response_text_clean(value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', '));
    return response_text_clean(JSON.stringify(value) ?? String(value));
}
/** A NumericDate as a date, and how far it is from the instant the token was judged at. */
function describeTime(seconds, at) {
    const ms = seconds * 1000;
    if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15)
        return String(seconds);
    const date = new Date(ms).toISOString().replace('.000Z', 'Z');
    const delta = Math.round((ms - at) / 1000);
    const span = duration(Math.abs(delta));
    return `${date} (${delta === 0 ? 'at the judging instant' : delta > 0 ? `in ${span}` : `${span} ago`})`;
}
function duration(s) {
    if (s < 120)
        return `${s} s`;
    if (s < 7200)
        return `${Math.round(s / 60)} min`;
    if (s < 172800)
        return `${Math.round(s / 3600)} h`;
    return `${Math.round(s / 86400)} days`;
}

;// CONCATENATED MODULE: ./src/cli/single/single.ts
/**
 * One request to one engine operation (`validate`, `lint`, `discover`): read it, run it through the
 * engine as the service would, and print the answer, as text on a terminal or as the service's JSON.
 */









const EXIT_VALID = 0;
const EXIT_INVALID = 1;
const single_EXIT_REFUSED = 2;
async function runSingle(command, io) {
    const operation = (0,src_engine/* getOperation */.eu)(command.name);
    if (operation === undefined)
        throw new Error(`no operation named ${command.name}`);
    const input = await (0,single_input/* readRequestInput */.K)(operation, command.input, io);
    const body = requestBody(command, input);
    const engine = (0,src_engine/* createEngine */.P)({ network: command.offline ? { online: false } : { online: true, outboundAllow: io.env.OUTBOUND_ALLOW } });
    let checker = engine;
    if ((0,operations/* readsProfiles */.O_)(operation)) {
        // As the service: profiles from ISSUER_PROFILES_JSON or ISSUER_PROFILES_FILE, when set, and those
        // of the --config file; an invalid one is an error before any request is run.
        const profiles = await loadCliProfiles({ env: io.env, cwd: io.cwd, services: engine.services, ...(command.config !== undefined ? { config: command.config } : {}) });
        if (command.profile !== undefined && profiles.registry.get(command.profile) === undefined) {
            const name = (0,token_shape/* mayHoldToken */.u)(command.profile) ? 'named by --profile' : `"${(0,usage_error/* shown */.S)(command.profile)}"`;
            const where = profiles.configFile !== undefined
                ? `${profiles.configFile} (${profiles.configIds.length > 0 ? `its profiles: ${profiles.configIds.map(usage_error/* shown */.S).join(', ')}` : 'it has no profiles:'}) nor in ${profiles.places.at(-1)}`
                : `${profiles.places.join(', ')}; name a config file with --config FILE`;
            throw new cli_errors/* UsageError */.eb(`there is no issuer profile ${name} in ${where}.`, { command: command.name, showHelp: false });
        }
        checker = engine.withProfiles(profiles.registry);
    }
    const at = command.at !== undefined ? Date.parse(command.at) : Date.now();
    const outcome = await checker.run(command.name, body, { at });
    const format = command.format ?? (io.isTTY ? 'text' : 'json');
    if (format === 'json') {
        io.stdout(`${JSON.stringify(outcome.problem ?? outcome.response)}\n`);
    }
    else {
        const token = outcome.problem === undefined ? tokenOf(body) : undefined;
        io.stdout(formatOutcomeText(outcome, { style: pickStyle(io.isTTY, io.env), at, ...(token !== undefined ? { token } : {}) }));
    }
    return exitCode(outcome);
}
/** A raw token becomes the request the service would get: that token, judged by the profile. */
function requestBody(command, input) {
    if (input.kind === 'body') {
        if (command.profile !== undefined) {
            throw new cli_errors/* UsageError */.eb('--profile goes with a raw token; a request body names its own issuer_profile_id (or policy).', { command: command.name, showHelp: false });
        }
        return input.body;
    }
    if (command.profile === undefined) {
        throw new cli_errors/* UsageError */.eb('a raw token needs --profile ID, the issuer profile to judge it by (from --config FILE, ISSUER_PROFILES_JSON or ISSUER_PROFILES_FILE).', { command: command.name });
    }
    return { token: input.token, issuer_profile_id: command.profile };
}
function tokenOf(body) {
    const token = typeof body === 'object' && body !== null ? body.token : undefined;
    return typeof token === 'string' ? token : undefined;
}
function exitCode(outcome) {
    if (outcome.problem !== undefined)
        return single_EXIT_REFUSED;
    return outcome.response.valid ? EXIT_VALID : EXIT_INVALID;
}

;// CONCATENATED MODULE: ./src/cli/main.ts
/**
 * The CLI: `check` runs the gate like the action does; one subcommand per engine operation
 * (`validate`, `lint`, `discover`) runs one request and prints the engine's answer, as text on a
 * terminal or exactly as the service sends it; `serve` starts the service.
 */













const EXIT_PASS = 0;
const EXIT_FAIL = 1;
const EXIT_USAGE = 2;
/** `formats`: the output formats `check` writes and prints (src/gate/outputs/formats.ts; a test passes its own). */
async function main(argv, io, formats = OUTPUT_FORMATS) {
    let command;
    try {
        command = parseCommand(argv, formats);
    }
    catch (err) {
        if (!(err instanceof cli_errors/* UsageError */.eb))
            throw err;
        io.stderr(`${(0,usage_error/* usageLine */.U)(err)}\n`);
        return EXIT_USAGE;
    }
    try {
        switch (command.name) {
            case 'help': {
                const topic = command.topic !== undefined ? getCommand(command.topic, commandTable(formats)) : undefined;
                io.stdout(topic !== undefined ? commandHelp(topic) : overview());
                return EXIT_PASS;
            }
            case 'version':
                io.stdout(`oidc-gate ${TOOL_VERSION}\n`);
                return EXIT_PASS;
            case 'check':
                return await check(command, io, formats);
            case 'init':
                return await runInit(command, { ...io, stdinIsTTY: io.stdinIsTTY ?? false });
            case 'lock':
                return await lockCommand(command, io);
            case 'baseline':
                return await baselineCommand(command, io);
            case 'serve': {
                if (io.startServer === undefined)
                    throw new Error('serve is not available in this build');
                // The service logs its own JSON "listening" line (with the URL): its stderr carries JSON lines only.
                await io.startServer(io.env);
                return EXIT_PASS;
            }
            default:
                return await runSingle(command, { ...io, stdinIsTTY: io.stdinIsTTY ?? false });
        }
    }
    catch (err) {
        // Config-level failures (unreadable request, bad profiles, server start-up) are exit 2, one line each.
        if (err instanceof cli_errors/* UsageError */.eb)
            io.stderr(`${(0,usage_error/* usageLine */.U)(err)}\n`);
        else if (err instanceof cli_errors/* ConfigProblems */.$)
            io.stderr(configProblemLines(err, command.name));
        else if (err instanceof src_engine/* IssuerProfileError */.HC)
            io.stderr(`oidc-gate ${command.name}: ${err.message}\n`);
        else
            io.stderr((0,fault/* faultText */.I)(err, io.debug === true));
        return EXIT_USAGE;
    }
}
/** Each problem of a --config file at its line, with its fix, as `check` prints them. */
function configProblemLines(err, command) {
    const lines = err.findings.map((f) => {
        const where = f.file !== undefined ? `${f.file}:${f.line ?? 1}:${f.column ?? 1}: ` : '';
        return `oidc-gate ${command}: ${where}${f.code} ${f.message}${helpSuffix(f)}`;
    });
    return `${lines.join('\n')}\n`;
}
async function check(command, io, formats) {
    // Paths on the command line stay relative to the working directory, and findings name files
    // from there; but nothing may be read or written outside the repository it is in, or inside .git.
    const boundary = findRepositoryRoot(io.cwd);
    const outputs = formats.flatMap((format) => {
        const file = command.outputs[format.name];
        return file !== undefined ? [{ format, target: outputTarget(boundary, io.cwd, `--${format.name}`, file) }] : [];
    });
    await checkOutputs(outputs);
    const gate = await runGate({
        root: io.cwd,
        boundary,
        patterns: command.paths.length > 0 ? command.paths : [...DEFAULT_PATTERNS],
        ...(command.issuerProfiles !== undefined ? { issuerProfilesFile: command.issuerProfiles } : {}),
        network: !command.offline,
        failOn: command.failOn,
        env: io.env,
        ...(command.lock !== undefined ? { lockFile: command.lock } : {}),
        ...(command.baseline !== undefined ? { baselineFile: command.baseline } : {}),
    });
    await writeOutputs(gate, outputs);
    // --format text is the CLI's own rendering (colour, --offline's note); any other is a table entry's.
    const printed = formats.find((format) => printName(format) === command.format);
    io.stdout(printed !== undefined ? printed.render(gate) : formatText(gate.report, pickStyle(io.isTTY, io.env), command.offline));
    // A configuration error is exit 2 whatever --fail-on says (the action fails its step for it too);
    // --fail-on governs findings, as the report's verdict applies it.
    if (gate.findings.some((f) => f.config === true))
        return EXIT_USAGE;
    return gate.report.summary.failed ? EXIT_FAIL : EXIT_PASS;
}


/***/ }),

/***/ 6867:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   K: () => (/* binding */ readRequestInput),
/* harmony export */   s: () => (/* binding */ MAX_INPUT_BYTES)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _operations_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(3817);
/* harmony import */ var _token_shape_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(3102);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6675);
/* harmony import */ var _read_file_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2902);
/* harmony import */ var _usage_error_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(4226);
/**
 * What a single-request subcommand reads: the request body (JSON), or for validate also a raw token,
 * from an argument, a file or stdin. No message here ever repeats a token.
 */







/** The most read from stdin or a request file: a request is a few kilobytes (the service takes 64 KiB). */
const MAX_INPUT_BYTES = 1024 * 1024;
async function readRequestInput(operation, input, io) {
    const command = operation.name;
    const raw = (0,_operations_js__WEBPACK_IMPORTED_MODULE_4__/* .takesRawToken */ .Gk)(operation);
    const wanted = raw ? 'a token or a request body' : 'a request body';
    let text;
    let from;
    if (input === undefined || input === '-') {
        if (input === undefined && io.stdinIsTTY) {
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UsageError */ .eb(`needs ${wanted}: pipe it in on stdin, or name a file.`, { command });
        }
        text = await io.readStdin();
        from = 'stdin';
    }
    else {
        const abs = node_path__WEBPACK_IMPORTED_MODULE_1___default().resolve(io.cwd, input);
        if (raw && (0,_token_shape_js__WEBPACK_IMPORTED_MODULE_5__/* .looksLikeToken */ .N)(input) && !(await isFile(abs)))
            return { kind: 'token', token: input.trim() };
        from = describeArgument(input);
        text = await (0,_read_file_js__WEBPACK_IMPORTED_MODULE_3__/* .readCappedFile */ .y)(abs, MAX_INPUT_BYTES, { command, name: from, holds: 'a request', helpWhenMissing: true });
    }
    if (Buffer.byteLength(text) > MAX_INPUT_BYTES)
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UsageError */ .eb(`${from} holds more than 1 MiB; ${wanted} is a few kilobytes.`, { command, showHelp: false });
    const trimmed = text.replace(/^\uFEFF/, '').trim();
    if (trimmed === '')
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UsageError */ .eb(`${from} is empty: expected ${wanted}.`, { command });
    if (raw && !trimmed.startsWith('{'))
        return { kind: 'token', token: trimmed };
    try {
        return { kind: 'body', body: JSON.parse(trimmed) };
    }
    catch {
        // JSON.parse's own message quotes the input, which holds a token or a secret.
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UsageError */ .eb(`${from} is not valid JSON${raw ? ' (nor a token)' : ''}.`, { command, showHelp: false });
    }
}
/** A file argument as messages name it; one that may be a mangled token is not repeated. */
function describeArgument(input) {
    return input.length > 60 || (0,_token_shape_js__WEBPACK_IMPORTED_MODULE_5__/* .mayHoldToken */ .u)(input) ? 'the file named in the argument' : `"${(0,_usage_error_js__WEBPACK_IMPORTED_MODULE_6__/* .shown */ .S)(input)}"`;
}
async function isFile(abs) {
    return (await node_fs__WEBPACK_IMPORTED_MODULE_0__.promises.stat(abs).catch(() => undefined))?.isFile() === true;
}


/***/ }),

/***/ 3817:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Gk: () => (/* binding */ takesRawToken),
/* harmony export */   O_: () => (/* binding */ readsProfiles),
/* harmony export */   q6: () => (/* binding */ takesToken)
/* harmony export */ });
function requestMembers(operation) {
    const properties = operation.request.schema.properties;
    return properties !== undefined ? Object.keys(properties) : [];
}
/** A request that carries a token: the token may be given raw, and `--at` sets the instant its time claims are judged at. */
function takesToken(operation) {
    return requestMembers(operation).includes('token');
}
/** A request that can name an issuer profile reads ISSUER_PROFILES_JSON / _FILE, as the service does, and `--config`. */
function readsProfiles(operation) {
    return requestMembers(operation).includes('issuer_profile_id');
}
/** A raw token is judged by an issuer profile, so it needs both. */
function takesRawToken(operation) {
    return takesToken(operation) && readsProfiles(operation);
}


/***/ }),

/***/ 2902:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   y: () => (/* binding */ readCappedFile)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6675);
/** Reading a file named on the command line: a regular file, capped, never blocking on a FIFO or device. */


/** The whole file, at most maxBytes; every failure is one UsageError that names the file and why. */
async function readCappedFile(abs, maxBytes, wording) {
    const { command, name, holds } = wording;
    let handle;
    try {
        handle = await node_fs__WEBPACK_IMPORTED_MODULE_0__.promises.open(abs, node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_RDONLY | (node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_NONBLOCK ?? 0));
    }
    catch (err) {
        const code = err.code;
        const why = code === 'ENOENT' ? 'no such file' : code === 'EACCES' || code === 'EPERM' ? 'permission denied' : code === 'EISDIR' ? 'it is a directory' : (code ?? 'unreadable');
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UsageError */ .eb(`cannot read ${name}: ${why}.`, { command, showHelp: wording.helpWhenMissing && code === 'ENOENT' });
    }
    try {
        const stat = await handle.stat();
        if (!stat.isFile())
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UsageError */ .eb(`cannot read ${name}: not a regular file.`, { command, showHelp: false });
        if (stat.size > maxBytes)
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UsageError */ .eb(`${name} holds more than 1 MiB; ${holds} is a few kilobytes.`, { command, showHelp: false });
        return (await handle.readFile()).toString('utf8');
    }
    finally {
        await handle.close();
    }
}


/***/ }),

/***/ 3102:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   N: () => (/* binding */ looksLikeToken),
/* harmony export */   u: () => (/* binding */ mayHoldToken)
/* harmony export */ });
/** Telling a token from a file name or a command, so that no message ever repeats one. */
/**
 * A compact JWS: its header is a JSON object, so its base64url starts with "ey" (or "ew" after a line
 * break), and two more parts follow. Padding and + / are let through, so a token spoiled in copying is
 * still taken for a token (and refused as one), never echoed back as a file that does not exist.
 */
const TOKEN_SHAPE = /^e[wy][A-Za-z0-9_+=-]{2,}(?:\.[A-Za-z0-9_+/=-]*){2,}$/;
function looksLikeToken(value) {
    return TOKEN_SHAPE.test(value.trim());
}
/**
 * Text holding what may be (part of) a token: the base64url of `{"`, `{ "` or `{` and a line break,
 * which is how every JWS header starts, and more of it.
 */
const TOKEN_INSIDE = /e(?:y[IJA]|w[ok0])[A-Za-z0-9_-]{8,}/;
/** Text no message may repeat: it may hold a token, however spoiled or wrapped. */
function mayHoldToken(value) {
    return TOKEN_INSIDE.test(value) || looksLikeToken(value);
}


/***/ }),

/***/ 3890:
/***/ ((module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.a(module, async (__webpack_handle_async_dependencies__, __webpack_async_result__) => { try {
__webpack_require__.r(__webpack_exports__);
/* harmony import */ var _fault_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(898);
/* harmony import */ var _single_input_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6867);
/* harmony import */ var _main_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3795);
/**
 * Wires the process to main(): arguments, stdin, stdout, stderr, the environment and the exit code.
 * An error that escapes main() (or is thrown from a callback, where no await can catch it) is a bug:
 * one line and exit 2, never a stack trace and exit 1, which would read as "the gate failed"; with
 * --debug (on any command) its stack follows the line.
 */



/** --debug is the process's, not a command's: it is taken out before the command line is parsed (up to a `--`). */
function takeDebug(argv) {
    const end = argv.indexOf('--') === -1 ? argv.length : argv.indexOf('--');
    const args = [...argv.slice(0, end).filter((a) => a !== '--debug'), ...argv.slice(end)];
    return { args, debug: args.length !== argv.length };
}
const { args, debug } = takeDebug(process.argv.slice(2));
function fault(err) {
    process.stderr.write((0,_fault_js__WEBPACK_IMPORTED_MODULE_2__/* .faultText */ .I)(err, debug, true));
    process.exit(2);
}
process.on('uncaughtException', fault);
process.on('unhandledRejection', fault);
/** Stops reading one byte past the cap: the caller refuses what is larger, without holding all of it. */
async function readStdin() {
    const chunks = [];
    let length = 0;
    for await (const chunk of process.stdin) {
        chunks.push(chunk);
        length += chunk.length;
        if (length > _single_input_js__WEBPACK_IMPORTED_MODULE_0__/* .MAX_INPUT_BYTES */ .s)
            break;
    }
    return Buffer.concat(chunks).toString('utf8');
}
process.exitCode = await (0,_main_js__WEBPACK_IMPORTED_MODULE_1__/* .main */ .i)(args, {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    readStdin,
    isTTY: process.stdout.isTTY === true,
    stdinIsTTY: process.stdin.isTTY === true,
    env: process.env,
    cwd: process.cwd(),
    // Loaded only for `serve`, so `check` does not pay for the server's start-up.
    startServer: async (env) => (await Promise.all(/* import() */[__webpack_require__.e(222), __webpack_require__.e(833)]).then(__webpack_require__.bind(__webpack_require__, 8833))).startServer(env),
    debug,
}).catch((err) => {
    fault(err);
    return 2;
});

__webpack_async_result__();
} catch(e) { __webpack_async_result__(e); } }, 1);

/***/ }),

/***/ 4226:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   S: () => (/* binding */ shown),
/* harmony export */   U: () => (/* binding */ usageLine)
/* harmony export */ });
/* harmony import */ var _single_token_shape_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3102);

/** The one line a usage error prints. */
function usageLine(err) {
    const where = err.command !== undefined ? `oidc-gate ${err.command}` : 'oidc-gate';
    const help = err.showHelp ? ` See ${where} --help.` : '';
    return `${where}: ${err.message}${help}`;
}
/** What the user typed, safe to echo: control characters replaced, long text clipped, and never a token. */
function shown(value) {
    if ((0,_single_token_shape_js__WEBPACK_IMPORTED_MODULE_0__/* .mayHoldToken */ .u)(value))
        return '(a value that looks like a token, not repeated here)';
    // eslint-disable-next-line no-control-regex
    const clean = value.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
    return clean.length > 40 ? `${clean.slice(0, 40)}…` : clean;
}


/***/ }),

/***/ 1182:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  RW: () => (/* reexport */ DEFAULT_VERIFY_CACHE_SIZE),
  HC: () => (/* reexport */ IssuerProfileError),
  hz: () => (/* reexport */ KeyObjectCache),
  C6: () => (/* reexport */ MAX_ARRAY_ITEMS),
  KX: () => (/* reexport */ MAX_JSON_DEPTH),
  xb: () => (/* reexport */ OPERATIONS),
  gn: () => (/* reexport */ OutboundAllowError),
  zm: () => (/* reexport */ PROFILE_KEY_SOURCES),
  Ug: () => (/* reexport */ checkJsonStructure),
  Ly: () => (/* reexport */ compileIssuerProfiles),
  P: () => (/* reexport */ createEngine),
  mC: () => (/* reexport */ customClaimValueSchema),
  mv: () => (/* reexport */ customClaimValueUnrolled),
  LA: () => (/* reexport */ defineFinding),
  RC: () => (/* reexport */ findingCatalogue),
  $f: () => (/* reexport */ findingSchema),
  eu: () => (/* reexport */ getOperation),
  qO: () => (/* reexport */ healthSchema),
  OI: () => (/* reexport */ issuerProfileSchema),
  Mf: () => (/* reexport */ loadIssuerProfiles),
  Db: () => (/* reexport */ parseOutboundAllow),
  CC: () => (/* reexport */ problem),
  zs: () => (/* reexport */ problemSchema),
  sU: () => (/* reexport */ redactUri),
  Wv: () => (/* reexport */ tokenFingerprint),
  Z$: () => (/* reexport */ trustRequestRefusals),
  N2: () => (/* reexport */ verifyPolicySchema),
  S0: () => (/* reexport */ withDiscoveredJwksUri)
});

// UNUSED EXPORTS: scanJsonStructure

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
;// CONCATENATED MODULE: ./src/engine/jws/base64url.ts
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const VALUE = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++)
    VALUE[ALPHABET.charCodeAt(i)] = i;
/**
 * The three segments of a compact JWS, each of the base64url alphabet only (no padding, no whitespace),
 * checked in one native pass; the per-segment length and trailing-bit rules are hasCanonicalEnd.
 */
const COMPACT_JWS_ALPHABET = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*$/;
/**
 * For a segment already known to be of the base64url alphabet: a length that decodes to whole bytes,
 * and zero unused low bits in the last character, so each byte string has exactly one encoding.
 */
function hasCanonicalEnd(s, start, end) {
    const n = end - start;
    if (n % 4 === 1)
        return false;
    if (n === 0 || n % 4 === 0)
        return true;
    const last = VALUE[s.charCodeAt(end - 1)];
    return n % 4 === 2 ? (last & 0x0f) === 0 : (last & 0x03) === 0;
}
/**
 * Strict base64url (RFC 7515 §2): the URL-safe alphabet only, no padding, no whitespace, and the unused
 * low bits of the last character zero, so each byte string has exactly one encoding.
 */
function isStrictBase64url(s) {
    const n = s.length;
    if (n % 4 === 1)
        return false;
    for (let i = 0; i < n; i++) {
        const c = s.charCodeAt(i);
        if (c >= 128 || VALUE[c] === -1)
            return false;
    }
    if (n === 0)
        return true;
    const last = VALUE[s.charCodeAt(n - 1)];
    if (n % 4 === 2)
        return (last & 0x0f) === 0;
    if (n % 4 === 3)
        return (last & 0x03) === 0;
    return true;
}
function decodeStrictBase64url(s) {
    return isStrictBase64url(s) ? Buffer.from(s, 'base64url') : undefined;
}

;// CONCATENATED MODULE: ./src/engine/jws/key-strength.ts
/**
 * The only public keys oidc-gate verifies with. Outside these bounds a key is refused wherever it
 * comes from (inline PEM, certificate, JWKS, issuer profile), and lint reports it:
 * - RSA: a modulus of 2048 to 8192 bits and an odd public exponent with 65537 ≤ e < 2^256
 *   (NIST SP 800-56B rev. 2, §6.2.1). With e = 1 the signature is its own padded digest, so anyone can
 *   forge one; small exponents invite padding attacks; huge moduli or exponents make each verification
 *   tens of times slower, which lets any caller slow the service down.
 * - EC: P-256, P-384 and P-521 only, with the point on the curve.
 * - OKP: Ed25519 and Ed448 (X25519 and X448 are key-agreement keys and never sign).
 */
const RSA_MIN_MODULUS_BITS = 2048;
const RSA_MAX_MODULUS_BITS = 8192;
const RSA_MIN_EXPONENT = 65537n;
const RSA_EXPONENT_LIMIT_BITS = 256;
const RSA_EXPONENT_LIMIT = 1n << BigInt(RSA_EXPONENT_LIMIT_BITS);
/** JOSE curve names (RFC 7518 §6.2.1.1, RFC 8037 §2) of the curves keys may be on. */
const SIGNING_EC_CURVES = ['P-256', 'P-384', 'P-521'];
const SIGNING_OKP_CURVES = ['Ed25519', 'Ed448'];
const BOUNDS = 'oidc-gate verifies only with RSA keys of 2048 to 8192 bits with an odd public exponent from 65537 up to 2^256, EC keys on P-256, P-384 or P-521, and Ed25519 or Ed448 keys';
/** "message (reason)": how a refusal reads where there is no field for the code (a 422, a start-up error). */
function describeWeakness(weakness) {
    return `${weakness.message} (${weakness.reason})`;
}
function bitLength(value) {
    return value <= 0n ? 0 : value.toString(2).length;
}
/** The modulus size bound, on its own: lint reports a small modulus under its own code. */
function rsaModulusWeakness(modulusBits) {
    if (modulusBits < RSA_MIN_MODULUS_BITS) {
        return { reason: 'key_too_small', message: `is an RSA key with a ${modulusBits}-bit modulus, under the ${RSA_MIN_MODULUS_BITS}-bit minimum; ${BOUNDS}` };
    }
    if (modulusBits > RSA_MAX_MODULUS_BITS) {
        return { reason: 'key_too_large', message: `is an RSA key with a ${modulusBits}-bit modulus, over the ${RSA_MAX_MODULUS_BITS}-bit maximum (it would make every verification slow); ${BOUNDS}` };
    }
    return undefined;
}
/** The public exponent bound: odd, 65537 ≤ e < 2^256. */
function rsaExponentWeakness(exponent) {
    if (exponent % 2n === 0n) {
        return { reason: 'even_exponent', message: `is an RSA key with an even public exponent, which no valid RSA key has; ${BOUNDS}` };
    }
    if (exponent < RSA_MIN_EXPONENT) {
        return { reason: 'weak_exponent', message: `is an RSA key with a public exponent below 65537 (with an exponent of 1 anyone can forge a signature); ${BOUNDS}` };
    }
    if (exponent >= RSA_EXPONENT_LIMIT) {
        return { reason: 'exponent_too_large', message: `is an RSA key with a ${bitLength(exponent)}-bit public exponent, not below 2^${RSA_EXPONENT_LIMIT_BITS} (it would make every verification slow); ${BOUNDS}` };
    }
    return undefined;
}
/** Size first, then exponent: the first bound an RSA key breaks. */
function rsaWeakness(modulusBits, exponent) {
    return rsaModulusWeakness(modulusBits) ?? rsaExponentWeakness(exponent);
}
/** A JWK curve name checked against the bounds, before any import (Node cannot import some curves at all). */
function curveWeakness(kty, crv) {
    const allowed = kty === 'EC' ? SIGNING_EC_CURVES : SIGNING_OKP_CURVES;
    if (allowed.includes(crv))
        return undefined;
    const shown = crv.length > 40 ? `${crv.slice(0, 40)}…` : crv;
    return { reason: 'unsupported_curve', message: `is an ${kty} key on the curve "${shown}"; ${BOUNDS}` };
}
function pointNotOnCurve(crv) {
    return { reason: 'point_not_on_curve', message: `is an EC key whose point (x, y) is not on ${crv}; ${BOUNDS}` };
}
/** Node's (OpenSSL's) curve names -> JOSE names. */
const NODE_EC_CURVES = { prime256v1: 'P-256', secp384r1: 'P-384', secp521r1: 'P-521' };
const NODE_OKP_TYPES = { ed25519: 'Ed25519', ed448: 'Ed448', x25519: 'X25519', x448: 'X448' };
function computeWeakness(key) {
    const type = key.asymmetricKeyType;
    const details = key.asymmetricKeyDetails ?? {};
    if (type === 'rsa' || type === 'rsa-pss')
        return rsaWeakness(details.modulusLength ?? 0, details.publicExponent ?? 0n);
    if (type === 'ec')
        return curveWeakness('EC', NODE_EC_CURVES[details.namedCurve ?? ''] ?? details.namedCurve ?? 'unknown');
    if (type !== undefined && NODE_OKP_TYPES[type] !== undefined)
        return curveWeakness('OKP', NODE_OKP_TYPES[type]);
    return { reason: 'unsupported_key_type', message: `is a${type === undefined ? 'n unknown' : ` ${type}`} key; ${BOUNDS}` };
}
/**
 * Weakness verdicts per KeyObject: asymmetricKeyDetails builds a new object (and bigint) on every
 * read, and a key is judged once however many tokens it verifies.
 */
const verdicts = new WeakMap();
/** Why this public key is outside the bounds, or undefined when oidc-gate may verify with it. */
function keyWeakness(key) {
    const cached = verdicts.get(key);
    if (cached !== undefined)
        return cached ?? undefined;
    const verdict = key.type === 'public' ? computeWeakness(key) : { reason: 'unsupported_key_type', message: `is not a public key; ${BOUNDS}` };
    verdicts.set(key, verdict ?? null);
    return verdict;
}

;// CONCATENATED MODULE: ./src/engine/jws/keys.ts



/** Text that is one public key or certificate PEM block and nothing else: public material only. */
const PUBLIC_PEM_ONLY = /^\s*-----BEGIN (PUBLIC KEY|CERTIFICATE)-----[A-Za-z0-9+/=\s]+-----END \1-----\s*$/;
/**
 * Bounded LRU of parsed keys. Keyed by a SHA-256 of the key material, so the map holds no PEM or
 * secret as a key and a PEM sent with every request is parsed once. A PEM that parsed as a public key
 * and holds nothing but its one block is also found by its text, which is public and costs less to
 * look up than a digest costs to compute.
 */
class KeyObjectCache {
    maxEntries;
    #entries = new Map();
    #publicByText = new Map();
    /** The PEM found by its text last, already the most recently used: sent again, it needs no lookup. */
    #lastText;
    #lastParse;
    constructor(maxEntries = 512) {
        this.maxEntries = maxEntries;
    }
    get size() {
        return this.#entries.size;
    }
    publicKey(pem) {
        if (pem === this.#lastText)
            return this.#lastParse;
        const known = this.#publicByText.get(pem);
        if (known !== undefined) {
            // Re-insert, so this map too drops its least recently used key first.
            this.#publicByText.delete(pem);
            this.#publicByText.set(pem, known);
            this.#lastText = pem;
            this.#lastParse = known;
            return known;
        }
        const id = (0,external_node_crypto_.hash)('sha256', `pem\u0000${pem}`, 'base64');
        const hit = this.#entries.get(id);
        const parse = hit !== undefined ? this.#touch(id, hit) : this.#store(id, parsePublicKeyPem(pem));
        if (parse.ok && PUBLIC_PEM_ONLY.test(pem)) {
            this.#publicByText.set(pem, parse);
            if (this.#publicByText.size > this.maxEntries)
                this.#publicByText.delete(this.#publicByText.keys().next().value);
        }
        return parse;
    }
    /**
     * The HMAC key, or undefined when the encoding is wrong or the key is empty. A KeyObject, not a
     * Buffer: createHmac imports a Buffer key on every call, which costs more than the HMAC itself.
     */
    secret(secret, encoding) {
        const id = (0,external_node_crypto_.hash)('sha256', `secret\u0000${encoding}\u0000${secret}`, 'base64');
        const hit = this.#entries.get(id);
        if (hit !== undefined)
            return this.#touch(id, hit);
        const bytes = encoding === 'base64url' ? decodeStrictBase64url(secret) : Buffer.from(secret, 'utf8');
        if (bytes === undefined || bytes.length === 0)
            return undefined;
        return this.#store(id, (0,external_node_crypto_.createSecretKey)(bytes));
    }
    #touch(id, value) {
        // Re-insert so Map iteration order is least-recently-used first.
        this.#entries.delete(id);
        this.#entries.set(id, value);
        return value;
    }
    #store(id, value) {
        this.#entries.set(id, value);
        if (this.#entries.size > this.maxEntries) {
            const oldest = this.#entries.keys().next().value;
            this.#entries.delete(oldest);
        }
        return value;
    }
}
const PEM_LABELS = /-----BEGIN ([^-\r\n]*)-----/g;
const PRIVATE_PEM_LABEL = /-----BEGIN [^-\r\n]*PRIVATE[^-\r\n]*-----/;
/** Whether text holds a PEM block of private key material (PRIVATE KEY, RSA PRIVATE KEY, ENCRYPTED PRIVATE KEY…). */
function containsPrivateKeyPem(text) {
    return PRIVATE_PEM_LABEL.test(text);
}
/**
 * SPKI PEM or X.509 certificate PEM -> public KeyObject. Reasons never quote the key.
 * Every BEGIN line is read, not only the first: createPublicKey accepts a private key and derives
 * its public half, so a private key anywhere in the text must be refused before it gets there.
 */
function parsePublicKeyPem(pem) {
    if (containsPrivateKeyPem(pem)) {
        return { ok: false, reason: 'contains a private key; give the public key (SPKI "PUBLIC KEY" PEM) or a certificate, and keep the private key secret' };
    }
    const labels = [...pem.matchAll(PEM_LABELS)].map((m) => m[1].trim());
    const label = labels[0];
    if (label === undefined)
        return { ok: false, reason: 'is not PEM (no -----BEGIN ...----- line)' };
    if (labels.length > 1)
        return { ok: false, reason: `holds ${labels.length} PEM blocks; give exactly one public key or certificate` };
    if (label !== 'PUBLIC KEY' && label !== 'CERTIFICATE') {
        return { ok: false, reason: `is a "${label}" PEM; expected "PUBLIC KEY" (SPKI) or "CERTIFICATE"` };
    }
    let key;
    try {
        key = (0,external_node_crypto_.createPublicKey)({ key: pem, format: 'pem' });
    }
    catch {
        const offCurve = label === 'PUBLIC KEY' ? offCurveSpkiCurve(pem) : undefined;
        if (offCurve !== undefined) {
            const weakness = pointNotOnCurve(offCurve);
            return { ok: false, reason: describeWeakness(weakness), weakness: weakness.reason };
        }
        return { ok: false, reason: `is not a parseable ${label === 'CERTIFICATE' ? 'X.509 certificate' : 'SPKI public key'} PEM` };
    }
    if (key.type !== 'public')
        return { ok: false, reason: 'is not a public key' };
    const weakness = keyWeakness(key);
    if (weakness !== undefined)
        return { ok: false, reason: describeWeakness(weakness), weakness: weakness.reason };
    return { ok: true, key };
}
/**
 * The DER that opens an SPKI of each allowed curve with an uncompressed point (04 || x || y): the
 * encoding is fixed, so the prefix and total length identify the curve.
 */
const EC_SPKI_PREFIXES = [
    { crv: 'P-256', prefix: Buffer.from('3059301306072a8648ce3d020106082a8648ce3d03010703420004', 'hex'), length: 91 },
    { crv: 'P-384', prefix: Buffer.from('3076301006072a8648ce3d020106052b8104002203620004', 'hex'), length: 120 },
    { crv: 'P-521', prefix: Buffer.from('30819b301006072a8648ce3d020106052b810400230381860004', 'hex'), length: 158 },
];
/**
 * OpenSSL refuses an EC point that is not on its curve when it imports the key, with a generic decode
 * error. When the PEM body is a well-formed SPKI of an allowed curve and its DER is refused on its
 * own too (so the PEM framing was not the problem), the point is the cause, and saying so helps more
 * than "not parseable".
 */
function offCurveSpkiCurve(pem) {
    const body = /-----BEGIN PUBLIC KEY-----([\s\S]*?)-----END PUBLIC KEY-----/.exec(pem)?.[1];
    if (body === undefined)
        return undefined;
    const der = Buffer.from(body.replace(/\s+/g, ''), 'base64');
    const curve = EC_SPKI_PREFIXES.find((c) => der.length === c.length && der.subarray(0, c.prefix.length).equals(c.prefix))?.crv;
    if (curve === undefined)
        return undefined;
    try {
        (0,external_node_crypto_.createPublicKey)({ key: der, format: 'der', type: 'spki' });
        return undefined;
    }
    catch {
        return curve;
    }
}
const EC_CURVE = { ES256: 'prime256v1', ES384: 'secp384r1', ES512: 'secp521r1' };
/** HMAC output length in bytes, which is also the minimum secret length (RFC 7518 §3.2). */
function hmacLength(alg) {
    return alg === 'HS256' ? 32 : alg === 'HS384' ? 48 : 64;
}
/** Verdicts per key and alg: asymmetricKeyDetails builds a new object on every read. */
const mismatchVerdicts = new WeakMap();
/**
 * Why this key cannot serve this alg, or undefined when it can. This is what stops key confusion:
 * a public key is never used as an HMAC secret, and a secret never stands in for a public key.
 * A key outside the key-strength bounds serves no alg, whatever path it came in by.
 */
function keyAlgMismatch(key, alg) {
    if (key.type === 'secret')
        return alg.startsWith('HS') ? undefined : `${alg} needs a public key, but the key is a shared secret`;
    let verdicts = mismatchVerdicts.get(key.key);
    if (verdicts === undefined) {
        verdicts = new Map();
        mismatchVerdicts.set(key.key, verdicts);
    }
    if (verdicts.has(alg))
        return verdicts.get(alg);
    const verdict = publicKeyAlgMismatch(key.key, alg);
    verdicts.set(alg, verdict);
    return verdict;
}
function publicKeyAlgMismatch(k, alg) {
    const family = alg.slice(0, 2);
    if (family === 'HS')
        return `${alg} needs a shared secret, but the key is a public key`;
    const kty = k.asymmetricKeyType;
    const details = k.asymmetricKeyDetails ?? {};
    switch (family) {
        case 'RS':
        case 'PS': {
            const fits = kty === 'rsa' || (family === 'PS' && kty === 'rsa-pss');
            if (!fits)
                return `${alg} needs an RSA key, but the key is ${kty ?? 'unknown'}`;
            return strengthMismatch(k, alg);
        }
        case 'ES': {
            const curve = EC_CURVE[alg];
            if (kty !== 'ec')
                return `${alg} needs an EC key, but the key is ${kty ?? 'unknown'}`;
            if (details.namedCurve !== curve)
                return `${alg} needs an EC key on ${curve}, but the key is on ${details.namedCurve ?? 'an unknown curve'}`;
            return strengthMismatch(k, alg);
        }
        default: {
            const allowed = alg === 'EdDSA' ? ['ed25519', 'ed448'] : [alg.toLowerCase()];
            if (kty === undefined || !allowed.includes(kty))
                return `${alg} needs an ${allowed.join(' or ')} key, but the key is ${kty ?? 'unknown'}`;
            return strengthMismatch(k, alg);
        }
    }
}
function strengthMismatch(k, alg) {
    const weakness = keyWeakness(k);
    return weakness === undefined ? undefined : `${alg} is never verified with this key: it ${describeWeakness(weakness)}`;
}

;// CONCATENATED MODULE: ./src/engine/net/types.ts
/**
 * The outbound fetch contract. The engine only sees this interface, and always has one: with the network
 * off it is the offline fetcher, which fetches nothing, so no code path has to ask whether a fetcher exists.
 */
/** The network switched off (CLI --offline, action network: false): every fetch answers `offline`. */
function createOfflineFetcher() {
    return {
        online: false,
        getJson: async (url) => ({ ok: false, url, reason: 'offline', detail: 'offline mode: nothing is fetched' }),
    };
}

;// CONCATENATED MODULE: ./src/engine/context.ts


/**
 * A context with defaults for what is not given: the system clock, a fresh key cache, and the
 * offline fetcher, so a context built without a network can never reach one.
 */
function createEngineContext(parts = {}) {
    return {
        ...parts,
        now: parts.now ?? Date.now,
        keyCache: parts.keyCache ?? new KeyObjectCache(),
        fetcher: parts.fetcher ?? createOfflineFetcher(),
    };
}

;// CONCATENATED MODULE: ./src/engine/errors.ts
class EngineError extends Error {
    code;
    constructor(code, message) {
        super(message);
        this.name = 'EngineError';
        this.code = code;
    }
}
class MalformedTokenError extends EngineError {
    constructor(message) {
        super('MALFORMED_TOKEN', message);
        this.name = 'MalformedTokenError';
    }
}
class RequestInvalidError extends EngineError {
    errors;
    constructor(errors) {
        super('REQUEST_INVALID', errors.map((e) => `${e.pointer || '/'}: ${e.message}`).join('; '));
        this.name = 'RequestInvalidError';
        this.errors = errors;
    }
}
function isRequestRefusal(value) {
    return value instanceof MalformedTokenError || value instanceof RequestInvalidError;
}
/** OUTBOUND_ALLOW holds an entry that is neither a host name, an IP nor a CIDR. */
class OutboundAllowError extends EngineError {
    constructor(message) {
        super('OUTBOUND_ALLOW_INVALID', message);
        this.name = 'OutboundAllowError';
    }
}
/**
 * The profile configuration is invalid; the service must not start. Messages name the profile and
 * the field, never a secret, key or any other configured value.
 */
class IssuerProfileError extends EngineError {
    problems;
    constructor(source, problems) {
        super('ISSUER_PROFILES_INVALID', `${source}: ${problems.map((p) => `${p.profile === '' ? '' : `profile ${p.profile}: `}${p.pointer || '/'} ${p.message}`).join('; ')}`);
        this.name = 'IssuerProfileError';
        this.problems = problems;
    }
}
/**
 * Raised inside the fetcher's connect path when a target is refused, so the socket is never opened;
 * the fetcher turns it into a `blocked` result and it never leaves the engine.
 */
class TargetRefusedError extends EngineError {
    constructor(message) {
        super('TARGET_REFUSED', message);
        this.name = 'TargetRefusedError';
    }
}

;// CONCATENATED MODULE: ./src/engine/jws/deep-freeze.ts
/**
 * Freezes a parsed JSON value and everything in it; iterative, so no nesting can exhaust the stack.
 * For parsed values shared between requests (a decoded header, held claims): nothing may change them.
 */
function deepFreeze(value) {
    const pending = [value];
    while (pending.length > 0) {
        const v = pending.pop();
        if (typeof v !== 'object' || v === null)
            continue;
        Object.freeze(v);
        for (const key in v)
            pending.push(v[key]);
    }
    return value;
}

;// CONCATENATED MODULE: ./src/engine/jws/verify-cache.ts


/** How many passed signature checks the engine remembers unless told otherwise. */
const DEFAULT_VERIFY_CACHE_SIZE = 10_000;
/**
 * Every KeyObject gets a number the first time it is seen, and keeps it while it lives. A JWKS
 * refresh imports every key anew, so a key its issuer stopped serving can never be selected again,
 * and nothing remembered for its old KeyObject can ever be reached.
 */
const keyIds = new WeakMap();
let nextKeyId = 1;
function keyIdOf(key) {
    let id = keyIds.get(key);
    if (id === undefined) {
        id = nextKeyId++;
        keyIds.set(key, id);
    }
    return id;
}
/**
 * The digest a signature check is remembered under. The token text is the signing input, a dot and
 * the signature in strict (canonical, unpadded) base64url, so it encodes the pair without ambiguity:
 * a token that moves bytes between its payload and its signature never shares a digest with another.
 */
function tokenDigest(token) {
    // "binary" (Latin-1): 32 characters, one per byte of the digest, the cheapest string to make and to look up.
    // It is a map key only, never printed.
    return (0,external_node_crypto_.hash)('sha256', token, 'binary');
}
/**
 * Held claims are bounded apart from the entry count: only for tokens whose header and payload text is
 * at most MAX_HELD_CHARS, and at most HELD_CHARS_BUDGET of such text in all (parsed, a few times that
 * in memory). Real tokens are well under the first; a caller who fills the cache with large tokens gets
 * entries without claims, which still skip the signature check but parse again.
 */
const MAX_HELD_CHARS = 2048;
const HELD_CHARS_BUDGET = 2 * 1024 * 1024;
/**
 * A bounded LRU of signature checks that passed: SHA-256 of the token -> the key and alg it passed
 * with. A token seen again, checked with that same key and alg, skips the public-key operation; its
 * claims and times are still judged on every call by the validator. Never the token text or signature:
 * the digest, and the parsed header and claims (see HeldClaims). A failed check is never remembered,
 * so nothing ever turns a failure into a pass, and each entry an attacker could add costs them a
 * signature that verifies.
 */
class VerifyCache {
    maxEntries;
    /**
     * Lookup by digest; the LRU order is a linked list through the slots, not the Map's own order.
     * Evicting the oldest entry through Map iteration costs time in proportion to the entries deleted
     * since the Map last compacted itself (about 10 µs per eviction at 10,000 entries, measured), which
     * every request pays when distinct tokens outnumber the cache; the list makes it constant.
     */
    #slots = new Map();
    #newest;
    #oldest;
    #evictions = 0;
    #heldChars = 0;
    constructor(maxEntries = DEFAULT_VERIFY_CACHE_SIZE) {
        if (!Number.isInteger(maxEntries) || maxEntries < 1)
            throw new RangeError('a verification cache holds at least one entry');
        this.maxEntries = maxEntries;
    }
    get size() {
        return this.#slots.size;
    }
    /** Entries pushed out to make room since the start: a steady rise means the cache is too small for the traffic. */
    get evictions() {
        return this.#evictions;
    }
    /** Characters of token text whose parsed header and claims are held now (at most HELD_CHARS_BUDGET). */
    get heldChars() {
        return this.#heldChars;
    }
    /**
     * The check a token with this digest passed before (with any key), or undefined. Its text was well
     * formed then and is the same now; its held claims, when present, are what parsing it would give.
     */
    recall(digest) {
        return this.#slots.get(digest)?.check;
    }
    /** Whether this exact token passed its signature check before with this very key and alg. */
    passed(digest, key, alg) {
        const slot = this.#slots.get(digest);
        if (slot === undefined || slot.check.alg !== alg || slot.check.keyId !== keyIds.get(key))
            return false;
        if (slot !== this.#newest) {
            this.#unlink(slot);
            this.#link(slot);
        }
        return true;
    }
    /** Remember a check that passed; the least recently used entry goes when the cache is full. */
    remember(digest, key, alg) {
        const known = this.#slots.get(digest);
        if (known !== undefined)
            this.#remove(known);
        const slot = { digest, check: { keyId: keyIdOf(key), alg, claims: undefined, heldChars: 0 }, newer: undefined, older: undefined };
        this.#slots.set(digest, slot);
        this.#link(slot);
        if (this.#slots.size > this.maxEntries && this.#oldest !== undefined) {
            this.#remove(this.#oldest);
            this.#evictions++;
        }
    }
    /**
     * Hold the parsed header and claims of a token whose check is remembered, once it proved to be seen
     * again (a token seen once costs nothing more), when within MAX_HELD_CHARS and HELD_CHARS_BUDGET.
     * `chars`: the length of the token text before its signature, what the claims were parsed from.
     */
    hold(digest, claims, chars) {
        const slot = this.#slots.get(digest);
        if (slot === undefined || slot.check.claims !== undefined)
            return;
        if (chars > MAX_HELD_CHARS || this.#heldChars + chars > HELD_CHARS_BUDGET)
            return;
        slot.check = { ...slot.check, claims: { header: deepFreeze(claims.header), payload: deepFreeze(claims.payload) }, heldChars: chars };
        this.#heldChars += chars;
    }
    /** Make the slot the newest. */
    #link(slot) {
        slot.older = this.#newest;
        slot.newer = undefined;
        if (this.#newest !== undefined)
            this.#newest.newer = slot;
        this.#newest = slot;
        this.#oldest ??= slot;
    }
    #unlink(slot) {
        if (slot.newer !== undefined)
            slot.newer.older = slot.older;
        else
            this.#newest = slot.older;
        if (slot.older !== undefined)
            slot.older.newer = slot.newer;
        else
            this.#oldest = slot.newer;
        slot.newer = undefined;
        slot.older = undefined;
    }
    #remove(slot) {
        this.#heldChars -= slot.check.heldChars;
        this.#unlink(slot);
        this.#slots.delete(slot.digest);
    }
}

// EXTERNAL MODULE: external "node:net"
var external_node_net_ = __webpack_require__(7030);
;// CONCATENATED MODULE: ./src/engine/net/address.ts

/** Parse an IPv4 or IPv6 literal (no brackets, no zone id) into 16 bytes; undefined when it is not one. */
function parseIp(text) {
    const family = (0,external_node_net_.isIP)(text);
    if (family === 4)
        return v4ToMapped(parseV4(text));
    if (family === 6)
        return parseV6(text);
    return undefined;
}
function parseV4(text) {
    return text.split('.').map((p) => Number(p));
}
function v4ToMapped(octets) {
    const bytes = new Uint8Array(16);
    bytes[10] = 0xff;
    bytes[11] = 0xff;
    bytes.set(octets, 12);
    return bytes;
}
function parseV6(text) {
    const [head = '', tail] = text.split('::');
    const toGroups = (part) => {
        if (part === '')
            return [];
        const out = [];
        for (const piece of part.split(':')) {
            if (piece.includes('.')) {
                const [a = 0, b = 0, c = 0, d = 0] = parseV4(piece);
                out.push((a << 8) | b, (c << 8) | d);
            }
            else {
                out.push(parseInt(piece, 16));
            }
        }
        return out;
    };
    const h = toGroups(head);
    const t = tail === undefined ? undefined : toGroups(tail);
    const groups = t === undefined ? h : [...h, ...new Array(8 - h.length - t.length).fill(0), ...t];
    const bytes = new Uint8Array(16);
    groups.forEach((g, i) => {
        bytes[i * 2] = g >> 8;
        bytes[i * 2 + 1] = g & 0xff;
    });
    return bytes;
}
/** "10.0.0.0/8", "fd00::/8", or a single address (a /32 or /128). Undefined when malformed. */
function parseCidr(text) {
    const slash = text.indexOf('/');
    const addr = slash === -1 ? text : text.slice(0, slash);
    const family = (0,external_node_net_.isIP)(addr);
    if (family === 0)
        return undefined;
    const base = parseIp(addr);
    if (base === undefined)
        return undefined;
    const max = family === 4 ? 32 : 128;
    let bits = max;
    if (slash !== -1) {
        const p = text.slice(slash + 1);
        if (!/^\d{1,3}$/.test(p))
            return undefined;
        bits = Number(p);
        if (bits > max)
            return undefined;
    }
    return { base, bits: family === 4 ? bits + 96 : bits };
}
function inCidr(ip, cidr) {
    const full = cidr.bits >> 3;
    for (let i = 0; i < full; i++)
        if (ip[i] !== cidr.base[i])
            return false;
    const rest = cidr.bits & 7;
    if (rest === 0)
        return true;
    const mask = (0xff << (8 - rest)) & 0xff;
    return ((ip[full] ?? 0) & mask) === ((cidr.base[full] ?? 0) & mask);
}
function cidrs(list) {
    return list.map(([text, label]) => ({ cidr: parseCidr(text), label }));
}
/** Cloud metadata endpoints, named separately so the refusal says what was targeted. */
const METADATA = cidrs([
    ['169.254.169.254/32', 'cloud metadata'],
    ['fd00:ec2::254/128', 'cloud metadata'],
    ['100.100.100.200/32', 'cloud metadata'],
]);
/** IPv4 space that is not public unicast (IANA special-purpose registry), checked on the embedded form too. */
const V4_BLOCKED = cidrs([
    ['0.0.0.0/8', 'unspecified / this network'],
    ['10.0.0.0/8', 'private'],
    ['100.64.0.0/10', 'carrier-grade NAT'],
    ['127.0.0.0/8', 'loopback'],
    ['169.254.0.0/16', 'link-local'],
    ['172.16.0.0/12', 'private'],
    ['192.0.0.0/24', 'IETF protocol assignment'],
    ['192.0.2.0/24', 'documentation'],
    ['192.88.99.0/24', 'reserved (6to4 relay)'],
    ['192.168.0.0/16', 'private'],
    ['198.18.0.0/15', 'benchmarking'],
    ['198.51.100.0/24', 'documentation'],
    ['203.0.113.0/24', 'documentation'],
    ['224.0.0.0/4', 'multicast'],
    ['255.255.255.255/32', 'broadcast'],
    ['240.0.0.0/4', 'reserved'],
]);
/** IPv6 ranges inside global unicast 2000::/3 that are still not public. */
const V6_BLOCKED_IN_GLOBAL = cidrs([
    ['2001::/23', 'IETF protocol assignment (Teredo, ORCHID, ...)'],
    ['2001:db8::/32', 'documentation'],
    ['3fff::/20', 'documentation'],
]);
const V4_MAPPED = parseCidr('::ffff:0:0/96');
const V4_COMPAT = parseCidr('::/96');
const NAT64 = parseCidr('64:ff9b::/96');
const NAT64_LOCAL = parseCidr('64:ff9b:1::/48');
const SIX_TO_FOUR = parseCidr('2002::/16');
const GLOBAL_UNICAST = parseCidr('2000::/3');
const ULA = parseCidr('fc00::/7');
const LINK_LOCAL_6 = parseCidr('fe80::/10');
const SITE_LOCAL_6 = parseCidr('fec0::/10');
const MULTICAST_6 = parseCidr('ff00::/8');
function classifyV4(octets) {
    const ip = v4ToMapped([...octets]);
    for (const { cidr, label } of METADATA)
        if (inCidr(ip, cidr))
            return label;
    for (const { cidr, label } of V4_BLOCKED)
        if (inCidr(ip, cidr))
            return label;
    return undefined;
}
/**
 * Why this address must not be dialled, or undefined when it is public unicast. IPv6 forms that
 * carry an IPv4 address (mapped, compatible, NAT64, 6to4) are judged by the address they carry.
 */
function nonPublicReason(ip) {
    for (const { cidr, label } of METADATA)
        if (inCidr(ip, cidr))
            return label;
    if (inCidr(ip, V4_MAPPED))
        return classifyV4(ip.subarray(12, 16));
    if (inCidr(ip, V4_COMPAT)) {
        if (ip.every((b) => b === 0))
            return 'unspecified';
        const v4 = classifyV4(ip.subarray(12, 16));
        if (ip[15] === 1 && ip.subarray(0, 15).every((b) => b === 0))
            return 'loopback';
        return v4 === undefined ? 'IPv4-compatible IPv6 (deprecated)' : v4;
    }
    if (inCidr(ip, NAT64)) {
        const v4 = classifyV4(ip.subarray(12, 16));
        return v4 === undefined ? undefined : `NAT64 of ${v4}`;
    }
    if (inCidr(ip, NAT64_LOCAL))
        return 'local-use NAT64';
    if (inCidr(ip, SIX_TO_FOUR)) {
        const v4 = classifyV4(ip.subarray(2, 6));
        return v4 === undefined ? undefined : `6to4 of ${v4}`;
    }
    if (inCidr(ip, ULA))
        return 'unique local (private)';
    if (inCidr(ip, LINK_LOCAL_6))
        return 'link-local';
    if (inCidr(ip, SITE_LOCAL_6))
        return 'site-local (deprecated)';
    if (inCidr(ip, MULTICAST_6))
        return 'multicast';
    if (!inCidr(ip, GLOBAL_UNICAST))
        return 'reserved';
    for (const { cidr, label } of V6_BLOCKED_IN_GLOBAL)
        if (inCidr(ip, cidr))
            return label;
    return undefined;
}
/** Text form used in messages: IPv4-mapped addresses are shown as IPv4. */
function formatIp(ip) {
    if (inCidr(ip, V4_MAPPED))
        return [...ip.subarray(12, 16)].join('.');
    const groups = [];
    for (let i = 0; i < 16; i += 2)
        groups.push((((ip[i] ?? 0) << 8) | (ip[i + 1] ?? 0)).toString(16));
    return groups.join(':');
}

;// CONCATENATED MODULE: ./src/engine/net/allow.ts



const HOST_NAME = /^(?=.{1,253}$)([a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*\.?$/;
/**
 * Parse OUTBOUND_ALLOW: comma-separated (whitespace also accepted) host names, IPs or CIDRs.
 * Returns the normalised entries; throws OutboundAllowError naming the bad entry.
 */
function parseOutboundAllow(value) {
    if (value === undefined)
        return [];
    const out = [];
    for (const raw of value.split(/[\s,]+/)) {
        if (raw === '')
            continue;
        const entry = normaliseEntry(raw);
        if (entry === undefined) {
            throw new OutboundAllowError(`OUTBOUND_ALLOW entry "${raw}" is not a host name, an IP address or a CIDR`);
        }
        out.push(entry);
    }
    return out;
}
function normaliseEntry(raw) {
    let text = raw.trim().toLowerCase();
    if (text.startsWith('[') && text.includes(']'))
        text = text.replace(/^\[([^\]]+)\]/, '$1');
    if (text.includes('/') || (0,external_node_net_.isIP)(text) !== 0)
        return parseCidr(text) === undefined ? undefined : text;
    return HOST_NAME.test(text) ? text.replace(/\.$/, '') : undefined;
}
/** Compiled allow list: host names match the URL host exactly; IPs and CIDRs match dialled addresses. */
class OutboundAllowList {
    #hosts = new Set();
    #cidrs = [];
    constructor(entries) {
        for (const raw of entries) {
            const entry = normaliseEntry(raw);
            if (entry === undefined)
                throw new OutboundAllowError(`allow entry "${raw}" is not a host name, an IP address or a CIDR`);
            const cidr = entry.includes('/') || (0,external_node_net_.isIP)(entry) !== 0 ? parseCidr(entry) : undefined;
            if (cidr !== undefined)
                this.#cidrs.push(cidr);
            else
                this.#hosts.add(entry);
        }
    }
    /** The URL host name (lower case, no brackets, no trailing dot) is exempt from the address check. */
    allowsHost(hostname) {
        return this.#hosts.has(hostname);
    }
    allowsAddress(ip) {
        return this.#cidrs.some((c) => inCidr(ip, c));
    }
}

// EXTERNAL MODULE: external "node:dns"
var external_node_dns_ = __webpack_require__(610);
// EXTERNAL MODULE: external "node:tls"
var external_node_tls_ = __webpack_require__(1692);
var external_node_tls_default = /*#__PURE__*/__webpack_require__.n(external_node_tls_);
// EXTERNAL MODULE: external "node:http"
var external_node_http_ = __webpack_require__(7067);
var external_node_http_default = /*#__PURE__*/__webpack_require__.n(external_node_http_);
// EXTERNAL MODULE: external "node:https"
var external_node_https_ = __webpack_require__(4708);
var external_node_https_default = /*#__PURE__*/__webpack_require__.n(external_node_https_);
;// CONCATENATED MODULE: ./src/engine/net/certificate.ts
/**
 * A certificate's notAfter, read the way every Node line the CLI runs on can: X509Certificate.validToDate
 * is Node 22.10+ only (on Node 20 it is undefined), so the `validTo` string is parsed instead. Node
 * prints it as OpenSSL does, "Nov 27 12:00:00 2026 GMT" (day padded with a space, seconds possibly with
 * a fraction), and that form is read here field by field rather than left to Date.parse's
 * implementation-defined reading of non-ISO text. Undefined when the text is neither that form nor
 * something Date.parse reads (a future Node printing ISO 8601, say).
 */
function certificateNotAfter(certificate) {
    return certificateTime(certificate.validTo);
}
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const OPENSSL_TIME = /^([A-Z][a-z]{2}) {1,2}(\d{1,2}) (\d{2}):(\d{2}):(\d{2})(\.\d+)? (\d{4}) GMT$/;
/** A time as Node prints a certificate's validFrom / validTo. */
function certificateTime(text) {
    const m = OPENSSL_TIME.exec(text);
    if (m === null) {
        const parsed = Date.parse(text);
        return Number.isNaN(parsed) ? undefined : new Date(parsed);
    }
    const [, month, day, hour, minute, second, fraction, year] = m;
    const monthIndex = MONTHS.indexOf(month);
    if (monthIndex === -1)
        return undefined;
    const ms = Date.UTC(Number(year), monthIndex, Number(day), Number(hour), Number(minute), Number(second), Math.floor(Number(fraction ?? '0') * 1000));
    const date = new Date(ms);
    // Date.UTC rolls "Feb 30" over into March: a day the month does not have is no date at all.
    return date.getUTCDate() === Number(day) && date.getUTCMonth() === monthIndex ? date : undefined;
}

;// CONCATENATED MODULE: ./src/engine/net/target.ts



/** The URL without user info, for messages and results. */
function redact(url) {
    if (url.username === '' && url.password === '')
        return url.href;
    const copy = new URL(url.href);
    copy.username = '';
    copy.password = '';
    return copy.href;
}
function bareHost(url) {
    return url.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '').toLowerCase();
}
/** Scheme, user info and IP-literal checks that need no DNS. Undefined when the hop may proceed. */
function checkUrl(url, previousProtocol, allowHttp, allow) {
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
        return `scheme ${url.protocol} is not allowed; only https is fetched`;
    if (url.protocol === 'http:') {
        if (previousProtocol === 'https:')
            return 'redirect from https to http refused';
        if (!allowHttp)
            return 'http:// refused; only https is fetched';
    }
    if (url.username !== '' || url.password !== '')
        return 'URLs with user info are refused';
    const host = bareHost(url);
    if (allow.allowsHost(host))
        return undefined;
    // Node does not call `lookup` for IP literals, so they are checked here instead.
    if ((0,external_node_net_.isIP)(host) !== 0) {
        const ip = parseIp(host);
        if (ip === undefined)
            return `address ${host} could not be parsed`;
        const reason = nonPublicReason(ip);
        if (reason !== undefined && !allow.allowsAddress(ip))
            return `address ${formatIp(ip)} is ${reason}; not dialled (add it to OUTBOUND_ALLOW to permit)`;
    }
    return undefined;
}
/**
 * The socket's `lookup`: resolves with `resolveHost` and, unless the URL host is exempt, fails with a
 * TargetRefusedError when any answer is an address not allowed, so the socket is never opened.
 */
function guardedLookup(allow, hostExempt, resolveHost) {
    return (hostname, opts, callback) => {
        const family = opts.family === 'IPv4' ? 4 : opts.family === 'IPv6' ? 6 : typeof opts.family === 'number' ? opts.family : 0;
        resolveHost(hostname, family).then((addresses) => {
            if (addresses.length === 0)
                return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
            if (!hostExempt) {
                // Every answer is checked, not just the first: a mixed answer is how rebinding is usually staged.
                for (const a of addresses) {
                    const ip = parseIp(a.address);
                    const reason = ip === undefined ? 'unparseable' : nonPublicReason(ip);
                    if (reason !== undefined && (ip === undefined || !allow.allowsAddress(ip))) {
                        return callback(new TargetRefusedError(`${hostname} resolves to ${a.address}, which is ${reason}; not dialled (add it to OUTBOUND_ALLOW to permit)`), []);
                    }
                }
            }
            if (opts.all === true)
                return callback(null, addresses);
            const first = addresses[0];
            return callback(null, first.address, first.family);
        }, (err) => callback(err, []));
    };
}

;// CONCATENATED MODULE: ./src/engine/net/request.ts
/**
 * One hop of a guarded fetch: one GET on a private agent whose DNS lookup is the guarded one, the
 * answer read up to the byte cap, and every failure turned into a reason (never thrown).
 */






const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const TLS_CODES = new Set([
    'EPROTO', 'CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'SELF_SIGNED_CERT_IN_CHAIN',
    'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'UNABLE_TO_GET_ISSUER_CERT', 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'CERT_REVOKED',
    'CERT_UNTRUSTED', 'CERT_REJECTED', 'HOSTNAME_MISMATCH', 'ERR_TLS_CERT_ALTNAME_INVALID',
]);
const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NODATA', 'EAI_NONAME', 'ENODATA']);
function classifyError(err, settings) {
    if (settings.timedOut())
        return { reason: 'timeout', detail: `no complete answer within ${settings.timeoutMs} ms` };
    if (settings.signal.aborted)
        return { reason: 'timeout', detail: 'the request was cancelled' };
    if (err instanceof TargetRefusedError)
        return { reason: 'blocked', detail: err.message };
    const code = err.code;
    const text = typeof code === 'string' ? code : '';
    if (DNS_CODES.has(text))
        return { reason: 'dns', detail: `name resolution failed (${text})` };
    if (TLS_CODES.has(text) || text.startsWith('ERR_SSL_') || text.startsWith('ERR_TLS_') || text.includes('CERT')) {
        return { reason: 'tls', detail: `TLS handshake failed (${text})` };
    }
    if (text === 'ETIMEDOUT')
        return { reason: 'timeout', detail: 'connection timed out' };
    if (text.startsWith('HPE_'))
        return { reason: 'refused', detail: `malformed HTTP response (${text})` };
    return { reason: 'refused', detail: `connection failed (${text || 'unknown error'})` };
}
/**
 * The leaf certificate of the connection that carried this response, read from the socket itself
 * (the one that was checked and dialled). Undefined over plain http, or when its notAfter cannot be read.
 */
function peerCertificate(res, url) {
    const socket = res.socket;
    if (!(socket instanceof external_node_tls_.TLSSocket))
        return undefined;
    const leaf = socket.getPeerX509Certificate();
    if (leaf === undefined)
        return undefined;
    const notAfter = certificateNotAfter(leaf);
    return notAfter === undefined ? undefined : { notAfter: notAfter.toISOString(), url };
}
function mediaType(header) {
    return (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}
/**
 * Markup is refused even when it would happen to parse: an HTML error page behind a 200 is the
 * common misconfiguration this catches. Other types (including none and text/plain, which some
 * providers send) are accepted when the body parses as JSON.
 */
function isMarkup(type) {
    return type === 'text/html' || type === 'application/xhtml+xml' || type.endsWith('/xml') || type.endsWith('+xml');
}
function flattenHeaders(res) {
    const out = {};
    for (const [name, value] of Object.entries(res.headers)) {
        if (value === undefined)
            continue;
        out[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    return out;
}
function requestOnce(url, settings) {
    const where = redact(url);
    const host = bareHost(url);
    return new Promise((resolve) => {
        let settled = false;
        const settle = (outcome) => {
            if (settled)
                return;
            settled = true;
            resolve(outcome);
        };
        const fail = (reason, detail, status) => {
            const result = status === undefined ? { ok: false, url: where, reason, detail } : { ok: false, url: where, reason, detail, status };
            settle({ kind: 'done', result });
        };
        const onError = (err) => {
            const { reason, detail } = classifyError(err, settings);
            fail(reason, detail);
        };
        const requestOptions = {
            method: 'GET',
            headers: {
                accept: 'application/json, application/jwk-set+json, */*;q=0.1',
                'accept-encoding': 'identity',
                'user-agent': 'oidc-gate',
            },
            // A private agent per request: a pooled socket opened by other code was never checked.
            agent: false,
            lookup: guardedLookup(settings.allow, settings.allow.allowsHost(host), settings.resolveHost),
            signal: settings.signal,
        };
        if (settings.ca !== undefined)
            requestOptions.ca = settings.ca;
        let req;
        try {
            req = (url.protocol === 'https:' ? (external_node_https_default()) : (external_node_http_default())).request(url, requestOptions);
        }
        catch (err) {
            onError(err);
            return;
        }
        req.on('error', onError);
        req.on('response', (res) => {
            // Settle first, then destroy: destroying emits 'aborted'/'error', which must not win the race.
            const stop = (outcome) => {
                settle(outcome);
                res.destroy();
            };
            const stopWith = (reason, detail, status) => stop({ kind: 'done', result: { ok: false, url: where, reason, detail, status } });
            res.on('error', onError);
            res.on('aborted', () => onError(new Error('aborted')));
            const status = res.statusCode ?? 0;
            const location = res.headers.location;
            const certificate = peerCertificate(res, where);
            if (REDIRECT_STATUSES.has(status)) {
                if (location === undefined)
                    return stopWith('http_status', `HTTP ${status} redirect without a Location header`, status);
                return stop(certificate === undefined ? { kind: 'redirect', location } : { kind: 'redirect', location, tls: certificate });
            }
            if (status < 200 || status > 299)
                return stopWith('http_status', `HTTP ${status}`, status);
            const type = mediaType(res.headers['content-type']);
            if (isMarkup(type))
                return stopWith('not_json', `content type ${type} is not JSON`, status);
            const declared = Number(res.headers['content-length']);
            if (Number.isFinite(declared) && declared > settings.maxBytes) {
                return stopWith('too_large', `declared body of ${declared} bytes exceeds the ${settings.maxBytes}-byte cap`, status);
            }
            const chunks = [];
            let size = 0;
            res.on('data', (chunk) => {
                if (settled)
                    return;
                size += chunk.length;
                if (size > settings.maxBytes)
                    return stopWith('too_large', `body exceeds the ${settings.maxBytes}-byte cap`, status);
                chunks.push(chunk);
            });
            res.on('end', () => {
                if (settled)
                    return;
                let text = Buffer.concat(chunks).toString('utf8');
                if (text.charCodeAt(0) === 0xfeff)
                    text = text.slice(1);
                let json;
                try {
                    json = JSON.parse(text);
                }
                catch {
                    return fail('not_json', `body is not valid JSON${type === '' ? '' : ` (content type ${type})`}`, status);
                }
                const result = { ok: true, url: where, status, headers: flattenHeaders(res), json };
                if (certificate !== undefined)
                    result.tls = certificate;
                settle({ kind: 'done', result });
            });
        });
        req.end();
    });
}

;// CONCATENATED MODULE: ./src/engine/net/fetcher.ts





function systemResolve(hostname, family) {
    return new Promise((resolve, reject) => {
        (0,external_node_dns_.lookup)(hostname, { all: true, family }, (err, addresses) => (err ? reject(err) : resolve(addresses)));
    });
}
const DEFAULT_TIMEOUT_MS = 5000;
const DEFAULT_MAX_BYTES = 512 * 1024;
const DEFAULT_MAX_REDIRECTS = 3;
/**
 * The one outbound fetcher for JWKS and discovery documents. The address check runs in the socket's DNS
 * lookup, so the address that is actually dialled is the one that was checked: a name that resolves
 * to a public address for a pre-check and to 127.0.0.1 for the connection (DNS rebinding) is refused.
 */
function createGuardedFetcher(options = {}) {
    const allow = new OutboundAllowList(options.allow ?? []);
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
    const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
    const allowHttp = options.allowHttp ?? false;
    const resolveHost = options.resolve ?? systemResolve;
    // Only when a test CA is given is `ca` set at all: setting it replaces Node's list, so the
    // default list (bundled roots plus NODE_EXTRA_CA_CERTS) is carried over explicitly.
    const ca = options.ca === undefined ? undefined : [...defaultCaCertificates(), options.ca.toString()];
    return {
        online: true,
        async getJson(url, opts = {}) {
            const controller = new AbortController();
            let timedOut = false;
            const timer = setTimeout(() => {
                timedOut = true;
                controller.abort();
            }, timeoutMs);
            const onExternalAbort = () => controller.abort();
            if (opts.signal?.aborted)
                controller.abort();
            opts.signal?.addEventListener('abort', onExternalAbort, { once: true });
            const fail = (at, reason, detail, status) => status === undefined ? { ok: false, url: at, reason, detail } : { ok: false, url: at, reason, detail, status };
            try {
                let current = url;
                let previousProtocol;
                let soonestExpiry;
                for (let hop = 0;; hop++) {
                    let target;
                    try {
                        target = new URL(current);
                    }
                    catch {
                        return fail(current, 'blocked', 'not an absolute URL');
                    }
                    const refusal = checkUrl(target, previousProtocol, allowHttp || opts.allowHttp === true, allow);
                    if (refusal !== undefined)
                        return fail(redact(target), 'blocked', refusal);
                    const outcome = await requestOnce(target, {
                        signal: controller.signal, maxBytes, allow, ca, resolveHost,
                        timedOut: () => timedOut, timeoutMs,
                    });
                    if (outcome.kind === 'done')
                        return withSoonestExpiry(outcome.result, soonestExpiry);
                    soonestExpiry = soonerExpiry(soonestExpiry, outcome.tls);
                    if (hop >= maxRedirects)
                        return fail(redact(target), 'http_status', `more than ${maxRedirects} redirects`);
                    previousProtocol = target.protocol;
                    try {
                        current = new URL(outcome.location, target).href;
                    }
                    catch {
                        return fail(redact(target), 'http_status', 'redirect with an invalid Location header');
                    }
                }
            }
            finally {
                clearTimeout(timer);
                opts.signal?.removeEventListener('abort', onExternalAbort);
            }
        },
    };
}
function soonerExpiry(a, b) {
    if (a === undefined)
        return b;
    if (b === undefined)
        return a;
    return Date.parse(b.notAfter) < Date.parse(a.notAfter) ? b : a;
}
/** The result with `tls` set to the certificate that expires first across every hop of the fetch. */
function withSoonestExpiry(result, earlierHops) {
    if (!result.ok)
        return result;
    const soonest = soonerExpiry(earlierHops, result.tls);
    if (soonest === undefined)
        return result;
    return { ...result, tls: soonest };
}
function defaultCaCertificates() {
    const withExtra = (external_node_tls_default()).getCACertificates;
    return withExtra === undefined ? (external_node_tls_default()).rootCertificates : withExtra('default');
}

;// CONCATENATED MODULE: ./src/engine/operation.ts
/** Keeps the literal name in the type, so the table's names form a union. */
function defineOperation(operation) {
    return operation;
}

// EXTERNAL MODULE: ./node_modules/ajv/dist/2020.js
var _2020 = __webpack_require__(2210);
;// CONCATENATED MODULE: ./src/engine/schema/ajv.ts


/**
 * One Ajv instance for every request schema. Schemas are JSON Schema 2020-12 objects that the
 * OpenAPI 3.1 document reuses as they are, so they must stay plain JSON (no custom keywords).
 */
/**
 * `unicode: false` makes minLength/maxLength read String#length instead of calling ucs2length, a JS
 * loop over every character: on a 2 KB token plus a PEM that loop was the largest cost of a validation
 * after the signature itself. Lengths are then UTF-16 code units, which for the ASCII of a JWS or PEM is
 * the same number. Ajv 8 still honours the option but warns that it is deprecated; that one warning is
 * dropped so the CLI and the service do not print it.
 */
const UNICODE_DEPRECATION = 'DEPRECATED: option unicode.';
const ajv = new _2020.Ajv2020({
    allErrors: true,
    strict: true,
    allowUnionTypes: true,
    unicode: false,
    logger: {
        log: (...args) => console.log(...args),
        warn: (...args) => {
            if (!(typeof args[0] === 'string' && args[0].startsWith(UNICODE_DEPRECATION)))
                console.warn(...args);
        },
        error: (...args) => console.error(...args),
    },
});
function compileSchema(schema) {
    const validate = ajv.compile(schema);
    return (body) => {
        if (validate(body))
            return body;
        throw new RequestInvalidError(toProblems(validate.errors ?? []));
    };
}
function escapePointerToken(token) {
    return token.replace(/~/g, '~0').replace(/\//g, '~1');
}
/**
 * At most this many problems are listed in one answer. A body of thousands of unknown members would
 * otherwise be answered with one entry each, an answer many times the size of the request.
 */
const MAX_LISTED_PROBLEMS = 100;
const SIZE_KEYWORDS = new Set(['maxItems', 'maxProperties']);
/**
 * Ajv errors -> one problem per offending field, pointer at the field itself. A list or object over its
 * size limit is one problem: the errors of its entries are dropped, since the fix is to shorten it.
 */
function toProblems(errors) {
    const oversized = errors.filter((e) => SIZE_KEYWORDS.has(e.keyword)).map((e) => `${e.instancePath}/`);
    const problems = [];
    const seen = new Set();
    let unlisted = 0;
    for (const e of errors) {
        if (oversized.some((p) => e.instancePath.startsWith(p)))
            continue;
        let pointer = e.instancePath;
        let message = e.message ?? 'is invalid';
        if (e.keyword === 'required') {
            const missing = e.params.missingProperty;
            pointer = `${pointer}/${escapePointerToken(missing)}`;
            message = 'is required';
        }
        else if (e.keyword === 'additionalProperties') {
            const extra = e.params.additionalProperty;
            pointer = `${pointer}/${escapePointerToken(extra)}`;
            message = 'is not a known field';
        }
        else if (e.keyword === 'enum') {
            const allowed = e.params.allowedValues;
            message = `must be one of: ${allowed.map((v) => String(v)).join(', ')}`;
        }
        else if (SIZE_KEYWORDS.has(e.keyword)) {
            const limit = e.params.limit;
            message = e.keyword === 'maxItems' ? `holds more than ${limit} items; list at most ${limit}` : `has more than ${limit} members; give at most ${limit}`;
        }
        const key = `${pointer}\u0000${message}`;
        if (seen.has(key))
            continue;
        seen.add(key);
        if (problems.length < MAX_LISTED_PROBLEMS)
            problems.push({ pointer, message });
        else
            unlisted++;
    }
    if (unlisted > 0)
        problems.push({ pointer: '', message: `has ${unlisted} more problems, not listed; fix the ones above first` });
    return problems;
}

;// CONCATENATED MODULE: ./src/engine/schema/discover-request.ts

/**
 * Discovery request body. Whether the issuer is a usable URL is not a schema matter: it is reported as a
 * finding (ISSUER_INVALID, INSECURE_URI), so one answer shows every problem instead of a bare 422.
 */
const discoverRequestSchema = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'DiscoverRequest',
    type: 'object',
    additionalProperties: false,
    required: ['issuer'],
    properties: {
        issuer: { type: 'string', description: 'OIDC issuer URL; discovery fetches <issuer>/.well-known/openid-configuration.' },
        https_required: {
            type: 'boolean',
            default: true,
            description: 'When true, the issuer and every endpoint in the discovered document must use https://.',
        },
    },
};
const parseDiscoverRequest = compileSchema(discoverRequestSchema);

;// CONCATENATED MODULE: ./src/engine/schema/responses.ts
/**
 * JSON Schemas (2020-12) of every response body: the 200 bodies of the endpoints and the
 * problem+json error body. The OpenAPI document embeds these objects as they are, and the server
 * tests validate live responses against the document, so a drift between engine output and the
 * published contract fails a test.
 */
const nonEmpty = { type: 'string', minLength: 1 };
const findingSchema = {
    title: 'Finding',
    type: 'object',
    additionalProperties: false,
    required: ['code', 'severity', 'message'],
    properties: {
        code: { type: 'string', pattern: '^[A-Z][A-Z0-9_]*$', description: 'Stable finding code, e.g. AUDIENCE_MISMATCH.' },
        severity: { type: 'string', enum: ['error', 'warning'], description: 'error makes valid false; warning never does.' },
        message: { ...nonEmpty, description: 'Human-readable explanation.' },
        evidence: {
            type: 'object',
            description: 'Structured detail per code: claim values, policy values, offending URI, evidence.field (a JSON Pointer into the request). Never a token, secret or key.',
        },
        remediation: { ...nonEmpty, description: 'Suggested fix, when one applies cleanly.' },
    },
};
const passFail = { type: 'string', enum: ['pass', 'fail'] };
const findings = { type: 'array', items: findingSchema };
const validateResponseSchema = {
    title: 'ValidateResponse',
    type: 'object',
    additionalProperties: false,
    required: ['valid', 'statuses', 'findings', 'summary', 'metadata'],
    properties: {
        valid: { type: 'boolean', description: 'True only when every status passes.' },
        statuses: {
            type: 'object',
            additionalProperties: false,
            required: ['signature', 'issuer', 'audience', 'algorithm', 'time', 'required_claims'],
            properties: {
                signature: passFail,
                issuer: passFail,
                audience: passFail,
                algorithm: passFail,
                time: passFail,
                required_claims: passFail,
            },
        },
        findings: { ...findings, description: 'Errors only; empty when valid is true. Warnings are in metadata.warnings.' },
        summary: { ...nonEmpty, description: 'One-sentence outcome.' },
        claim_diff: {
            type: 'object',
            description: 'Present when an issuer, audience or required-claims check failed: expected (policy) against actual (token; null when absent).',
            additionalProperties: {
                type: 'object',
                additionalProperties: false,
                required: ['expected', 'actual'],
                properties: { expected: {}, actual: {} },
            },
        },
        metadata: {
            type: 'object',
            additionalProperties: false,
            properties: {
                alg: { type: 'string', description: 'The token header alg.' },
                kid: { type: 'string', description: 'The token header kid, when present.' },
                key_source: { type: 'string', enum: ['secret', 'public_key', 'jwks'] },
                jwks_cache: { type: 'string', enum: ['hit', 'miss', 'refreshed', 'stale'], description: 'JWKS trust sources only.' },
                signature_cache: {
                    type: 'string',
                    enum: ['hit', 'miss'],
                    description: 'Present when the verification cache is on and a key was tried: hit when a signature check that passed before with the same key was reused (claims and times are judged on every call), miss when the signature was verified.',
                },
                warnings: { ...findings, description: 'Findings of severity warning; they never change valid.' },
                request_id: { ...nonEmpty, description: 'The request id (the X-Request-Id header): the one sent, or a generated one.' },
            },
        },
    },
};
const lintResponseSchema = {
    title: 'LintResponse',
    type: 'object',
    additionalProperties: false,
    required: ['valid', 'findings', 'summary'],
    properties: {
        valid: { type: 'boolean', description: 'True when no finding of severity error was emitted.' },
        findings,
        summary: { ...nonEmpty, description: 'One-sentence outcome, with the number of errors (and warnings) when there are any.' },
    },
};
const caseOutcome = { type: 'string', enum: ['allow', 'deny'] };
const trustPolicyResponseSchema = {
    title: 'TrustPolicyResponse',
    type: 'object',
    additionalProperties: false,
    required: ['valid', 'findings', 'summary', 'metadata'],
    properties: {
        valid: { type: 'boolean', description: 'True when no finding of severity error was emitted.' },
        findings,
        summary: { ...nonEmpty, description: 'One-sentence outcome, with the number of errors (and warnings) when there are any.' },
        metadata: {
            type: 'object',
            additionalProperties: false,
            required: ['issuer', 'conditions', 'cases'],
            properties: {
                issuer: { type: 'string', description: 'The issuer evaluated (the default applied).' },
                conditions: {
                    type: 'array',
                    description: 'Every condition evaluated, from the request or from the trust document, once each (conditions the checker cannot evaluate are findings instead).',
                    items: {
                        type: 'object',
                        additionalProperties: false,
                        required: ['field', 'effect', 'claim', 'operator', 'values'],
                        properties: {
                            field: { type: 'string', description: 'JSON Pointer to the condition in the request.' },
                            effect: { type: 'string', enum: ['Allow', 'Deny'], description: 'The effect of the statement the condition is in.' },
                            claim: { type: 'string', description: 'The claim, in lower case (AWS compares key names ignoring case).' },
                            operator: { type: 'string', description: 'The operator as written: StringLike, ForAnyValue:StringNotEqualsIfExists, Null, …' },
                            values: { type: 'array', items: { type: 'string' }, description: 'The values; for Null, "true" (the claim must be absent) or "false".' },
                        },
                    },
                },
                cases: {
                    type: 'array',
                    description: 'Each case with its outcome, in request order.',
                    items: {
                        type: 'object',
                        additionalProperties: false,
                        required: ['name', 'expect', 'outcome'],
                        properties: { name: nonEmpty, expect: caseOutcome, outcome: caseOutcome },
                    },
                },
                request_id: { ...nonEmpty, description: 'The request id (the X-Request-Id header): the one sent, or a generated one.' },
            },
        },
    },
};
const discoverResponseSchema = {
    title: 'DiscoverResponse',
    type: 'object',
    additionalProperties: false,
    required: ['valid', 'issuer', 'discovery_uri', 'jwks_uri', 'metadata', 'findings', 'summary'],
    properties: {
        valid: { type: 'boolean', description: 'True when no finding of severity error was emitted.' },
        issuer: { type: 'string', description: 'The issuer as requested.' },
        discovery_uri: { type: ['string', 'null'], description: 'The discovery document URL that answered, or null.' },
        jwks_uri: { type: ['string', 'null'], description: 'The jwks_uri the document names, or null.' },
        metadata: { type: 'object', description: 'The signing-algorithm and endpoint fields of the discovery document.' },
        findings,
        summary: nonEmpty,
    },
};
/**
 * Problem codes: the engine's refusals (MALFORMED_TOKEN, REQUEST_INVALID), the HTTP-level ones
 * (BAD_REQUEST for bytes that are not HTTP, HEADERS_TOO_LARGE), and TIMEOUT for a request that
 * overran its 10 s budget.
 */
const PROBLEM_CODES = [
    'BAD_REQUEST',
    'HEADERS_TOO_LARGE',
    'MALFORMED_TOKEN',
    'REQUEST_INVALID',
    'UNAUTHORIZED',
    'NOT_FOUND',
    'METHOD_NOT_ALLOWED',
    'PAYLOAD_TOO_LARGE',
    'UNSUPPORTED_MEDIA_TYPE',
    'TIMEOUT',
    'INTERNAL',
];
const problemSchema = {
    title: 'Problem',
    description: 'RFC 9457 problem details, media type application/problem+json.',
    type: 'object',
    additionalProperties: false,
    required: ['type', 'title', 'status', 'detail', 'code'],
    properties: {
        type: { type: 'string', format: 'uri', description: 'Stable problem type URI (urn:oidc-gate:problem:<code>).' },
        title: { ...nonEmpty, description: 'Short summary of the problem type; the same for every occurrence.' },
        status: { type: 'integer', minimum: 400, maximum: 599 },
        detail: { ...nonEmpty, description: 'What went wrong with this request. Never quotes a token, secret or key.' },
        code: { type: 'string', enum: PROBLEM_CODES },
        errors: {
            type: 'array',
            description: 'REQUEST_INVALID only: one entry per offending field.',
            minItems: 1,
            items: {
                type: 'object',
                additionalProperties: false,
                required: ['pointer', 'message'],
                properties: {
                    pointer: { type: 'string', description: 'JSON Pointer (RFC 6901) into the request body; "" is the whole body.' },
                    message: nonEmpty,
                },
            },
        },
    },
};
const healthSchema = {
    title: 'Health',
    type: 'object',
    additionalProperties: false,
    required: ['status'],
    properties: { status: { type: 'string', enum: ['ok', 'draining'] } },
};

;// CONCATENATED MODULE: ./src/engine/findings.ts
/**
 * The one way a finding code is defined, whatever its area. Optional fields left undefined are not
 * kept, so every definition has the same shape, and the result is frozen: the catalogue is shared by
 * every request.
 */
function defineFinding(definition) {
    const copy = Object.fromEntries(Object.entries(definition).filter(([, value]) => value !== undefined));
    return Object.freeze(copy);
}
/** A Finding of the given definition (a catalogue entry or a lint rule: anything with code, severity, remediation). */
function finding(definition, message, evidence, remediation = definition.remediation) {
    const f = { code: definition.code, severity: definition.severity, message };
    if (evidence !== undefined)
        f.evidence = evidence;
    if (remediation !== undefined)
        f.remediation = remediation;
    return f;
}

;// CONCATENATED MODULE: ./src/engine/check.ts

/** The check's entry in the finding catalogue, made by the same helper as every other code's. */
function checkDefinition(check, area) {
    const { code, severity, title, docs, remediation, alsoIn, why, fix, securitySeverity, example, sources } = check;
    return defineFinding({ code, severity, area, title, docs, remediation, alsoIn, why, fix, securitySeverity, example, sources });
}
/** The findings of every check of a registry on one context, in registry order. */
function runChecks(checks, ctx) {
    return checks.flatMap((check) => check.check(ctx));
}

;// CONCATENATED MODULE: ./src/engine/lint/types.ts

/** A finding of this rule; the same builder as every other finding. */
const report = finding;
/** The provider entry every lint example starts from: a sound configuration of the orders web app. */
const EXAMPLE_PROVIDER = [
    ['name', 'orders-web'],
    ['issuer', 'https://idp.example.com'],
    ['client_id', 'orders-web'],
    ['audiences', '[api://orders]'],
    ['jwks_uri', 'https://idp.example.com/keys'],
    ['redirect_uris', '\n      - https://orders.example.com/callback'],
    ['alg_policy', '\n      allowed_algs: [RS256]'],
];
/** Where the examples' provider serves its JWK Set. */
const EXAMPLE_JWKS_URI = 'https://idp.example.com/keys';
/**
 * A config file for a lint example: the sound provider entry with `changes` (a key's YAML value, a
 * value starting with a newline being a block; undefined removes the key; new keys come last).
 */
function providerExample(changes = {}) {
    const fields = new Map(EXAMPLE_PROVIDER);
    for (const [key, value] of Object.entries(changes)) {
        if (value === undefined)
            fields.delete(key);
        else
            fields.set(key, value);
    }
    const lines = [...fields].map(([key, value], i) => `${i === 0 ? '  - ' : '    '}${key}:${value.startsWith('\n') ? '' : ' '}${value}`);
    return ['providers:', ...lines, ''].join('\n');
}

;// CONCATENATED MODULE: ./src/engine/uri.ts
/**
 * Strict URI reading for lint, discovery and issuer profiles. WHATWG `new URL` is deliberately
 * forgiving (it trims spaces, accepts `https:host`, percent-encodes `{`), but an issuer is later
 * compared byte for byte with a token's `iss`, so a URI is judged as written, against RFC 3986.
 */
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;
// RFC 3986 unreserved + reserved characters; '%' is checked separately for a following hex pair.
const URI_CHAR = /[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]/;
const PCT = /^%[0-9A-Fa-f]{2}/;
function parseAbsoluteUri(raw) {
    if (raw.length === 0)
        return { ok: false, reason: 'is empty' };
    // eslint-disable-next-line no-control-regex
    if (/[\s\u0000-\u001f\u007f]/.test(raw))
        return { ok: false, reason: 'contains whitespace or control characters' };
    const m = SCHEME.exec(raw);
    if (m === null)
        return { ok: false, reason: 'is not an absolute URI (it has no scheme)' };
    const scheme = (m[1] ?? '').toLowerCase();
    if ((scheme === 'http' || scheme === 'https') && !raw.slice(m[0].length).startsWith('//')) {
        return { ok: false, reason: `must start with ${scheme}://` };
    }
    let url;
    try {
        url = new URL(raw);
    }
    catch {
        return { ok: false, reason: 'is not a parseable URI' };
    }
    if ((scheme === 'http' || scheme === 'https') && url.hostname === '')
        return { ok: false, reason: 'has no host' };
    return { ok: true, url, scheme, illegalChars: illegalUriChars(raw) };
}
/** Characters RFC 3986 does not allow anywhere in a URI, each listed once, in order of appearance. */
function illegalUriChars(raw) {
    const found = [];
    for (let i = 0; i < raw.length; i++) {
        const c = raw[i];
        if (c === '%') {
            if (PCT.test(raw.slice(i)))
                continue;
        }
        else if (URI_CHAR.test(c)) {
            continue;
        }
        if (!found.includes(c))
            found.push(c);
    }
    return found;
}
/**
 * Whether raw is an absolute https:// URI as written: the one https test of the engine, so a URI that
 * lint reports as INSECURE_URI is also one an issuer profile refuses. `userInfo: false` refuses user
 * info too (an issuer profile's jwks_uri and issuer: a URL with a password is a secret in the
 * configuration, and the fetcher refuses it anyway). Lint leaves user info to ISSUER_INVALID and
 * REDIRECT_URI_INVALID, so that one mistake is one finding.
 */
function isHttpsUri(raw, options = {}) {
    const p = parseAbsoluteUri(raw);
    if (!p.ok || p.scheme !== 'https')
        return false;
    return options.userInfo !== false || (p.url.username === '' && p.url.password === '');
}
/** RFC 6901 pointer from path segments. */
function pointer(...segments) {
    return segments.map((s) => `/${String(s).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}
/** A hint for two strings that differ only by a trailing slash or letter case (exact comparisons). */
function nearMiss(expected, actual) {
    if (expected === actual)
        return undefined;
    const strip = (s) => s.replace(/\/+$/, '');
    if (strip(expected) === strip(actual))
        return 'they differ only by a trailing slash, and the comparison is exact';
    if (expected.toLowerCase() === actual.toLowerCase())
        return 'they differ only in letter case, and the comparison is exact';
    return undefined;
}
/**
 * The URI for evidence: user info (which may hold a password) is replaced by "***". It runs to the
 * last @ of the authority, as the URL parser reads it, so a password holding an @ goes too.
 */
function redactUri(raw) {
    return raw.replace(/^([A-Za-z][A-Za-z0-9+.-]*:\/\/)[^/?#]*@/, '$1***@');
}

;// CONCATENATED MODULE: ./src/engine/lint/rules/check-skipped.ts


const checkSkipped = {
    code: 'CHECK_SKIPPED',
    severity: 'warning',
    title: 'A network check was not run (offline mode)',
    docs: 'In offline mode (CLI --offline, action network: false) nothing is fetched: one CHECK_SKIPPED warning per skipped fetch lists the checks that depend on it (evidence.checks), so a green offline run is never mistaken for a full one.',
    remediation: 'Run again with network access to check the JWKS.',
    alsoIn: ['discover'],
    why: 'An offline run checks the configuration as written but not what the provider serves: an unreachable, broken or unsafe JWKS, or a discovery document that disagrees with the configuration, goes unnoticed until a run with the network.',
    fix: 'Run again with network access (drop --offline; in the action, network: true) so the JWKS and the discovery document are fetched and checked. evidence.checks lists what was not run.',
    securitySeverity: 2.0,
    example: {
        scenario: 'A provider with discover: true, checked offline: neither its discovery document nor its JWKS is fetched.',
        config: providerExample({ discover: 'true' }),
        offline: true,
    },
    check({ jwks, skippedChecks }) {
        if (jwks.state !== 'skipped' || skippedChecks.length === 0)
            return [];
        return [
            report(checkSkipped, `jwks_uri was not fetched (offline mode); not run: ${skippedChecks.join(', ')}.`, {
                field: '/jwks_uri',
                uri: redactUri(jwks.uri),
                checks: skippedChecks,
            }),
        ];
    },
};

;// CONCATENATED MODULE: ./src/engine/lint/cert-expiry.ts
/**
 * When a certificate counts as expiring: shared by the TLS endpoint check and the x5c checks, so both
 * warn at the same distance and count days the same way.
 */
/** A certificate that expires within this many days draws a warning: two weeks to renew before an outage. */
const EXPIRY_WARNING_DAYS = 14;
const DAY_MS = 86_400_000;
/** `notAfter` (ISO 8601) judged at `now` (the engine clock, ms since the epoch). */
function certificateExpiry(notAfter, now) {
    const left = Date.parse(notAfter) - now;
    return { expired: left <= 0, withinWarning: left < EXPIRY_WARNING_DAYS * DAY_MS, daysLeft: Math.trunc(left / DAY_MS) + 0 };
}
/** When a certificate that has not expired yet will: "in 3 days", "within a day". */
function describeDaysLeft(daysLeft) {
    if (daysLeft <= 0)
        return 'within a day';
    return `in ${daysLeft} day${daysLeft === 1 ? '' : 's'}`;
}

;// CONCATENATED MODULE: ./src/engine/lint/rules/endpoint-cert-expiring.ts



const endpointCertExpiring = {
    code: 'ENDPOINT_CERT_EXPIRING',
    severity: 'warning',
    title: `The TLS certificate of the JWKS or discovery endpoint expires within ${EXPIRY_WARNING_DAYS} days`,
    docs: `Read from the TLS connection that fetched the document: the server certificate (the leaf) that expires first among the connections of the fetch, redirects included, since any of them expiring breaks it. It warns when that certificate expires within ${EXPIRY_WARNING_DAYS} days of the engine's clock; evidence.uri names the connection, evidence.not_after the date and evidence.days_left the whole days left. Lint checks jwks_uri, discovery the discovery document.`,
    remediation: 'Renew the endpoint\'s certificate (or ask the provider to) before it expires, and check that its renewal is automated.',
    alsoIn: ['discover'],
    why: 'The day the certificate expires, every validator that fetches keys from the endpoint fails its TLS handshake: once cached keys run out, no token verifies and sign-in stops for everyone. A scheduled audit that warns two weeks ahead turns that outage into a ticket.',
    securitySeverity: 4.3,
    example: {
        scenario: 'The certificate of the JWKS endpoint runs out in 5 days: a scheduled audit warns now.',
        transcript: '.github/oidc-gate/identity.yml:6:5  warning  ENDPOINT_CERT_EXPIRING  The TLS certificate of https://idp.example.com/keys expires in 5 days (2026-03-06T12:00:00.000Z). [provider orders-web]',
    },
    needsJwks: true,
    check({ jwks, now }) {
        if (jwks.state !== 'fetched' || jwks.tls === undefined)
            return [];
        return certificateExpiring(jwks.tls, now, '/jwks_uri');
    },
};
/** The finding for a certificate a fetch saw, if it expires within the warning window; `field` is the request member fetched. */
function certificateExpiring(tls, now, field) {
    const expiry = certificateExpiry(tls.notAfter, now);
    if (!expiry.withinWarning)
        return [];
    const uri = redactUri(tls.url);
    const when = expiry.expired ? `expired on ${tls.notAfter}` : `expires ${describeDaysLeft(expiry.daysLeft)} (${tls.notAfter})`;
    return [report(endpointCertExpiring, `The TLS certificate of ${uri} ${when}.`, { field, uri, not_after: tls.notAfter, days_left: expiry.daysLeft })];
}

;// CONCATENATED MODULE: ./src/engine/lint/rules/insecure-uri.ts


const insecureUri = {
    code: 'INSECURE_URI',
    severity: 'error',
    title: 'A URI is not https:// while https_required is true',
    docs: 'With https_required (the default), issuer, jwks_uri, discovered_jwks_uri and every redirect URI must be absolute https:// URLs: keys fetched or codes delivered over plain HTTP can be swapped or read on the way. A value that is not a URL at all is reported too, since it is not https either.',
    remediation: 'Use the https:// form of the URI, or set https_required: false only for a local test setup.',
    alsoIn: ['discover'],
    why: 'Whoever sits on the network path of a plain-HTTP fetch can answer it: a JWKS fetched over HTTP can be replaced with the attacker\'s own keys (and then every forged token verifies), and an authorization code sent to an HTTP redirect URI can be read and redeemed.',
    securitySeverity: 7.4,
    example: {
        scenario: 'The JWKS is fetched over plain HTTP.',
        config: providerExample({ jwks_uri: 'http://idp.example.com/keys' }),
    },
    check({ request, httpsRequired }) {
        if (!httpsRequired)
            return [];
        // [pointer, label for the message, value], in request field order.
        const fields = [
            [pointer('issuer'), 'issuer', request.issuer],
            [pointer('jwks_uri'), 'jwks_uri', request.jwks_uri],
            ...request.redirect_uris.map((u, i) => [pointer('redirect_uris', i), `redirect_uris[${i}]`, u]),
            [pointer('discovered_jwks_uri'), 'discovered_jwks_uri', request.discovered_jwks_uri],
        ];
        return fields
            .filter((f) => f[2] !== undefined && !isHttpsUri(f[2]))
            .map(([field, label, uri]) => report(insecureUri, `${label} is not an https:// URI.`, { field, uri: redactUri(uri) }));
    },
};

;// CONCATENATED MODULE: ./src/engine/issuer-template.ts
/**
 * Microsoft Entra ID's multi-tenant issuer templates.
 *
 * Entra's tenant-independent discovery documents do not name one issuer: they publish a template with a
 * `{tenantid}` placeholder, because every tenant signs its tokens with its own issuer. Microsoft's
 * "Access tokens in the Microsoft identity platform" page (learn.microsoft.com/entra/identity-platform/access-tokens,
 * "Validate the issuer", "Multitenant applications") says that
 * https://login.microsoftonline.com/common/v2.0/.well-known/openid-configuration and
 * https://login.microsoftonline.com/organizations/v2.0/.well-known/openid-configuration return the issuer
 * https://login.microsoftonline.com/{tenantid}/v2.0, and that an application using them must check that the
 * token's `tid` claim is a GUID and that `iss` is exactly the template with that `tid` put in place of
 * `{tenantid}`. Microsoft's older "How to convert an app to be multi-tenant" page says the same of the v1.0
 * document at https://login.microsoftonline.com/common/.well-known/openid-configuration, whose issuer is
 * https://sts.windows.net/{tenantid}/.
 *
 * Only these exact strings are templates. Any other `{`…`}` in an issuer stays what it was (ISSUER_INVALID
 * in lint, a mismatch in validation): a placeholder nobody documents is not something to guess at.
 */
/** Each accepted template and the tenant-independent discovery locations Microsoft documents as publishing it. */
const TEMPLATES = new Map([
    ['https://login.microsoftonline.com/{tenantid}/v2.0', ['https://login.microsoftonline.com/common/v2.0', 'https://login.microsoftonline.com/organizations/v2.0']],
    ['https://sts.windows.net/{tenantid}/', ['https://login.microsoftonline.com/common']],
]);
const TENANT_PLACEHOLDER = '{tenantid}';
/** A tenant ID as Entra writes it in `tid`: a GUID, lower-case hex, 8-4-4-4-12. Anything else is refused. */
const TENANT_ID_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
const TENANT_ID = new RegExp(TENANT_ID_PATTERN);
/** True only for Microsoft's published templates, byte for byte. */
function isTenantTemplate(issuer) {
    return TEMPLATES.has(issuer);
}
function isTenantId(value) {
    return typeof value === 'string' && TENANT_ID.test(value);
}
/** The issuer a token of tenant `tid` carries under `template`. Call only with a template and a checked tenant ID. */
function issuerForTenant(template, tid) {
    return template.replace(TENANT_PLACEHOLDER, tid);
}
/**
 * Where to fetch the discovery document of a template issuer: the tenant-independent document that
 * publishes it (the `common` one). Undefined for any other issuer, whose document is under itself.
 */
function templateDiscoveryBase(issuer) {
    return TEMPLATES.get(issuer)?.[0];
}
/**
 * The template a tenant-independent location publishes (`https://login.microsoftonline.com/common/v2.0`
 * publishes the v2.0 template), or undefined when `base` is no such location.
 */
function templatePublishedAt(base) {
    for (const [template, bases] of TEMPLATES)
        if (bases.includes(base))
            return template;
    return undefined;
}
/**
 * Whether a discovery document fetched for `configured` may name `published` as its issuer: exactly the
 * same string (Discovery's own rule), or the pairing Microsoft documents, where the tenant-independent
 * location (`/common/v2.0`, `/organizations/v2.0`, v1.0 `/common`) publishes its template.
 */
function documentSpeaksFor(configured, published) {
    if (configured === published)
        return true;
    return isTenantTemplate(published) && templatePublishedAt(configured) === published;
}

;// CONCATENATED MODULE: ./src/engine/lint/rules/issuer-invalid.ts



/**
 * Why an issuer string is not a valid issuer identifier; empty when it is one. Discovery shares it.
 * Microsoft Entra ID's published multi-tenant templates (https://login.microsoftonline.com/{tenantid}/v2.0
 * and https://sts.windows.net/{tenantid}/, exactly) are valid: validation fills in the token's tid.
 */
function issuerProblems(raw) {
    if (isTenantTemplate(raw))
        return [];
    const p = parseAbsoluteUri(raw);
    if (!p.ok)
        return [p.reason];
    const problems = [];
    if (p.url.username !== '' || p.url.password !== '')
        problems.push('carries user info');
    if (raw.includes('?'))
        problems.push('has a query');
    if (raw.includes('#'))
        problems.push('has a fragment');
    if (p.illegalChars.length > 0) {
        problems.push(`contains characters not allowed in a URL (${p.illegalChars.join(' ')})${p.illegalChars.includes('{') ? ', probably an unfilled template' : ''}`);
    }
    return problems;
}
/** OIDC Core §2 / Discovery §2: the issuer is an https URL with no query or fragment. */
const issuerInvalid = {
    code: 'ISSUER_INVALID',
    severity: 'error',
    title: 'The issuer is not an absolute URL, or carries a query, fragment or user info',
    docs: 'The issuer is compared byte for byte with the iss claim and is the base of discovery, so it must be an absolute URL without query, fragment or user info (OpenID Connect Discovery §2), written with RFC 3986 characters only: a template such as {tenantid} never matches a real token. The one exception is Microsoft Entra ID\'s multi-tenant issuer exactly as its tenant-independent discovery documents publish it, https://login.microsoftonline.com/{tenantid}/v2.0 (or the v1.0 https://sts.windows.net/{tenantid}/): validation then requires iss to be that template with the token\'s tid claim in place of {tenantid}, and tenants: can list the tenants to accept.',
    remediation: 'Set issuer to the exact iss value the provider puts in its tokens, e.g. https://login.example.com/tenant-id.',
    alsoIn: ['discover'],
    why: 'No token ever carries an issuer that is not a plain URL, so every token fails ISSUER_MISMATCH; and a template left in the configuration (a {tenantid} placeholder) usually means whoever set it up meant to accept a whole family of issuers, which exact matching will never do.',
    securitySeverity: 5.3,
    example: {
        scenario: 'The issuer was copied from a multi-tenant provider\'s documentation with its {tenantid} placeholder still in it.',
        config: providerExample({ issuer: 'https://login.example.com/{tenantid}/v2.0' }),
    },
    check({ request }) {
        const problems = issuerProblems(request.issuer);
        if (problems.length === 0)
            return [];
        return [report(issuerInvalid, `issuer ${problems.join(', ')}.`, { field: '/issuer', uri: redactUri(request.issuer), problems })];
    },
};

;// CONCATENATED MODULE: ./src/engine/summary.ts
/**
 * The one-sentence `summary` of every response. A reader of a CI log sees only this line, so it
 * counts errors and warnings and names each code once, in finding order.
 */
/** "1 error", "2 errors". */
function plural(n, word) {
    return `${n} ${word}${n === 1 ? '' : 's'}`;
}
/** The codes of these findings, each once, in order: "A, B". */
function codeList(findings) {
    return [...new Set(findings.map((f) => f.code))].join(', ');
}
/**
 * Lint and discovery, whose findings hold errors and warnings together:
 * "<Subject> is invalid: 2 errors, 1 warning (A, B, C)." / "<Subject> is valid." /
 * "<Subject> is valid with 1 warning (C)."
 */
function summarise(subject, findings) {
    const errors = findings.filter((f) => f.severity === 'error').length;
    const warnings = findings.length - errors;
    const codes = codeList(findings);
    if (errors > 0) {
        return `${subject} is invalid: ${plural(errors, 'error')}${warnings > 0 ? `, ${plural(warnings, 'warning')}` : ''} (${codes}).`;
    }
    if (warnings > 0)
        return `${subject} is valid with ${plural(warnings, 'warning')} (${codes}).`;
    return `${subject} is valid.`;
}
/**
 * Validation, which keeps its warnings apart from its findings (a valid token has no findings):
 * "Token is valid.", "Token is valid (1 warning: EXPIRATION_MISSING).",
 * "Token is invalid: 2 errors (AUDIENCE_MISMATCH, TOKEN_EXPIRED); 1 warning: WEAK_SECRET."
 */
function summariseToken(errors, warnings) {
    const warned = warnings.length > 0 ? `${plural(warnings.length, 'warning')}: ${codeList(warnings)}` : '';
    if (errors.length === 0)
        return warned ? `Token is valid (${warned}).` : 'Token is valid.';
    const base = `Token is invalid: ${plural(errors.length, 'error')} (${codeList(errors)})`;
    return warned ? `${base}; ${warned}.` : `${base}.`;
}

;// CONCATENATED MODULE: ./src/engine/discovery/fetch.ts


/**
 * Where and how a provider's discovery document is fetched. POST /v1/providers/discover and issuer
 * profiles with `discovery: true` both fetch through here, so they look in the same places, in the
 * same order, and blame the same failure.
 */
/**
 * The discovery URLs to try, in order: OpenID Connect Discovery §4 (one terminating "/" of the
 * issuer removed, then /.well-known/openid-configuration appended), then RFC 8414 §3.1 (the
 * well-known segment inserted between host and path). Undefined when the issuer is no http(s) URL.
 * Microsoft Entra ID's multi-tenant template (https://login.microsoftonline.com/{tenantid}/v2.0) is no
 * location: its document is the tenant-independent one that publishes it, under /common/v2.0.
 */
function discoveryUris(issuer) {
    const p = parseAbsoluteUri(templateDiscoveryBase(issuer) ?? issuer);
    if (!p.ok || (p.scheme !== 'https' && p.scheme !== 'http'))
        return undefined;
    // Built from origin + path: query, fragment and user info of a bad issuer are never sent anywhere.
    const path = p.url.pathname.replace(/\/$/, '');
    return {
        openid: `${p.url.origin}${path}/.well-known/openid-configuration`,
        oauth: `${p.url.origin}/.well-known/oauth-authorization-server${path}`,
    };
}
/**
 * Fetch the discovery document of an issuer: the OpenID Connect location, then the RFC 8414 one
 * when the first gave no JSON. A JSON answer that is not an object stops the search: the provider
 * answered, and a second guess would hide what it got wrong. `allowHttp` lets a lint with
 * https_required: false fetch a plain-http issuer.
 */
async function fetchDiscoveryDocument(fetcher, issuer, options) {
    const uris = discoveryUris(issuer);
    if (uris === undefined)
        return { state: 'not_http' };
    const attempts = [];
    for (const uri of [uris.openid, uris.oauth]) {
        const result = await fetcher.getJson(uri, { allowHttp: options.allowHttp });
        if (result.ok) {
            const doc = result.json;
            if (typeof doc !== 'object' || doc === null || Array.isArray(doc))
                return { state: 'not_an_object', uri };
            const fetched = { state: 'fetched', uri, document: doc };
            if (result.tls !== undefined)
                fetched.tls = result.tls;
            return fetched;
        }
        const attempt = { uri, reason: result.reason, detail: result.detail };
        if (result.status !== undefined)
            attempt.status = result.status;
        attempts.push(attempt);
    }
    return { state: 'unreachable', attempts: attempts };
}

;// CONCATENATED MODULE: ./src/engine/discovery/findings.ts


/** A provider's discovery document as the examples' provider serves it, with `changes` (undefined drops a member). */
function discoveryDocument(changes = {}) {
    const document = {
        issuer: 'https://idp.example.com',
        authorization_endpoint: 'https://idp.example.com/authorize',
        token_endpoint: 'https://idp.example.com/token',
        jwks_uri: 'https://idp.example.com/keys',
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        ...changes,
    };
    return Object.fromEntries(Object.entries(document).filter(([, value]) => value !== undefined));
}
/** A discovery example: the examples' provider with discover: true, and what its discovery URL serves (nothing: HTTP 404). */
function discoveryExample(scenario, document) {
    const config = providerExample({ discover: 'true' });
    return document === undefined
        ? { scenario, config }
        : { scenario, config, served: { 'https://idp.example.com/.well-known/openid-configuration': document } };
}
/**
 * Discovery findings: what can go wrong fetching and reading a provider's discovery document.
 * Discovery also reports INSECURE_URI, ISSUER_INVALID and CHECK_SKIPPED, whose definitions belong to
 * the lint rules, so each code has one meaning wherever it appears. Every discovery finding is about
 * the request's issuer, so evidence.field is "/issuer"; evidence.member names the document member.
 */
const DISCOVERY_FINDINGS = {
    DISCOVERY_UNREACHABLE: defineFinding({
        code: 'DISCOVERY_UNREACHABLE', severity: 'error', area: 'discover',
        title: 'Neither the OpenID Connect nor the RFC 8414 discovery document gave a 2xx JSON answer',
        remediation: 'Check the issuer URL: discovery is fetched from <issuer>/.well-known/openid-configuration.',
        why: 'Without the discovery document nothing can be checked against what the provider publishes (its issuer, its jwks_uri), and clients that configure themselves from it cannot start.',
        securitySeverity: 5.3,
        example: discoveryExample('Neither discovery URL of the issuer answers (HTTP 404): the issuer is probably missing a path segment such as a realm or tenant.'),
    }),
    DISCOVERY_INVALID: defineFinding({
        code: 'DISCOVERY_INVALID', severity: 'error', area: 'discover',
        title: 'The discovery document is not a JSON object, or a member has the wrong type',
        remediation: 'Publish metadata as in OpenID Connect Discovery §3: strings for URLs, arrays of strings for *_supported.',
        why: 'Clients read the document to find the endpoints and keys to trust. A member of the wrong type is read differently by different libraries, or not at all, so what they end up trusting is anyone\'s guess.',
        securitySeverity: 5.3,
        example: discoveryExample('The document lists its response types as a string instead of an array.', discoveryDocument({ response_types_supported: 'code' })),
    }),
    DISCOVERY_ISSUER_MISMATCH: defineFinding({
        code: 'DISCOVERY_ISSUER_MISMATCH', severity: 'error', area: 'discover',
        title: 'The issuer in the discovery document is not exactly the issuer requested',
        remediation: 'Configure the issuer exactly as the provider publishes it (OpenID Connect Discovery §4.3): letter case and a trailing slash matter.',
        why: 'A client must check that the document it fetched speaks for the issuer it asked (OpenID Connect Discovery §4.3): otherwise a document served elsewhere, or by another tenant of the same host, can point it at keys and endpoints it should not trust, and tokens with the document\'s issuer will fail the client\'s exact issuer check anyway.',
        securitySeverity: 7.4,
        example: discoveryExample('The provider publishes its issuer with a trailing slash; the configuration has none.', discoveryDocument({ issuer: 'https://idp.example.com/' })),
    }),
    METADATA_MISSING: defineFinding({
        code: 'METADATA_MISSING', severity: 'error', area: 'discover',
        title: 'A metadata member required by OpenID Connect Discovery §3 is absent',
        remediation: 'Ask the provider to publish the member; without it relying parties cannot configure themselves.',
        why: 'Relying parties configure themselves from these members. A provider without id_token_signing_alg_values_supported, for instance, leaves each client to guess which algorithms to accept.',
        securitySeverity: 4.3,
        example: discoveryExample('The document does not say which algorithms sign its ID tokens.', discoveryDocument({ id_token_signing_alg_values_supported: undefined })),
    }),
};

;// CONCATENATED MODULE: ./src/engine/discovery/checks/context.ts
/** Where every metadata finding points: the request's issuer, and the document that was read. */
function documentEvidence(ctx) {
    return { field: '/issuer', discovery_uri: ctx.discoveryUri };
}
/** A member that is an array of strings, undefined when absent; a member of another type is DISCOVERY_INVALID's and not read. */
function stringList(doc, member) {
    const value = doc[member];
    if (value === undefined)
        return undefined;
    return Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : 'wrong_type';
}
/** A response type's values: "code id_token" and "id_token code" are the same set (OAuth Multiple Response Types). */
function responseTypeValues(responseType) {
    return responseType.split(' ').filter((v) => v !== '');
}

;// CONCATENATED MODULE: ./src/engine/discovery/checks/alg-none.ts



const discoveryAlgNone = {
    code: 'DISCOVERY_ALG_NONE',
    severity: 'error',
    title: 'The provider offers unsigned ID tokens (none in id_token_signing_alg_values_supported)',
    docs: 'id_token_signing_alg_values_supported lists "none" (in any letter case). evidence.alg is the entry as written.',
    remediation: 'Ask the provider to drop "none" from id_token_signing_alg_values_supported, and never list none in a relying party\'s allowed_algs.',
    why: 'An unsigned ID token proves nothing: anyone can write one. A client library that configures its accepted algorithms from discovery inherits "none" and accepts forged tokens; OpenID Connect allows it only for tokens that come straight from the token endpoint, which few clients can guarantee.',
    securitySeverity: 8.1,
    example: discoveryExample('The provider advertises unsigned ID tokens beside RS256.', discoveryDocument({ id_token_signing_alg_values_supported: ['RS256', 'none'] })),
    check(ctx) {
        const algs = stringList(ctx.document, 'id_token_signing_alg_values_supported');
        return (Array.isArray(algs) ? algs : []).filter((alg) => alg.toLowerCase() === 'none').map((alg) => finding(discoveryAlgNone, `The provider offers unsigned ID tokens: id_token_signing_alg_values_supported lists "${alg}".`, { ...documentEvidence(ctx), member: 'id_token_signing_alg_values_supported', alg }));
    },
};

;// CONCATENATED MODULE: ./src/engine/discovery/checks/implicit-flow.ts



const discoveryImplicitFlow = {
    code: 'DISCOVERY_IMPLICIT_FLOW',
    severity: 'warning',
    title: 'The provider offers response types that return access tokens from the authorization endpoint',
    docs: 'A response type in response_types_supported includes "token" (token, id_token token, code token, code id_token token, in any order): the implicit or a hybrid flow that puts an access token in the redirect. evidence.response_types lists them.',
    remediation: 'Use the authorization code flow with PKCE in every client, and ask the provider to turn off response types with "token" for your clients.',
    why: 'An access token in the front channel leaks through browser history, referrer headers and logs, and can be injected or replayed; RFC 9700 says clients should not use these response types.',
    securitySeverity: 4.3,
    example: discoveryExample('The provider offers the implicit flow beside the code flow.', discoveryDocument({ response_types_supported: ['code', 'token', 'id_token token'] })),
    check(ctx) {
        const responseTypes = stringList(ctx.document, 'response_types_supported');
        const withToken = Array.isArray(responseTypes) ? responseTypes.filter((t) => responseTypeValues(t).includes('token')) : [];
        if (withToken.length === 0)
            return [];
        return [finding(discoveryImplicitFlow, `The provider offers response types that return an access token from the authorization endpoint: ${withToken.map((t) => `"${t}"`).join(', ')}.`, { ...documentEvidence(ctx), member: 'response_types_supported', response_types: withToken })];
    },
};

;// CONCATENATED MODULE: ./src/engine/discovery/checks/pkce-method-invalid.ts



/** The PKCE methods of the IANA "PKCE Code Challenge Methods" registry (RFC 7636 §6.2). Names are case-sensitive. */
const REGISTERED_PKCE_METHODS = ['plain', 'S256'];
const discoveryPkceMethodInvalid = {
    code: 'DISCOVERY_PKCE_METHOD_INVALID',
    severity: 'warning',
    title: 'code_challenge_methods_supported lists a name that is no registered PKCE method',
    docs: 'The IANA PKCE Code Challenge Methods registry holds "plain" and "S256" only, and the names are case-sensitive. evidence.methods lists the other names, as written.',
    remediation: 'Ask the provider to list only registered methods (S256, and plain only if it must); signature algorithm names such as RS256 are not PKCE methods.',
    why: 'A client that picks a method from the list may choose a name the provider does not implement as PKCE, and then either fails or sends no usable challenge. A wrong list also shows that nobody checked the PKCE support it describes.',
    securitySeverity: 2.0,
    example: discoveryExample('The provider lists signature algorithm names among its PKCE methods.', discoveryDocument({ code_challenge_methods_supported: ['RS256', 'ES256', 'S256'] })),
    check(ctx) {
        const methods = stringList(ctx.document, 'code_challenge_methods_supported');
        const unregistered = Array.isArray(methods) ? methods.filter((m) => !REGISTERED_PKCE_METHODS.includes(m)) : [];
        if (unregistered.length === 0)
            return [];
        const hints = unregistered.flatMap((m) => REGISTERED_PKCE_METHODS.filter((r) => r.toLowerCase() === m.toLowerCase()).map((r) => `"${m}" should be "${r}"`));
        return [finding(discoveryPkceMethodInvalid, `code_challenge_methods_supported lists ${unregistered.map((m) => `"${m}"`).join(', ')}, which ${unregistered.length === 1 ? 'is no registered PKCE method' : 'are no registered PKCE methods'} (registered: plain, S256)${hints.length > 0 ? `; ${hints.join(', ')}` : ''}.`, { ...documentEvidence(ctx), member: 'code_challenge_methods_supported', methods: unregistered })];
    },
};

;// CONCATENATED MODULE: ./src/engine/discovery/checks/pkce-missing.ts



const discoveryPkceMissing = {
    code: 'DISCOVERY_PKCE_MISSING',
    severity: 'warning',
    title: 'The provider offers the authorization code flow but does not advertise PKCE S256',
    docs: 'When a response type in response_types_supported includes "code", code_challenge_methods_supported must list S256 (RFC 7636). An absent member counts as no PKCE, as RFC 8414 §2 defines it; evidence.methods is then null. Providers with no code response type (such as GitHub Actions\' token-only issuer) are not judged.',
    remediation: 'Ask the provider to support PKCE with S256 and to list it in code_challenge_methods_supported; use S256 in every client.',
    why: 'Without PKCE an intercepted or injected authorization code can be redeemed by someone else (RFC 9700 requires PKCE for public clients and recommends it for all). Client libraries that configure themselves from discovery skip PKCE when S256 is not advertised, even if the provider would accept it.',
    securitySeverity: 5.3,
    example: discoveryExample('The provider offers the code flow and lists no PKCE method.', discoveryDocument({ code_challenge_methods_supported: undefined })),
    check(ctx) {
        const responseTypes = stringList(ctx.document, 'response_types_supported');
        const methods = stringList(ctx.document, 'code_challenge_methods_supported');
        const offersCode = Array.isArray(responseTypes) && responseTypes.some((t) => responseTypeValues(t).includes('code'));
        if (!offersCode || methods === 'wrong_type' || (methods ?? []).includes('S256'))
            return [];
        return [finding(discoveryPkceMissing, methods === undefined
                ? 'The provider offers the authorization code flow but publishes no code_challenge_methods_supported, so it advertises no PKCE.'
                : `The provider offers the authorization code flow but code_challenge_methods_supported does not list S256${methods.length > 0 ? ` (it lists ${methods.join(', ')})` : ''}.`, {
                ...documentEvidence(ctx), member: 'code_challenge_methods_supported', methods: methods ?? null,
            })];
    },
};

;// CONCATENATED MODULE: ./src/engine/discovery/checks/registry.ts





/**
 * Every check of a provider's published metadata, in the order a discovery response lists their
 * findings (after those about fetching and reading the document): unsigned ID tokens, PKCE, the
 * front-channel flows. Adding a check is one module in this folder plus one line here.
 */
const DISCOVERY_METADATA_CHECKS = [
    discoveryAlgNone,
    discoveryPkceMissing,
    discoveryPkceMethodInvalid,
    discoveryImplicitFlow,
];
/** Each check's catalogue entry, in registry order. */
const DISCOVERY_METADATA_FINDINGS = DISCOVERY_METADATA_CHECKS.map((check) => checkDefinition(check, 'discover'));

;// CONCATENATED MODULE: ./src/engine/discovery/discover.ts














const F = DISCOVERY_FINDINGS;
/** Members OpenID Connect Discovery requires every provider to publish (token_endpoint is handled on its own: see below). */
const REQUIRED_MEMBERS = [
    'issuer', 'authorization_endpoint', 'jwks_uri', 'response_types_supported',
    'subject_types_supported', 'id_token_signing_alg_values_supported',
];
/** Checks that need the network, reported by CHECK_SKIPPED in offline mode. */
const NETWORK_CHECKS = [
    'DISCOVERY_UNREACHABLE', 'DISCOVERY_INVALID', 'DISCOVERY_ISSUER_MISMATCH', 'METADATA_MISSING', 'ENDPOINT_CERT_EXPIRING',
    ...DISCOVERY_METADATA_CHECKS.map((check) => check.code),
];
function isUrlMember(name) {
    return name === 'issuer' || name === 'jwks_uri' || name.endsWith('_endpoint');
}
/**
 * Members that OpenID Connect Discovery and OAuth server metadata (RFC 8414) define as JSON arrays of strings. Names
 * ending in _supported are not all lists (claims_parameter_supported is a boolean), so the list is
 * explicit; members nobody defined are not type-checked.
 */
const LIST_MEMBERS = new Set([
    'scopes_supported', 'response_types_supported', 'response_modes_supported', 'grant_types_supported',
    'acr_values_supported', 'subject_types_supported', 'claim_types_supported', 'claims_supported',
    'display_values_supported', 'claims_locales_supported', 'ui_locales_supported', 'code_challenge_methods_supported',
    'token_endpoint_auth_methods_supported', 'revocation_endpoint_auth_methods_supported',
    'introspection_endpoint_auth_methods_supported',
]);
/** Boolean members of OpenID Connect Discovery, Front- and Back-Channel Logout, and RFC 9207. */
const BOOLEAN_MEMBERS = new Set([
    'claims_parameter_supported', 'request_parameter_supported', 'request_uri_parameter_supported',
    'require_request_uri_registration', 'frontchannel_logout_supported', 'frontchannel_logout_session_supported',
    'backchannel_logout_supported', 'backchannel_logout_session_supported', 'authorization_response_iss_parameter_supported',
]);
function expectedType(name, value) {
    if (isUrlMember(name))
        return typeof value === 'string' ? undefined : 'a string';
    if (LIST_MEMBERS.has(name) || /_(alg|enc)_values_supported$/.test(name)) {
        return Array.isArray(value) && value.every((v) => typeof v === 'string') ? undefined : 'an array of strings';
    }
    if (BOOLEAN_MEMBERS.has(name))
        return typeof value === 'boolean' ? undefined : 'a boolean';
    return undefined;
}
/**
 * POST /v1/providers/discover. Throws RequestInvalidError (422) for a bad body; everything else is a
 * finding. Pure apart from the discovery fetches through ctx.fetcher.
 */
async function discoverProvider(body, ctx) {
    const request = parseDiscoverRequest(body);
    const issuer = request.issuer;
    const httpsRequired = request.https_required ?? true;
    const findings = [];
    const response = (discoveryUri, jwksUri, metadata) => ({
        valid: !findings.some((f) => f.severity === 'error'),
        // Echoed without its user info: a password written into the issuer URL must not come back in the answer.
        issuer: redactUri(issuer),
        discovery_uri: discoveryUri,
        jwks_uri: jwksUri,
        metadata,
        findings,
        summary: summarise('Provider metadata', findings),
    });
    const problems = issuerProblems(issuer);
    if (problems.length > 0) {
        findings.push(report(issuerInvalid, `issuer ${problems.join(', ')}.`, { field: '/issuer', uri: redactUri(issuer), problems }));
    }
    if (httpsRequired && !isHttpsUri(issuer)) {
        findings.push(report(insecureUri, 'issuer is not an https:// URI.', { field: '/issuer', uri: redactUri(issuer) }));
    }
    if (!ctx.fetcher.online) {
        findings.push(report(checkSkipped, `Discovery was not fetched (offline mode); not run: ${NETWORK_CHECKS.join(', ')}.`, {
            field: '/issuer',
            uri: discoveryUris(issuer)?.openid ?? redactUri(issuer),
            checks: NETWORK_CHECKS,
        }, 'Run again with network access to fetch and check the discovery document.'));
        return response(null, null, {});
    }
    const fetched = await fetchDiscoveryDocument(ctx.fetcher, issuer, { allowHttp: !httpsRequired });
    if (fetched.state === 'not_http') {
        findings.push(finding(F.DISCOVERY_UNREACHABLE, 'Discovery was not fetched: the issuer is not an http(s) URL.', {
            field: '/issuer', reason: 'blocked', attempts: [],
        }));
        return response(null, null, {});
    }
    if (fetched.state === 'unreachable') {
        const { attempts } = fetched;
        findings.push(finding(F.DISCOVERY_UNREACHABLE, `No discovery document: ${attempts.map((a) => `${a.uri} (${a.reason}: ${a.detail})`).join('; ')}.`, { field: '/issuer', reason: attempts[0].reason, attempts: attempts.map(({ uri, reason, status }) => (status === undefined ? { uri, reason } : { uri, reason, status })) }));
        return response(null, null, {});
    }
    if (fetched.state === 'not_an_object') {
        findings.push(finding(F.DISCOVERY_INVALID, `The discovery document at ${fetched.uri} is not a JSON object.`, {
            field: '/issuer', discovery_uri: fetched.uri,
        }));
        return response(fetched.uri, null, {});
    }
    const metadata = fetched.document;
    checkDocument(metadata, issuer, httpsRequired, fetched.uri, findings);
    findings.push(...runChecks(DISCOVERY_METADATA_CHECKS, { document: metadata, discoveryUri: fetched.uri }));
    if (fetched.tls !== undefined)
        findings.push(...certificateExpiring(fetched.tls, ctx.now(), '/issuer'));
    return response(fetched.uri, typeof metadata.jwks_uri === 'string' ? metadata.jwks_uri : null, pickMetadata(metadata));
}
function checkDocument(doc, issuer, httpsRequired, discoveryUri, findings) {
    const wrongType = new Set();
    for (const [member, value] of Object.entries(doc)) {
        const expected = expectedType(member, value);
        if (expected === undefined)
            continue;
        wrongType.add(member);
        findings.push(finding(F.DISCOVERY_INVALID, `Discovery member ${member} is not ${expected}.`, { field: '/issuer', member, discovery_uri: discoveryUri }));
    }
    const responseTypes = Array.isArray(doc.response_types_supported) ? doc.response_types_supported : undefined;
    // OpenID Connect Discovery requires token_endpoint "unless only the Implicit Flow is used", which the
    // document shows by offering only response types made of id_token and token.
    const implicitOnly = responseTypes !== undefined && responseTypes.length > 0 &&
        responseTypes.every((t) => t === 'id_token' || t === 'id_token token' || t === 'token id_token');
    const required = [...REQUIRED_MEMBERS];
    if (!implicitOnly)
        required.splice(2, 0, 'token_endpoint');
    // An issuer that offers no code flow sends no user to an authorization endpoint: GitHub's issues ID
    // tokens to workflows only and publishes none. Its absence is then worth a warning, not a failure.
    const noCodeFlow = responseTypes !== undefined && !responseTypes.some((t) => typeof t === 'string' && t.split(' ').includes('code'));
    for (const member of required) {
        if (doc[member] !== undefined)
            continue;
        const definition = member === 'authorization_endpoint' && noCodeFlow ? { ...F.METADATA_MISSING, severity: 'warning' } : F.METADATA_MISSING;
        const message = definition.severity === 'warning'
            ? `Discovery member ${member} is missing; the issuer offers no code flow (response_types_supported), so no client is sent to it.`
            : `Discovery member ${member} is missing.`;
        findings.push(finding(definition, message, { field: '/issuer', member, discovery_uri: discoveryUri }));
    }
    // Exact (Discovery §4.3), except the pairing Microsoft documents for Entra ID: its tenant-independent
    // documents (/common/v2.0, /organizations/v2.0) publish https://login.microsoftonline.com/{tenantid}/v2.0.
    if (typeof doc.issuer === 'string' && !documentSpeaksFor(issuer, doc.issuer)) {
        const hint = nearMiss(issuer, doc.issuer);
        findings.push(finding(F.DISCOVERY_ISSUER_MISMATCH, `The discovery document names issuer ${redactUri(doc.issuer)}, not ${redactUri(issuer)}${hint !== undefined ? ` (${hint})` : ''}.`, { field: '/issuer', expected: redactUri(issuer), actual: redactUri(doc.issuer), discovery_uri: discoveryUri }));
    }
    if (httpsRequired) {
        for (const [member, value] of Object.entries(doc)) {
            if (!isUrlMember(member) || wrongType.has(member) || typeof value !== 'string' || isHttpsUri(value))
                continue;
            findings.push(report(insecureUri, `Discovery member ${member} is not an https:// URI.`, { field: '/issuer', member, uri: redactUri(value) }));
        }
    }
}
/** The members a relying party configures itself from (signing algorithms and endpoints), with the right types only. */
function pickMetadata(doc) {
    const out = {};
    for (const [member, value] of Object.entries(doc)) {
        if (member.endsWith('_endpoint') && typeof value === 'string')
            out[member] = value;
        else if (member.endsWith('_signing_alg_values_supported') && Array.isArray(value) && value.every((v) => typeof v === 'string'))
            out[member] = value;
    }
    return out;
}
/**
 * For `discover: true` provider entries (action and CLI): the lint request with discovered_jwks_uri
 * set to what discovery found. A discovery that found no jwks_uri leaves the request as it was, so
 * the lint does not invent a mismatch; the discovery findings say what went wrong.
 */
function withDiscoveredJwksUri(request, discovery) {
    if (discovery.jwks_uri === null)
        return request;
    return { ...request, discovered_jwks_uri: discovery.jwks_uri };
}

;// CONCATENATED MODULE: ./src/engine/discovery/operation.ts




const discoverOperation = defineOperation({
    name: 'discover',
    method: 'POST',
    path: '/v1/providers/discover',
    operationId: 'discoverProvider',
    summary: 'Fetch and check a provider discovery document',
    description: 'Fetches <issuer>/.well-known/openid-configuration (then the RFC 8414 form) and reports its jwks_uri and findings.',
    tag: 'lint',
    request: { name: 'DiscoverRequest', schema: discoverRequestSchema },
    response: { name: 'DiscoverResponse', schema: discoverResponseSchema },
    run: discoverProvider,
});

;// CONCATENATED MODULE: ./src/engine/schema/limits.ts
/**
 * Size limits of request bodies, shared by every request schema (validate, lint, discover) and by the
 * issuer profiles that reuse the policy fields. A real policy lists a handful of audiences, algorithms or
 * claims; without a cap, a 64 KiB body of thousands of repeated entries costs one finding (and answer
 * bytes) per entry, and array matching in required_custom_claims costs CPU per pair of items.
 */
/** Items in any array of a request body, at any depth. */
const MAX_ARRAY_ITEMS = 100;
/** Members of required_custom_claims. */
const MAX_CUSTOM_CLAIMS = 100;
/**
 * Characters in a claim pattern (required_claim_patterns, a trust policy's claim_patterns and condition
 * values). Matching is linear in the claim, times a factor that grows with the pattern's `?` segments
 * (see matchCost); AWS caps a whole trust policy at 2048 characters by default, so no real pattern comes near.
 */
const MAX_PATTERN_LENGTH = 1024;
/**
 * Characters in a token (the validate schema's token maxLength). A claim is part of the token's encoded
 * payload, so no claim is longer than the token; an issuer profile's patterns must be affordable for a
 * token of this length.
 */
const MAX_TOKEN_LENGTH = 16384;
/**
 * The most pattern-matching work one request may need, in match units (src/engine/trust/string-like.ts,
 * matchCost: (claim length + pattern length) × weight, summed over every pattern that may run). Checked
 * before any matching, for required_claim_patterns against the request's token length (issuer profiles:
 * MAX_TOKEN_LENGTH) and by the trust-policy lint.
 *
 * Calibration (bench/patterns.bench.ts, AMD EPYC, 2 cores): the costliest shapes are short literal parts
 * searched in `aaaa…` (String#indexOf's plain scan of needles under 7 characters) and many one-character
 * segments on a short claim, at 10 to 19 ns a unit over repeated runs (one outlier of 26); bit-parallel
 * `?` searches cost 2 to 10. At 16 to 19 ns the budget is 24 to 29 ms of matching were a claim as long as
 * its token; the longest claim a 16 KiB token holds is 74% of it, so 18 to 21 ms, within the 25 ms of the
 * 50 ms a request may cost (§17). The worst request the validation budget accepts (a 16 KiB token, 91
 * short literal patterns) measured 10 to 14 ms of CPU in all, a plain one 0.2 ms. A handful of patterns under
 * 200 characters against a 16 KiB token needs less than half of the budget (five of 199 with a `?` segment
 * between stars: 44%), typical GitHub subject patterns about a fifteenth.
 */
const MATCH_WORK_BUDGET = 1_500_000;

;// CONCATENATED MODULE: ./src/engine/schema/lint-request.ts


/**
 * Lint request body. Only presence and JSON types are schema matters: whether a
 * string is a usable URL is reported as a finding (ISSUER_INVALID, INSECURE_URI, ...) so that one run
 * shows every problem instead of stopping at the first 422.
 */
const lintRequestSchema = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'LintRequest',
    type: 'object',
    additionalProperties: false,
    required: ['issuer', 'client_id', 'audiences', 'jwks_uri', 'redirect_uris', 'alg_policy'],
    properties: {
        issuer: { type: 'string', description: 'OIDC issuer URL.' },
        client_id: { type: 'string', minLength: 1, description: 'OAuth client ID.' },
        audiences: {
            type: 'array',
            minItems: 1,
            maxItems: MAX_ARRAY_ITEMS,
            items: { type: 'string', minLength: 1 },
            description: 'Expected aud values.',
        },
        jwks_uri: { type: 'string', description: 'Configured JWKS endpoint.' },
        redirect_uris: {
            type: 'array',
            maxItems: MAX_ARRAY_ITEMS,
            items: { type: 'string' },
            description: 'Allowed OAuth redirect URIs. May be empty for clients that never redirect.',
        },
        alg_policy: {
            type: 'object',
            additionalProperties: false,
            required: ['allowed_algs'],
            properties: {
                allowed_algs: {
                    type: 'array',
                    minItems: 1,
                    maxItems: MAX_ARRAY_ITEMS,
                    items: { type: 'string' },
                    description: 'Algorithm allowlist (case-sensitive JWS names).',
                },
            },
        },
        discovered_jwks_uri: {
            type: 'string',
            description: 'JWKS URI returned by the provider discovery endpoint; jwks_uri must equal it.',
        },
        https_required: {
            type: 'boolean',
            default: true,
            description: 'When true, every URI in the request must use https://.',
        },
    },
};
const parseLintRequest = compileSchema(lintRequestSchema);

;// CONCATENATED MODULE: ./src/engine/jwks/jwk.ts



/** Members that only a private or symmetric JWK carries (RFC 7518 §6.2.2, §6.3.2, §6.4). */
const PRIVATE_JWK_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];
/** A JWKS never holds more keys than this for validation; the rest are ignored (bounded memory). */
const MAX_JWKS_KEYS = 100;
/** The members that make up each key type's public key (RFC 7518 §6.2.1, §6.3.1; RFC 8037 §2). */
const PUBLIC_MEMBERS = new Map([['RSA', ['n', 'e']], ['EC', ['crv', 'x', 'y']], ['OKP', ['crv', 'x']]]);
/** Coordinate length in bytes of each allowed curve (RFC 7518 §6.2.1.2): x and y must be exactly this long. */
const EC_COORDINATE_BYTES = { 'P-256': 32, 'P-384': 48, 'P-521': 66 };
function refuse(jwk, weakness) {
    const refused = { weakness };
    if (typeof jwk.kid === 'string')
        refused.kid = jwk.kid;
    return { ok: false, reason: describeWeakness(weakness), refused };
}
/**
 * An EC JWK on an allowed curve with coordinates of the right length that OpenSSL still refused:
 * the point is not on the curve (OpenSSL checks this on import).
 */
function isOffCurve(jwk) {
    const size = typeof jwk.crv === 'string' ? EC_COORDINATE_BYTES[jwk.crv] : undefined;
    const coordinate = (v) => typeof v === 'string' && /^[A-Za-z0-9_-]+$/.test(v) && Buffer.from(v, 'base64url').length === size;
    return size !== undefined && coordinate(jwk.x) && coordinate(jwk.y);
}
/**
 * Import only the public members of an RSA, EC or OKP JWK, so unknown extras (x5c, ext, ...) cannot
 * change the import and a leaked private part can never become a private KeyObject. The one import
 * of a JWK: the validator's importJwk and the linter's analysis both go through it.
 */
function importPublicMembers(jwk, kty) {
    const material = { kty };
    for (const m of PUBLIC_MEMBERS.get(kty) ?? [])
        if (jwk[m] !== undefined)
            material[m] = jwk[m];
    try {
        return { ok: true, key: (0,external_node_crypto_.createPublicKey)({ key: material, format: 'jwk' }) };
    }
    catch {
        return { ok: false };
    }
}
/**
 * JWK -> public KeyObject. A key carrying private members is refused outright rather than having the
 * members stripped: a provider that publishes them has leaked its key and must not be trusted.
 * Reasons name members, never values. `publicMembers` is importPublicMembers' answer for this JWK
 * when the caller already has it (the linter imports every key it can), so no key is imported twice.
 */
function importJwk(value, publicMembers) {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
        return { ok: false, reason: 'is not a JSON object' };
    const jwk = value;
    const leaked = PRIVATE_JWK_MEMBERS.filter((m) => m in jwk);
    if (leaked.length > 0)
        return { ok: false, reason: `carries private or symmetric key members (${leaked.join(', ')})`, private: [...leaked] };
    const kty = jwk.kty;
    if (typeof kty !== 'string')
        return { ok: false, reason: 'has no kty' };
    if (!PUBLIC_MEMBERS.has(kty))
        return { ok: false, reason: `has unsupported kty "${kty.slice(0, 20)}"` };
    for (const member of ['kid', 'use', 'alg', 'issuer']) {
        if (jwk[member] !== undefined && typeof jwk[member] !== 'string')
            return { ok: false, reason: `has a non-string ${member}` };
    }
    const keyOps = jwk.key_ops;
    if (keyOps !== undefined && (!Array.isArray(keyOps) || !keyOps.every((op) => typeof op === 'string'))) {
        return { ok: false, reason: 'has a key_ops that is not an array of strings' };
    }
    // The curve is judged before the import: Node cannot import some curves at all (P-224, brainpool).
    if ((kty === 'EC' || kty === 'OKP') && typeof jwk.crv === 'string') {
        const weakness = curveWeakness(kty, jwk.crv);
        if (weakness !== undefined)
            return refuse(jwk, weakness);
    }
    const imported = publicMembers ?? importPublicMembers(jwk, kty);
    if (!imported.ok) {
        if (kty === 'EC' && isOffCurve(jwk))
            return refuse(jwk, pointNotOnCurve(jwk.crv));
        return { ok: false, reason: `is not a valid ${kty} public key` };
    }
    const key = imported.key;
    const weakness = keyWeakness(key);
    if (weakness !== undefined)
        return refuse(jwk, weakness);
    const parsed = { key };
    if (typeof jwk.kid === 'string')
        parsed.kid = jwk.kid;
    if (typeof jwk.use === 'string')
        parsed.use = jwk.use;
    if (typeof jwk.alg === 'string')
        parsed.alg = jwk.alg;
    if (typeof jwk.issuer === 'string')
        parsed.issuer = jwk.issuer;
    if (Array.isArray(keyOps))
        parsed.keyOps = keyOps;
    return { ok: true, jwk: parsed };
}
/** A JWK Set document -> importable keys. Undefined when the document is not a JWK Set at all. */
function parseJwks(doc) {
    if (typeof doc !== 'object' || doc === null || Array.isArray(doc))
        return undefined;
    const list = doc.keys;
    if (!Array.isArray(list))
        return undefined;
    const result = { keys: [], skipped: [], refused: [] };
    list.forEach((entry, index) => {
        if (result.keys.length >= MAX_JWKS_KEYS) {
            result.skipped.push({ index, reason: `is beyond the first ${MAX_JWKS_KEYS} usable keys` });
            return;
        }
        const imported = importJwk(entry);
        if (imported.ok) {
            result.keys.push(imported.jwk);
            return;
        }
        result.skipped.push(imported.private === undefined ? { index, reason: imported.reason } : { index, reason: imported.reason, private: imported.private });
        if (imported.refused !== undefined && result.refused.length < MAX_JWKS_KEYS)
            result.refused.push(imported.refused);
    });
    return result;
}
/** Whether a JWK may verify a token signed with alg: use, alg, key_ops, then key type/curve/size. */
function jwkFits(jwk, alg) {
    if (jwk.use !== undefined && jwk.use !== 'sig')
        return false;
    if (jwk.alg !== undefined && jwk.alg !== alg)
        return false;
    if (jwk.keyOps !== undefined && !jwk.keyOps.includes('verify'))
        return false;
    return keyAlgMismatch({ type: 'public', key: jwk.key }, alg) === undefined;
}
/**
 * Select by kid first, then by fit to alg. Without a kid every fitting key is a candidate. A
 * non-string kid matches nothing and is not worth a refetch (a JWK kid is always a string). A kid
 * that names a refused key is not unknown either: refetching would serve the same key.
 */
function selectKeys(keys, header, alg, refused = []) {
    if (header.kid !== undefined && typeof header.kid !== 'string')
        return { keys: [], unknownKid: false };
    const kid = header.kid;
    const named = kid === undefined ? keys : keys.filter((k) => k.kid === kid);
    const fitting = named.filter((k) => jwkFits(k, alg)).map((k) => ({
        type: 'public', key: k.key, ...(k.kid !== undefined ? { kid: k.kid } : {}), ...(k.issuer !== undefined ? { issuer: k.issuer } : {}),
    }));
    const refusedKey = kid === undefined || fitting.length > 0 ? undefined : refused.find((r) => r.kid === kid);
    const selection = { keys: fitting, unknownKid: kid === undefined ? fitting.length === 0 : named.length === 0 && refusedKey === undefined };
    if (kid !== undefined)
        selection.kid = kid;
    if (refusedKey !== undefined)
        selection.refused = refusedKey.weakness;
    return selection;
}

;// CONCATENATED MODULE: ./src/engine/types.ts
/** Shapes of the /v1 request and response bodies: the JSON every face sends and receives, byte for byte. */
const JWS_ALGORITHMS = [
    'HS256', 'HS384', 'HS512',
    'RS256', 'RS384', 'RS512',
    'PS256', 'PS384', 'PS512',
    'ES256', 'ES384', 'ES512',
    'EdDSA', 'Ed25519', 'Ed448',
];
/**
 * Every name the IANA "JSON Web Signature and Encryption Algorithms" registry lists for use in a JWS
 * header (RFC 7518, RFC 8037, RFC 8812, RFC 9864), `none` aside. A policy may name any of them, so a
 * policy written for a newer provider is not a 422; the validator implements JWS_ALGORITHMS, and a token signed with any other
 * registered algorithm fails its signature with KEY_MISMATCH.
 */
const REGISTERED_JWS_ALGORITHMS = [
    ...JWS_ALGORITHMS,
    'ES256K',
    'ESP256', 'ESP384', 'ESP512',
    'ESB256', 'ESB320', 'ESB384', 'ESB512',
];
function isImplementedAlgorithm(alg) {
    return JWS_ALGORITHMS.includes(alg);
}

;// CONCATENATED MODULE: ./src/engine/lint/x5c.ts


/** At most this many certificates are parsed per key: a chain longer than this is no real chain. */
const MAX_CERTIFICATES = 10;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
/**
 * The x5c of one JWK, checked entry by entry (each must be base64 of a DER certificate), and its first
 * certificate compared with `jwkKey`, the key the JWK's own members give.
 */
function readX5c(value, jwkKey) {
    if (!Array.isArray(value) || value.length === 0)
        return { ok: false, problem: '"x5c" is not a non-empty array of certificates' };
    if (value.length > MAX_CERTIFICATES)
        return { ok: false, problem: `"x5c" holds ${value.length} certificates, more than the ${MAX_CERTIFICATES} a chain needs` };
    let leaf;
    for (const [i, entry] of value.entries()) {
        const certificate = parseCertificate(entry);
        if (typeof certificate === 'string')
            return { ok: false, problem: `"x5c[${i}]" ${certificate}` };
        leaf ??= certificate;
    }
    const first = leaf;
    const reading = { notAfter: certificateNotAfter(first).toISOString(), keyDescription: describePublicKey(first.publicKey) };
    if (jwkKey !== undefined)
        reading.matchesKey = sameKey(first.publicKey, jwkKey);
    return { ok: true, leaf: reading };
}
/** The certificate, or why the entry is none (a phrase naming no content of the entry). */
function parseCertificate(entry) {
    if (typeof entry !== 'string')
        return 'is not a string';
    if (!BASE64.test(entry))
        return 'is not base64 (x5c entries are standard base64, not base64url)';
    const der = Buffer.from(entry, 'base64');
    // A DER certificate is a SEQUENCE; without this check X509Certificate would also try to read PEM text.
    if (der[0] !== 0x30)
        return 'is not a DER X.509 certificate';
    try {
        const certificate = new external_node_crypto_.X509Certificate(der);
        return certificateNotAfter(certificate) === undefined ? 'has no readable expiry date' : certificate;
    }
    catch {
        return 'is not a DER X.509 certificate';
    }
}
/** Same key type, parameters and value (Node compares the keys, not their encodings). */
function sameKey(a, b) {
    try {
        return a.equals(b);
    }
    catch {
        return false;
    }
}
function describePublicKey(key) {
    const details = key.asymmetricKeyDetails ?? {};
    const type = key.asymmetricKeyType ?? 'unknown';
    if (type === 'rsa' || type === 'rsa-pss')
        return details.modulusLength !== undefined ? `RSA ${details.modulusLength}` : 'RSA';
    if (type === 'ec')
        return details.namedCurve !== undefined ? `EC ${namedCurveName(details.namedCurve)}` : 'EC';
    return type === 'ed25519' || type === 'ed448' || type === 'x25519' || type === 'x448' ? `OKP ${type[0]?.toUpperCase() ?? ''}${type.slice(1)}` : type;
}
/** OpenSSL's curve names as JWK names them. */
function namedCurveName(name) {
    switch (name) {
        case 'prime256v1': return 'P-256';
        case 'secp384r1': return 'P-384';
        case 'secp521r1': return 'P-521';
        default: return name;
    }
}

;// CONCATENATED MODULE: ./src/engine/lint/jwks.ts




const MIN_EC_BITS = 224;
// Maps, not object literals: kty and crv come from a fetched document, and a kty of "constructor"
// or "__proto__" must find nothing rather than a member of Object.prototype.
const REQUIRED = new Map([['RSA', ['n', 'e']], ['EC', ['crv', 'x', 'y']], ['OKP', ['crv', 'x']], ['oct', ['k']]]);
const BINARY = new Set(['n', 'e', 'x', 'y', 'k', 'd', 'p', 'q', 'dp', 'dq', 'qi']);
const EC_BITS = new Map([['P-192', 192], ['P-224', 224], ['P-256', 256], ['P-384', 384], ['P-521', 521], ['secp256k1', 256]]);
/** Curves Node can import from a JWK; other curves are sized from the table but not imported. */
const IMPORTABLE = new Map([['EC', ['P-256', 'P-384', 'P-521', 'secp256k1']], ['OKP', ['Ed25519', 'Ed448', 'X25519', 'X448']]]);
const B64URL = /^[A-Za-z0-9_-]*$/;
/** Standard base64 (RFC 4648 §4), padded or not: what Battle.net and PayPal publish instead of base64url. */
const STANDARD_B64 = /^[A-Za-z0-9+/]+={0,2}$/;
function isObject(v) {
    return typeof v === 'object' && v !== null && !Array.isArray(v);
}
function analyseJwks(document) {
    if (!isObject(document))
        return { notASet: 'the document is not a JSON object', keys: [] };
    if (!('keys' in document))
        return { notASet: 'the document has no "keys" member', keys: [] };
    if (!Array.isArray(document.keys))
        return { notASet: '"keys" is not an array', keys: [] };
    return { keys: document.keys.map((k, i) => analyseJwk(k, i)) };
}
/**
 * One key, read member by member. The key is imported once: this analysis imports the public members
 * of every key whose members are well formed (to tell a broken key apart), and hands that import to
 * the validator's importJwk, which decides whether validation would use the key.
 */
function analyseJwk(value, index) {
    const info = { index, missing: [], malformed: [], nonstandardEncoding: [], privateMembers: [], unsafe: [] };
    if (!isObject(value)) {
        info.malformed.push('the key is not a JSON object');
        return info;
    }
    if (typeof value.kid === 'string')
        info.kid = value.kid;
    else if (value.kid !== undefined)
        info.malformed.push('"kid" is not a string');
    info.use = value.use;
    info.alg = value.alg;
    info.privateMembers = PRIVATE_JWK_MEMBERS.filter((m) => m in value);
    const publicMembers = readMembers(value, info);
    const imported = importJwk(value, publicMembers);
    if (imported.ok)
        info.validatorKey = imported.jwk;
    if (publicMembers?.ok === false) {
        // The validator's import tells an EC point off its curve apart from other damage.
        const offCurve = imported.ok === false && imported.refused?.weakness.reason === 'point_not_on_curve';
        info.malformed.push(offCurve
            ? `the point (x, y) is not on ${info.crv} (point_not_on_curve)`
            : `the public members do not form a valid ${info.kty}${info.crv !== undefined ? ` ${info.crv}` : ''} key`);
    }
    if ('x5c' in value) {
        const publicKey = publicMembers?.ok === true ? publicMembers.key : imported.ok ? imported.jwk.key : undefined;
        const x5c = readX5c(value.x5c, publicKey);
        if (x5c.ok)
            info.x5c = x5c.leaf;
        else
            info.malformed.push(x5c.problem);
    }
    return info;
}
/**
 * Fills in kty, crv, missing and malformed members, sizes and unsafe bounds. Returns the import of
 * the public members when they are all present and well formed and Node can import the key type,
 * else undefined (nothing was imported).
 */
function readMembers(value, info) {
    if (typeof value.kty !== 'string') {
        if (value.kty === undefined)
            info.missing.push('kty');
        else
            info.malformed.push('"kty" is not a string');
        return undefined;
    }
    const kty = value.kty;
    info.kty = kty;
    for (const m of REQUIRED.get(kty) ?? []) {
        const v = value[m];
        if (v === undefined)
            info.missing.push(m);
        else if (typeof v !== 'string')
            info.malformed.push(`"${m}" is not a string`);
        else if (BINARY.has(m) && (v.length === 0 || !B64URL.test(v))) {
            if (STANDARD_B64.test(v))
                info.nonstandardEncoding.push(m);
            else
                info.malformed.push(`"${m}" is not base64url`);
        }
    }
    if (typeof value.crv === 'string')
        info.crv = value.crv;
    if (info.missing.length > 0 || info.malformed.length > 0)
        return undefined;
    if (kty === 'RSA') {
        info.bits = jwks_bitLength(Buffer.from(value.n, 'base64url'));
        const e = Buffer.from(value.e, 'base64url');
        info.exponentBits = jwks_bitLength(e);
        const exponent = rsaExponentWeakness(e.length === 0 ? 0n : BigInt(`0x${e.toString('hex')}`));
        if (exponent !== undefined)
            info.unsafe.push(exponent);
        const modulus = info.bits > RSA_MAX_MODULUS_BITS ? rsaModulusWeakness(info.bits) : undefined;
        if (modulus !== undefined)
            info.unsafe.push(modulus);
    }
    if (kty === 'EC' && info.crv !== undefined) {
        info.bits = EC_BITS.get(info.crv);
        const curve = info.bits !== undefined && info.bits < MIN_EC_BITS ? undefined : curveWeakness('EC', info.crv);
        if (curve !== undefined)
            info.unsafe.push(curve);
    }
    const importable = kty === 'RSA' || (IMPORTABLE.get(kty)?.includes(info.crv ?? '') ?? false);
    return importable ? importPublicMembers(value, kty) : undefined;
}
/** Bit length of a big-endian unsigned integer; leading zero bytes (seen in real moduli) do not count. */
function jwks_bitLength(bytes) {
    let i = 0;
    while (i < bytes.length && bytes[i] === 0)
        i++;
    if (i === bytes.length)
        return 0;
    return (bytes.length - i - 1) * 8 + (32 - Math.clz32(bytes[i]));
}
function isJwsAlgorithm(alg) {
    return JWS_ALGORITHMS.includes(alg);
}
/**
 * Whether this key could verify a token signed with alg, decided by the validator's own JWKS import
 * and key selection (importJwk, jwkFits), so lint and validation never disagree about a key: a key
 * with private members is refused, `use` must be "sig" when present (RFC 7517 §4.2 makes it
 * optional), `key_ops` must include "verify" and `alg` must equal the algorithm when present.
 */
function keyFitsAlg(key, alg) {
    return isJwsAlgorithm(alg) && key.validatorKey !== undefined && jwkFits(key.validatorKey, alg);
}
/** "RSA 2048", "EC P-256", "OKP X25519": a description without key material. */
function describeKey(key) {
    if (key.kty === 'RSA')
        return key.bits !== undefined ? `RSA ${key.bits}` : 'RSA';
    if (key.kty === undefined)
        return 'unknown';
    return key.crv !== undefined ? `${key.kty} ${key.crv}` : key.kty;
}
/** Evidence naming a key without its material. */
function keyRef(key) {
    const ref = { key_index: key.index };
    if (key.kid !== undefined)
        ref.kid = key.kid;
    return ref;
}

;// CONCATENATED MODULE: ./src/engine/lint/rules/jwks-duplicate-kid.ts

const jwksDuplicateKid = {
    code: 'JWKS_DUPLICATE_KID',
    severity: 'warning',
    title: 'Two JWKS keys share a kid',
    docs: 'Validators pick the key by kid; when two keys share one, which key verifies a token depends on the validator, and a rotation can silently break verification.',
    remediation: 'Give every key in the set its own kid.',
    why: 'When two keys share a kid, which one verifies a token depends on the validator: some try only the first, so after a rotation valid tokens fail in some services and not in others.',
    securitySeverity: 3.7,
    example: {
        scenario: 'A rotation published the new key under the old key\'s kid.',
        config: providerExample({ alg_policy: '\n      allowed_algs: [ES256]' }),
        served: {
            [EXAMPLE_JWKS_URI]: {
                keys: [
                    { kty: 'EC', crv: 'P-256', kid: 'orders', use: 'sig', alg: 'ES256', x: 'XnrxM-lf8nP5N_Tp6peSHzZYN99S-2Sb7gET2xbhgYY', y: 'okNxd0gSehiWPNBym_wvyt1UXCB3xJU5I_ljiXXJVRg' },
                    { kty: 'EC', crv: 'P-256', kid: 'orders', use: 'sig', alg: 'ES256', x: 'Gl3utLkpY-KeNi-m6F7mN7VGFhZ17Lgz-vDP-FNN8pc', y: 'HXXhxfMlcMl2RR6PeF26SbJyj0nWlS6c4PMjAMOcM4c' },
                ],
            },
        },
    },
    needsJwks: true,
    check({ jwks }) {
        if (jwks.state !== 'fetched')
            return [];
        const byKid = new Map();
        for (const k of jwks.analysis.keys) {
            if (k.kid === undefined)
                continue;
            byKid.set(k.kid, [...(byKid.get(k.kid) ?? []), k.index]);
        }
        return [...byKid]
            .filter(([, indexes]) => indexes.length > 1)
            .map(([kid, indexes]) => report(jwksDuplicateKid, `JWKS keys ${indexes.join(', ')} share kid "${kid}".`, { field: '/jwks_uri', kid, key_indexes: indexes }));
    },
};

;// CONCATENATED MODULE: ./src/engine/lint/rules/jwks-invalid.ts


const jwksInvalid = {
    code: 'JWKS_INVALID',
    severity: 'error',
    title: 'The JWKS is not a JWK Set, or a key lacks required members',
    docs: 'The jwks_uri document must be a JSON object with a "keys" array (RFC 7517 §5), and each key must carry the members its kty requires (RFC 7518 §6: RSA n and e, EC crv, x and y, OKP crv and x) as base64url strings that form a valid key (members in standard base64 are JWKS_NONSTANDARD_ENCODING instead). An x5c, when present, must be an array of standard-base64 DER certificates (RFC 7517 §4.7).',
    remediation: 'Point jwks_uri at the provider\'s JWK Set document (not at discovery or a PEM), and publish complete public keys.',
    why: 'Keys that do not parse cannot verify anything, and validators differ in how they treat them: one skips the key, another fails the whole set. A broken JWKS can stop every token from verifying.',
    securitySeverity: 5.3,
    example: {
        scenario: 'The RSA key in the set has no modulus (n).',
        config: providerExample(),
        served: { [EXAMPLE_JWKS_URI]: { keys: [{ kty: 'RSA', kid: 'orders-2026', use: 'sig', alg: 'RS256', e: 'AQAB' }] } },
    },
    needsJwks: true,
    check({ jwks }) {
        if (jwks.state !== 'fetched')
            return [];
        const { analysis } = jwks;
        if (analysis.notASet !== undefined) {
            return [report(jwksInvalid, `The jwks_uri document is not a JWK Set: ${analysis.notASet}.`, { field: '/jwks_uri', problems: [analysis.notASet] })];
        }
        return analysis.keys
            .filter((k) => k.missing.length > 0 || k.malformed.length > 0)
            .map((k) => {
            const problems = [...(k.missing.length > 0 ? [`missing ${k.missing.join(', ')}`] : []), ...k.malformed];
            const evidence = { field: '/jwks_uri', ...keyRef(k), problems };
            if (k.missing.length > 0)
                evidence.missing = k.missing;
            return report(jwksInvalid, `JWKS key ${k.index}${k.kid !== undefined ? ` (kid "${k.kid}")` : ''}: ${problems.join('; ')}.`, evidence);
        });
    },
};

;// CONCATENATED MODULE: ./src/engine/lint/rules/jwks-key-too-small.ts



const jwksKeyTooSmall = {
    code: 'JWKS_KEY_TOO_SMALL',
    severity: 'error',
    title: 'A JWKS key is too small (RSA under 2048 bits, EC under 224 bits)',
    docs: 'RSA keys under 2048 bits and EC keys under 224 bits are within reach of factoring or discrete-log attacks (NIST SP 800-57); oidc-gate will not verify with such RSA keys. The RSA size is that of the modulus without leading zero bytes.',
    remediation: 'Ask the provider to rotate to RSA 2048+ or an EC P-256/P-384 key, and allow only the algorithms of the strong keys.',
    why: 'A 1024-bit RSA key can be factored with resources well within reach of a determined attacker, and whoever factors it signs tokens as the provider.',
    securitySeverity: 7.4,
    example: {
        scenario: 'The provider still signs with a 1024-bit RSA key.',
        config: providerExample(),
        served: { [EXAMPLE_JWKS_URI]: { keys: [{ kty: 'RSA', kid: 'orders-2016', use: 'sig', alg: 'RS256', e: 'AQAB', n: 'yhueO0hjbwHnnmDmF-dPrTQmrkmSrA1uVa7Fpu1XgTC0RE4--8RQqA6G2gJV5QFIhJArNUeMiAqf7CkOKSMPZ3Op27fnG_PvDPi_wIMeFzKLPUldEOGsLcwZo7aTS92C_DKwJNdrsuFdvYh0InQX195hCCCaLU_shGpxvHJUxYE' }] } },
    },
    needsJwks: true,
    check({ jwks }) {
        if (jwks.state !== 'fetched')
            return [];
        return jwks.analysis.keys.flatMap((k) => {
            if (k.bits === undefined)
                return [];
            const minimum = k.kty === 'RSA' ? RSA_MIN_MODULUS_BITS : k.kty === 'EC' ? MIN_EC_BITS : undefined;
            if (minimum === undefined || k.bits >= minimum)
                return [];
            return [
                report(jwksKeyTooSmall, `JWKS key ${k.index}${k.kid !== undefined ? ` (kid "${k.kid}")` : ''} is ${describeKey(k)}${k.kty === 'EC' ? ` (${k.bits} bits)` : ' bits'}, under the ${minimum}-bit minimum.`, { field: '/jwks_uri', ...keyRef(k), kty: k.kty, bits: k.bits, minimum_bits: minimum }),
            ];
        });
    },
};

;// CONCATENATED MODULE: ./src/engine/lint/rules/jwks-key-unsafe.ts



const jwksKeyUnsafe = {
    code: 'JWKS_KEY_UNSAFE',
    severity: 'error',
    title: 'A JWKS key has an unsafe RSA exponent, an oversized modulus or an unsupported curve',
    docs: 'oidc-gate verifies only with RSA keys whose public exponent is odd with 65537 ≤ e < 2^256 (NIST SP 800-56B rev. 2) and whose modulus is at most 8192 bits, and with EC keys on P-256, P-384 or P-521. With e = 1 a signature is just the padded digest, so anyone can forge one; small exponents invite padding attacks; a huge exponent or modulus makes every verification tens of times slower. The validator skips such a key, and a token that names it fails with KEY_MISMATCH. evidence.reason is weak_exponent, even_exponent, exponent_too_large, key_too_large or unsupported_curve. (A modulus under 2048 bits is JWKS_KEY_TOO_SMALL; an EC point off its curve is JWKS_INVALID.)',
    remediation: 'Ask the provider to rotate to an RSA key of 2048 to 8192 bits with public exponent 65537, or an EC P-256/P-384/P-521 key.',
    why: 'An RSA key with exponent 1 verifies any "signature" that is just the padded hash of the token, which anyone can compute: every validator that uses the key accepts forged tokens. Other bounds protect against padding attacks and against keys that make each verification a denial of service.',
    securitySeverity: 9.1,
    example: {
        scenario: 'The JWKS holds an RSA key with public exponent 1 (e "AQ").',
        config: providerExample(),
        served: { [EXAMPLE_JWKS_URI]: { keys: [{ kty: 'RSA', kid: 'orders-2026', use: 'sig', alg: 'RS256', e: 'AQ', n: 'wKe-Uzivkm5_fRZNzUuyMmtUv_Gngzbx1p__rIo44U0aMGZCdO46edqlRyAIiCFTnALYxivMw_N91M-mzq_rcZGbvRz1RwZuWXgH8A81G3YIzmQAHeOMiEVntMtL4bojVr1Ye7BlZJg41JJ5pNP3DHGbNgZu4Ch2WvWMwJ0oRd2gdqh1qM6-b2FfeT05qiC_9Dek9WRAY4in737ItR7i8mwOrTIjvbX_EdTl_GDupJO9M5tgQ2g6bTlhQRwcFf2-tuYB0gzrAG2aTi6CIIJRAhlFkli4iUL8_uTaJDOb7BsfPE-fXk8zaExjaW_qXVincjmD30t3XHZccW6jvpStfw' }] } },
    },
    needsJwks: true,
    check({ jwks }) {
        if (jwks.state !== 'fetched')
            return [];
        return jwks.analysis.keys.flatMap((k) => k.unsafe.map((weakness) => {
            const evidence = { field: '/jwks_uri', ...keyRef(k), kty: k.kty, reason: weakness.reason };
            if (weakness.reason === 'key_too_large')
                Object.assign(evidence, { bits: k.bits, maximum_bits: RSA_MAX_MODULUS_BITS });
            else if (k.kty === 'RSA')
                evidence.exponent_bits = k.exponentBits;
            else
                evidence.crv = k.crv !== undefined && k.crv.length > 40 ? `${k.crv.slice(0, 40)}…` : k.crv;
            return report(jwksKeyUnsafe, `JWKS key ${k.index}${k.kid !== undefined ? ` (kid "${k.kid}")` : ''} ${weakness.message}.`, evidence);
        }));
    },
};

;// CONCATENATED MODULE: ./src/engine/lint/rules/jwks-no-usable-key.ts


const jwksNoUsableKey = {
    code: 'JWKS_NO_USABLE_KEY',
    severity: 'error',
    title: 'No key in the JWKS can verify any allowed algorithm',
    docs: 'At least one key must fit an entry of allowed_algs by the rule the validator applies: RSA of 2048 to 8192 bits with an odd public exponent from 65537 up to 2^256 for RS*/PS*, the matching curve for ES256/384/512 with the point on it, Ed25519/Ed448 for EdDSA; the key\'s use must be sig when present, its key_ops must include verify when present, and its alg must equal the algorithm when present. Otherwise every token fails with KEY_NOT_FOUND.',
    remediation: 'Allow the algorithm the provider\'s keys are for (see evidence.keys), or check that jwks_uri is the right provider.',
    why: 'If no published key fits the algorithms the client allows, every token fails: usually the allowlist names RS256 while the provider moved to ES256 keys, or jwks_uri points at another provider.',
    securitySeverity: 5.3,
    example: {
        scenario: 'The client allows RS256, but the provider publishes only an EC P-256 key.',
        config: providerExample(),
        served: { [EXAMPLE_JWKS_URI]: { keys: [{ kty: 'EC', crv: 'P-256', kid: 'orders-2026', use: 'sig', alg: 'ES256', x: 'XnrxM-lf8nP5N_Tp6peSHzZYN99S-2Sb7gET2xbhgYY', y: 'okNxd0gSehiWPNBym_wvyt1UXCB3xJU5I_ljiXXJVRg' }] } },
    },
    needsJwks: true,
    check({ jwks, request }) {
        if (jwks.state !== 'fetched' || jwks.analysis.notASet !== undefined)
            return [];
        const algs = request.alg_policy.allowed_algs;
        if (jwks.analysis.keys.some((k) => algs.some((alg) => keyFitsAlg(k, alg))))
            return [];
        const keys = jwks.analysis.keys.map((k) => {
            const d = { key_index: k.index, type: describeKey(k) };
            if (k.kid !== undefined)
                d.kid = k.kid;
            if (typeof k.alg === 'string')
                d.alg = k.alg;
            if (typeof k.use === 'string')
                d.use = k.use;
            return d;
        });
        const message = keys.length === 0
            ? 'The JWKS holds no keys, so no allowed algorithm can be verified.'
            : `None of the ${keys.length} JWKS key${keys.length === 1 ? '' : 's'} (${[...new Set(keys.map((k) => k.type))].join(', ')}) can verify any of ${algs.join(', ')}.`;
        return [report(jwksNoUsableKey, message, { field: '/jwks_uri', allowed_algs: algs, keys })];
    },
};

;// CONCATENATED MODULE: ./src/engine/lint/rules/jwks-nonstandard-encoding.ts


/** A real 2048-bit RSA modulus written in standard base64, as Battle.net and PayPal publish theirs. */
const STANDARD_BASE64_MODULUS = 'y3BqJTP+kUSKd2lULLtyECbT2dJ7HAgs6J3hss0yd7UZQXCVfSgAN1pUSMgQT1+N1P8kLUb1OMsbfLxFufxlJnFcDTNHOLuYWSplVKfss4i/SkYOKtkymD8h6YOdRBVBjgb93Z99zYJjnym0LVupfFEEYAIg6Pi+GF+UzGyJ8yAH4I4+DBB6Y7CFPajpM10NPnwvNWDYZzmgXtq1a9GAf7JOn98tlwzdNdi31t3PJNlTM+3bI1sU0qacEZAONHad6zoBbz62xEvsyRcQdz74zWl/J3cuxVEyNsXl5U5Ge7Nj9f5Gaeu2PYQRD/F0DApYUthRh1IQCV1fFOcMBqtk8w==';
const jwksNonstandardEncoding = {
    code: 'JWKS_NONSTANDARD_ENCODING',
    severity: 'warning',
    title: 'A JWKS key writes its members in standard base64 instead of base64url',
    docs: 'RFC 7518 §6 writes key members (n, e, x, y, …) in base64url without padding. Some providers publish standard base64 (+, / and = padding) instead. Node\'s JWK import and jose read both alphabets, so oidc-gate\'s validator, like most libraries, still verifies with such a key, and JWKS_NO_USABLE_KEY counts it as usable; stricter libraries refuse it. evidence.members names the members, never their values.',
    remediation: 'Publish the key members in base64url (- and _ instead of + and /, no = padding), as RFC 7518 §6 requires.',
    why: 'A strict JOSE library, or a future version of a lenient one, refuses the key: clients that use one cannot verify the provider\'s tokens, and which clients those are is hard to tell until they fail.',
    securitySeverity: 2.0,
    example: {
        scenario: 'The provider writes its RSA modulus in standard base64, with + and / and = padding.',
        config: providerExample(),
        served: { [EXAMPLE_JWKS_URI]: { keys: [{ kty: 'RSA', kid: 'orders-2026', use: 'sig', alg: 'RS256', e: 'AQAB', n: STANDARD_BASE64_MODULUS }] } },
    },
    needsJwks: true,
    check({ jwks }) {
        if (jwks.state !== 'fetched')
            return [];
        return jwks.analysis.keys
            .filter((k) => k.nonstandardEncoding.length > 0)
            .map((k) => report(jwksNonstandardEncoding, `JWKS key ${k.index}${k.kid !== undefined ? ` (kid "${k.kid}")` : ''} writes ${k.nonstandardEncoding.join(', ')} in standard base64 (+, / or = padding), not base64url.`, { field: '/jwks_uri', ...keyRef(k), members: k.nonstandardEncoding }));
    },
};

;// CONCATENATED MODULE: ./src/engine/lint/rules/jwks-private-key-exposed.ts


const jwksPrivateKeyExposed = {
    code: 'JWKS_PRIVATE_KEY_EXPOSED',
    severity: 'error',
    title: 'A JWKS key carries private or symmetric key members',
    docs: 'A public JWK Set must hold public keys only. A key with d, p, q, dp, dq, qi or oth is a private key, and k is a symmetric secret: anyone who reads the JWKS can sign tokens. The finding names the key and the member names, never their values.',
    remediation: 'Rotate the exposed key now (it must be considered compromised), then publish only the public members.',
    why: 'The JWKS is public: anyone who fetches it gets the private key and can sign tokens every relying party accepts. The key must be considered compromised from the moment it was published.',
    securitySeverity: 9.8,
    example: {
        scenario: 'The signing key was published with its private part d.',
        config: providerExample({ alg_policy: '\n      allowed_algs: [ES256]' }),
        served: { [EXAMPLE_JWKS_URI]: { keys: [{ kty: 'EC', crv: 'P-256', kid: 'orders-2026', use: 'sig', alg: 'ES256', x: 'XnrxM-lf8nP5N_Tp6peSHzZYN99S-2Sb7gET2xbhgYY', y: 'okNxd0gSehiWPNBym_wvyt1UXCB3xJU5I_ljiXXJVRg', d: '(the private key, elided here)' }] } },
    },
    needsJwks: true,
    check({ jwks }) {
        if (jwks.state !== 'fetched')
            return [];
        return jwks.analysis.keys
            .filter((k) => k.privateMembers.length > 0)
            .map((k) => report(jwksPrivateKeyExposed, `JWKS key ${k.index}${k.kid !== undefined ? ` (kid "${k.kid}")` : ''} publishes private members: ${k.privateMembers.join(', ')}.`, { field: '/jwks_uri', ...keyRef(k), members: k.privateMembers }));
    },
};

;// CONCATENATED MODULE: ./src/engine/lint/rules/jwks-unreachable.ts


const jwksUnreachable = {
    code: 'JWKS_UNREACHABLE',
    severity: 'error',
    title: 'GET jwks_uri did not give a 2xx JSON answer in time',
    docs: 'The configured JWKS endpoint is fetched once, through the guarded fetcher (public addresses only unless OUTBOUND_ALLOW names the host, 5 s, 512 KiB). evidence.reason says why it failed: dns, refused, timeout, tls, http_status, blocked, too_large or not_json.',
    remediation: 'Check that jwks_uri is right and reachable from where tokens are validated.',
    why: 'Validators that cannot fetch the JWKS refuse every token once their cache runs out, so an unreachable jwks_uri is an outage waiting for the next key rotation or restart.',
    securitySeverity: 5.3,
    example: {
        scenario: 'The jwks_uri answers HTTP 404.',
        config: providerExample(),
    },
    needsJwks: true,
    check({ jwks }) {
        if (jwks.state !== 'unreachable')
            return [];
        const evidence = { field: '/jwks_uri', uri: redactUri(jwks.uri), reason: jwks.reason };
        if (jwks.status !== undefined)
            evidence.status = jwks.status;
        return [report(jwksUnreachable, `jwks_uri could not be fetched (${jwks.reason}): ${jwks.detail}`, evidence)];
    },
};

;// CONCATENATED MODULE: ./src/engine/lint/rules/jwks-uri-mismatch.ts


const jwksUriMismatch = {
    code: 'JWKS_URI_MISMATCH',
    severity: 'error',
    title: 'jwks_uri differs from the JWKS URI the provider publishes in discovery',
    docs: 'When discovered_jwks_uri is given, jwks_uri must equal it exactly: a configured JWKS that is not the provider\'s own means trusting keys the provider did not publish, or missing its rotations.',
    remediation: 'Set jwks_uri to the jwks_uri of the provider discovery document.',
    why: 'Keys from a JWKS the provider did not publish are keys someone else controls, or an old copy that misses the provider\'s rotations: either tokens are forged with them, or valid tokens start failing the day the provider rotates.',
    securitySeverity: 8.1,
    example: {
        scenario: 'The configured jwks_uri differs from the one discovery reports by a trailing slash.',
        config: providerExample({ discovered_jwks_uri: 'https://idp.example.com/keys/' }),
    },
    check({ request }) {
        const discovered = request.discovered_jwks_uri;
        if (discovered === undefined || discovered === request.jwks_uri)
            return [];
        const hint = nearMiss(discovered, request.jwks_uri);
        return [
            report(jwksUriMismatch, `jwks_uri does not equal discovered_jwks_uri${hint !== undefined ? ` (${hint})` : ''}.`, { field: '/jwks_uri', configured: redactUri(request.jwks_uri), discovered: redactUri(discovered) }, `Set jwks_uri to ${redactUri(discovered)}.`),
        ];
    },
};

;// CONCATENATED MODULE: ./src/engine/lint/x5c-example.ts
/**
 * Fixed material for the x5c examples of the finding pages, made once with openssl: the public half of
 * an EC P-256 key (its private half was thrown away), a self-signed certificate for that key valid in
 * January 2020 only, and a certificate for another key valid from 2025 to 2125. Fixed, so a page built
 * on any day shows the same finding.
 */
const X5C_EXAMPLE = {
    jwk: { kty: 'EC', crv: 'P-256', x: '7sgd3ib6R0cNfGp_SG3OMgzgHGogCMFiqXejJQSvI18', y: '5SsQvQjuq6lZ1yrpSt-P4igbCYblVHOk1LGmb6L4Y34' },
    expiredCertificate: 'MIIBHDCBwgIBATAKBggqhkjOPQQDAjAaMRgwFgYDVQQDDA9pZHAuZXhhbXBsZS5jb20wHhcNMjAwMTAxMDAwMDAwWhcNMjAwMjAxMDAwMDAwWjAaMRgwFgYDVQQDDA9pZHAuZXhhbXBsZS5jb20wWTATBgcqhkjOPQIBBggqhkjOPQMBBwNCAATuyB3eJvpHRw18an9Ibc4yDOAcaiAIwWKpd6MlBK8jX+UrEL0I7qupWdcq6Urfj+IoGwmG5VRzpNSxpm+i+GN+MAoGCCqGSM49BAMCA0kAMEYCIQD7w8b3GCh+Lagas4EW9Y1CKcQAcqx2LU2ZCKTnZYfhJAIhAPpSRRGTeebsP9JSJXlajfIpWypvH0CgoTcDDsHCafSI',
    otherKeyCertificate: 'MIIBHTCBxAIBAjAKBggqhkjOPQQDAjAaMRgwFgYDVQQDDA9pZHAuZXhhbXBsZS5jb20wIBcNMjUwMTAxMDAwMDAwWhgPMjEyNTAxMDEwMDAwMDBaMBoxGDAWBgNVBAMMD2lkcC5leGFtcGxlLmNvbTBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IABMIgT3Rp8vDjXMZtEI2KzpeYorX1byxjGKPIH6e6Jpz9gFU6ygtQx34np042FHErq1pu2jdHn9gO3v8fFdGNRY4wCgYIKoZIzj0EAwIDSAAwRQIgXK/uasyk0GVCusXJzSqIkFI10qw7CzXQM1TLwRwjBpoCIQDSLQGw7eHtv8XesOEj5EzgaovGjIcfvEnGkG6eWAqo9w==',
};

;// CONCATENATED MODULE: ./src/engine/lint/rules/jwks-x5c-expired.ts




const jwksX5cExpired = {
    code: 'JWKS_X5C_EXPIRED',
    severity: 'error',
    title: 'The certificate in a JWKS key\'s x5c has expired',
    docs: 'The first certificate of a key\'s x5c (RFC 7517 §4.7) holds the key. Its notAfter is judged at the engine\'s clock; evidence.not_after gives it. Only the first certificate of the chain is judged.',
    remediation: 'Ask the provider to publish a current certificate for the key in x5c, or to drop x5c from the key.',
    why: 'Clients that take the key from x5c, as many .NET and Java libraries and some API gateways do, check its validity and refuse an expired certificate: for them the key is gone, and every token it signs fails.',
    securitySeverity: 5.3,
    example: {
        scenario: 'The key\'s certificate expired in 2020; the JWK itself is still served.',
        config: providerExample({ alg_policy: '\n      allowed_algs: [ES256]' }),
        served: { [EXAMPLE_JWKS_URI]: { keys: [{ ...X5C_EXAMPLE.jwk, kid: 'orders-2020', use: 'sig', alg: 'ES256', x5c: [X5C_EXAMPLE.expiredCertificate] }] } },
    },
    needsJwks: true,
    check({ jwks, now }) {
        if (jwks.state !== 'fetched')
            return [];
        return jwks.analysis.keys.flatMap((k) => {
            if (k.x5c === undefined || !certificateExpiry(k.x5c.notAfter, now).expired)
                return [];
            return [report(jwksX5cExpired, `The x5c certificate of JWKS key ${k.index}${k.kid !== undefined ? ` (kid "${k.kid}")` : ''} expired on ${k.x5c.notAfter}.`, { field: '/jwks_uri', ...keyRef(k), not_after: k.x5c.notAfter })];
        });
    },
};

;// CONCATENATED MODULE: ./src/engine/lint/rules/jwks-x5c-expiring.ts



const jwksX5cExpiring = {
    code: 'JWKS_X5C_EXPIRING',
    severity: 'warning',
    title: `The certificate in a JWKS key's x5c expires within ${EXPIRY_WARNING_DAYS} days`,
    docs: `The first certificate of a key's x5c (RFC 7517 §4.7) holds the key. It warns when that certificate's notAfter is less than ${EXPIRY_WARNING_DAYS} days after the engine's clock; evidence.not_after gives the date and evidence.days_left the whole days left. Once it has passed, JWKS_X5C_EXPIRED reports it instead.`,
    remediation: 'Ask the provider to renew the key\'s certificate (or rotate to a key with a current one) before it expires.',
    why: 'Clients that take the key from x5c refuse it once the certificate expires, and every token it signs fails for them. Two weeks\' warning is time to renew.',
    securitySeverity: 3.1,
    example: {
        scenario: 'The key\'s certificate runs out in 9 days.',
        transcript: '.github/oidc-gate/identity.yml:6:5  warning  JWKS_X5C_EXPIRING  The x5c certificate of JWKS key 0 (kid "orders-2026") expires in 9 days (2026-03-10T00:00:00.000Z). [provider orders-web]',
    },
    needsJwks: true,
    check({ jwks, now }) {
        if (jwks.state !== 'fetched')
            return [];
        return jwks.analysis.keys.flatMap((k) => {
            if (k.x5c === undefined)
                return [];
            const expiry = certificateExpiry(k.x5c.notAfter, now);
            if (expiry.expired || !expiry.withinWarning)
                return [];
            return [report(jwksX5cExpiring, `The x5c certificate of JWKS key ${k.index}${k.kid !== undefined ? ` (kid "${k.kid}")` : ''} expires ${describeDaysLeft(expiry.daysLeft)} (${k.x5c.notAfter}).`, { field: '/jwks_uri', ...keyRef(k), not_after: k.x5c.notAfter, days_left: expiry.daysLeft })];
        });
    },
};

;// CONCATENATED MODULE: ./src/engine/lint/rules/jwks-x5c-mismatch.ts



const jwksX5cMismatch = {
    code: 'JWKS_X5C_MISMATCH',
    severity: 'error',
    title: 'The certificate in a JWKS key\'s x5c holds another public key than the JWK',
    docs: 'RFC 7517 §4.7: the key in the first x5c certificate MUST match the JWK\'s own members (n and e, or crv, x and y). The two keys are compared as keys (type, parameters and value), not as text. Keys whose own members are broken are JWKS_INVALID\'s and not compared.',
    remediation: 'Ask the provider to publish, in x5c, the certificate of the key the JWK describes (or to drop x5c from the key).',
    why: 'Clients that read the key from x5c and clients that read n/e or x/y then trust different keys: tokens verify for some relying parties and fail for others, and the key in the certificate may belong to someone else.',
    securitySeverity: 6.5,
    example: {
        scenario: 'The key\'s x5c holds the certificate of another key.',
        config: providerExample({ alg_policy: '\n      allowed_algs: [ES256]' }),
        served: { [EXAMPLE_JWKS_URI]: { keys: [{ ...X5C_EXAMPLE.jwk, kid: 'orders-2026', use: 'sig', alg: 'ES256', x5c: [X5C_EXAMPLE.otherKeyCertificate] }] } },
    },
    needsJwks: true,
    check({ jwks }) {
        if (jwks.state !== 'fetched')
            return [];
        return jwks.analysis.keys.flatMap((k) => {
            if (k.x5c?.matchesKey !== false)
                return [];
            return [report(jwksX5cMismatch, `The x5c certificate of JWKS key ${k.index}${k.kid !== undefined ? ` (kid "${k.kid}")` : ''} holds a ${k.x5c.keyDescription} key that is not the JWK's ${describeKey(k)} key.`, { field: '/jwks_uri', ...keyRef(k), jwk_key: describeKey(k), certificate_key: k.x5c.keyDescription })];
        });
    },
};

;// CONCATENATED MODULE: ./src/engine/lint/rules/redirect-uri-invalid.ts


const DANGEROUS_SCHEMES = new Set(['javascript', 'data', 'file', 'vbscript']);
/** RFC 6749 §3.1.2: absolute, no fragment; OAuth 2.0 Security BCP §4.1: no scheme that runs code. */
const redirectUriInvalid = {
    code: 'REDIRECT_URI_INVALID',
    severity: 'error',
    title: 'A redirect URI is not absolute, has a fragment or user info, or uses a javascript:, data: or file: scheme',
    docs: 'A redirect URI must be an absolute URI without fragment (RFC 6749 §3.1.2). User info and the javascript:, data:, file: and vbscript: schemes let an authorization response land somewhere other than the client.',
    remediation: 'Register the exact absolute https:// callback URL of the client (or a private-use scheme / loopback URI for native apps, RFC 8252).',
    why: 'The provider sends authorization codes and tokens to the redirect URI. A fragment is dropped or mangled on the way, user info can make a URI point at another host than it seems to, and a javascript:, data: or file: URI runs or reads something in the user\'s browser instead of reaching the client.',
    securitySeverity: 7.4,
    example: {
        scenario: 'A redirect URI carries a fragment, which RFC 6749 forbids.',
        config: providerExample({ redirect_uris: '\n      - https://orders.example.com/callback#signed-in' }),
    },
    check({ request }) {
        return request.redirect_uris.flatMap((raw, i) => {
            const problems = [];
            const p = parseAbsoluteUri(raw);
            if (!p.ok) {
                problems.push(p.reason);
            }
            else {
                if (DANGEROUS_SCHEMES.has(p.scheme))
                    problems.push(`uses the ${p.scheme}: scheme`);
                if (p.url.username !== '' || p.url.password !== '')
                    problems.push('carries user info');
                if (raw.includes('#'))
                    problems.push('has a fragment');
                const illegal = p.illegalChars.filter((c) => c !== '*');
                if (illegal.length > 0)
                    problems.push(`contains characters not allowed in a URI (${illegal.join(' ')})`);
            }
            if (problems.length === 0)
                return [];
            const field = pointer('redirect_uris', i);
            return [report(redirectUriInvalid, `redirect_uris[${i}] ${problems.join(', ')}.`, { field, uri: redactUri(raw), problems })];
        });
    },
};

;// CONCATENATED MODULE: ./src/engine/lint/rules/redirect-uri-localhost.ts


const redirectUriLocalhost = {
    code: 'REDIRECT_URI_LOCALHOST',
    severity: 'warning',
    title: 'A redirect URI uses localhost instead of a loopback IP literal',
    docs: 'RFC 8252 §8.3: loopback redirect URIs should use 127.0.0.1 or [::1]; the name localhost may resolve to another interface, or be answered by another listener.',
    remediation: 'Use http://127.0.0.1:<port>/... or http://[::1]:<port>/... for a native app loopback redirect.',
    why: 'localhost is a name: it may resolve to an address other than the loopback interface, and another program listening on it can receive the native app\'s authorization code.',
    securitySeverity: 3.7,
    example: {
        scenario: 'A native app\'s loopback redirect uses the name localhost.',
        config: providerExample({ redirect_uris: '\n      - http://localhost:5173/callback', https_required: 'false' }),
    },
    check({ request }) {
        return request.redirect_uris.flatMap((raw, i) => {
            const p = parseAbsoluteUri(raw);
            if (!p.ok)
                return [];
            const host = p.url.hostname.toLowerCase().replace(/\.$/, '');
            if (host !== 'localhost' && !host.endsWith('.localhost'))
                return [];
            return [report(redirectUriLocalhost, `redirect_uris[${i}] uses the host name ${host}.`, { field: pointer('redirect_uris', i), uri: redactUri(raw) })];
        });
    },
};

;// CONCATENATED MODULE: ./src/engine/lint/rules/redirect-uri-wildcard.ts


const redirectUriWildcard = {
    code: 'REDIRECT_URI_WILDCARD',
    severity: 'error',
    title: 'A redirect URI contains a * wildcard',
    docs: 'Redirect URIs are compared by exact string match (OAuth 2.0 Security BCP §4.1.3). A pattern invites providers or proxies that do expand it to send codes to an attacker-chosen host or path.',
    remediation: 'List every callback URL explicitly instead of a pattern.',
    why: 'Authorization codes go wherever the redirect URI points. If any subdomain or path matches, an attacker who controls one of them (a forgotten DNS record, a user-content site) receives codes for your client and can log in as its users.',
    securitySeverity: 8.1,
    example: {
        scenario: 'One redirect URI covers every subdomain of the app.',
        config: providerExample({ redirect_uris: '\n      - https://*.orders.example.com/callback' }),
    },
    check({ request }) {
        return request.redirect_uris.flatMap((raw, i) => raw.includes('*')
            ? [report(redirectUriWildcard, `redirect_uris[${i}] contains a "*" wildcard.`, { field: pointer('redirect_uris', i), uri: redactUri(raw) })]
            : []);
    },
};

;// CONCATENATED MODULE: ./src/engine/lint/rules/weak-algorithm.ts


/** Why each weak name is weak; `none` is matched in any letter case. */
const WEAK = {
    none: 'means unsigned tokens: anyone can forge one',
    HS256: 'is a shared-secret HMAC: every party that can verify can also forge, and a JWKS cannot publish the key',
    HS384: 'is a shared-secret HMAC: every party that can verify can also forge, and a JWKS cannot publish the key',
    HS512: 'is a shared-secret HMAC: every party that can verify can also forge, and a JWKS cannot publish the key',
    RS1: 'uses SHA-1, which is broken for signatures',
    HS1: 'uses SHA-1',
};
function weakAlgorithmReason(alg) {
    return alg.toLowerCase() === 'none' ? WEAK.none : Object.hasOwn(WEAK, alg) ? WEAK[alg] : undefined;
}
const weakAlgorithm = {
    code: 'WEAK_ALGORITHM',
    severity: 'error',
    title: 'The allowlist holds an algorithm weaker than RS256, ES256 or EdDSA',
    docs: 'alg_policy.allowed_algs must not contain none (in any letter case), the HMAC algorithms HS256/HS384/HS512, or the SHA-1 algorithms RS1/HS1. For tokens from an OIDC provider, only asymmetric algorithms let a relying party verify without being able to forge.',
    remediation: 'Allow only asymmetric algorithms the provider signs with, e.g. [RS256] or [ES256, EdDSA].',
    why: 'With none allowed, anyone can write a token that verifies. With HS256 allowed next to an RSA or EC key, a validator that takes the key type from the token can be fed an HMAC token "signed" with the public key, which everyone has. Both forge any token.',
    securitySeverity: 9.1,
    example: {
        scenario: 'The allowlist has HS256 next to RS256.',
        config: providerExample({ alg_policy: '\n      allowed_algs: [RS256, HS256]' }),
    },
    check({ request }) {
        return request.alg_policy.allowed_algs.flatMap((alg, i) => {
            const why = weakAlgorithmReason(alg);
            if (why === undefined)
                return [];
            return [report(weakAlgorithm, `allowed_algs[${i}] "${alg}" ${why}.`, { field: pointer('alg_policy', 'allowed_algs', i), alg })];
        });
    },
};

;// CONCATENATED MODULE: ./src/engine/lint/rules/unknown-algorithm.ts




const unknownAlgorithm = {
    code: 'UNKNOWN_ALGORITHM',
    severity: 'error',
    title: 'The allowlist holds a name that is no registered JWS algorithm',
    docs: 'JWS algorithm names are case-sensitive (RFC 7515 §4.1.1): rs256 matches no token. Registered names are HS256/384/512, RS256/384/512, PS256/384/512, ES256/384/512, EdDSA, Ed25519, Ed448, ES256K, ESP256/384/512 and ESB256/320/384/512 (plus none, RS1 and HS1, which WEAK_ALGORITHM reports instead). The validator implements all but ES256K, ESP* and ESB*.',
    remediation: 'Use the registered spelling, e.g. RS256, ES256 or EdDSA.',
    why: 'A name that is no JWS algorithm matches no token, so every token fails; and a misspelling such as rs256 often hides that the policy is not what its author believes.',
    securitySeverity: 4.3,
    example: {
        scenario: 'The algorithm is written in lower case.',
        config: providerExample({ alg_policy: '\n      allowed_algs: [rs256]' }),
    },
    check({ request }) {
        return request.alg_policy.allowed_algs.flatMap((alg, i) => {
            if (REGISTERED_JWS_ALGORITHMS.includes(alg) || weakAlgorithmReason(alg) !== undefined)
                return [];
            const near = REGISTERED_JWS_ALGORITHMS.find((a) => a.toLowerCase() === alg.trim().toLowerCase());
            return [
                report(unknownAlgorithm, `allowed_algs[${i}] "${alg}" is not a registered JWS algorithm${near !== undefined ? ` (names are case-sensitive: did you mean ${near}?)` : ''}.`, { field: pointer('alg_policy', 'allowed_algs', i), alg }, near !== undefined ? `Write it as ${near}.` : unknownAlgorithm.remediation),
            ];
        });
    },
};

;// CONCATENATED MODULE: ./src/engine/lint/registry.ts






















/**
 * Every lint rule, in the order a lint response lists their findings: the request fields first
 * (issuer, URIs, redirect URIs, algorithms, discovery match), then the fetched JWKS, then what was
 * skipped. Within a rule, findings follow the order of the fields in the request. Adding a rule is one
 * module in rules/ plus one line here.
 */
const LINT_RULES = [
    issuerInvalid,
    insecureUri,
    redirectUriInvalid,
    redirectUriWildcard,
    redirectUriLocalhost,
    weakAlgorithm,
    unknownAlgorithm,
    jwksUriMismatch,
    jwksUnreachable,
    endpointCertExpiring,
    jwksInvalid,
    jwksNonstandardEncoding,
    jwksPrivateKeyExposed,
    jwksKeyTooSmall,
    jwksKeyUnsafe,
    jwksX5cExpired,
    jwksX5cExpiring,
    jwksX5cMismatch,
    jwksDuplicateKid,
    jwksNoUsableKey,
    checkSkipped,
];
/** Each rule's catalogue entry, in registry order: a rule is defined once, in its module. */
const LINT_FINDINGS = LINT_RULES.map((rule) => checkDefinition(rule, 'lint'));

;// CONCATENATED MODULE: ./src/engine/lint/lint.ts





/**
 * POST /v1/lint/oidc-config. Throws RequestInvalidError (422) for a body that is missing a field or
 * has a wrong type; every other problem is a finding. Pure apart from the one JWKS fetch through
 * ctx.fetcher, which offline mode replaces by CHECK_SKIPPED.
 */
async function lintOidcConfig(body, ctx) {
    const request = parseLintRequest(body);
    const ruleCtx = buildRuleContext(request, await loadJwks(request, ctx), ctx.now());
    const findings = LINT_RULES.flatMap((rule) => runLintRule(rule, ruleCtx));
    return {
        valid: !findings.some((f) => f.severity === 'error'),
        findings,
        summary: summarise('Configuration', findings),
    };
}
/**
 * What every rule of one lint reads, with the request defaults applied. The rule tests build their
 * context here too, so a rule tested alone sees exactly what it sees in a lint.
 */
function buildRuleContext(request, jwks, now) {
    return {
        now,
        request,
        httpsRequired: request.https_required ?? true,
        jwks,
        skippedChecks: jwks.state === 'skipped' ? LINT_RULES.filter((r) => r.needsJwks === true).map((r) => r.code) : [],
    };
}
/** One rule's findings. Offline, the rules that read the JWKS are not run: CHECK_SKIPPED lists them instead. */
function runLintRule(rule, ctx) {
    return ctx.jwks.state === 'skipped' && rule.needsJwks === true ? [] : rule.check(ctx);
}
/** The one JWKS fetch of a lint; every JWKS rule reads its result. */
async function loadJwks(request, ctx) {
    const uri = request.jwks_uri;
    if (!ctx.fetcher.online)
        return { state: 'skipped', uri };
    const parsed = parseAbsoluteUri(uri);
    if (!parsed.ok || (parsed.scheme !== 'https' && parsed.scheme !== 'http')) {
        // Never hand the fetcher something that is not an http(s) URL: there is nothing safe to dial.
        return { state: 'unreachable', uri, reason: 'blocked', detail: `jwks_uri ${parsed.ok ? `uses the ${parsed.scheme}: scheme` : parsed.reason}, so it was not fetched.` };
    }
    const result = await ctx.fetcher.getJson(uri, { allowHttp: request.https_required === false });
    if (!result.ok) {
        const state = { state: 'unreachable', uri, reason: result.reason, detail: result.detail };
        if (result.status !== undefined)
            state.status = result.status;
        return state;
    }
    const fetched = { state: 'fetched', uri, analysis: analyseJwks(result.json) };
    if (result.tls !== undefined)
        fetched.tls = result.tls;
    return fetched;
}

;// CONCATENATED MODULE: ./src/engine/lint/operation.ts




const lintOperation = defineOperation({
    name: 'lint',
    method: 'POST',
    path: '/v1/lint/oidc-config',
    operationId: 'lintOidcConfig',
    summary: 'Lint an OIDC provider configuration',
    description: 'Static checks (algorithms, URIs, redirect URIs) plus a reachability and content check of the JWKS.',
    tag: 'lint',
    request: { name: 'LintRequest', schema: lintRequestSchema },
    response: { name: 'LintResponse', schema: lintResponseSchema },
    run: lintOidcConfig,
});

;// CONCATENATED MODULE: ./src/engine/trust/examples.ts
/**
 * A config file for a trust-policy example: the deploy role of acme/app, trusting GitHub's tokens for
 * sts.amazonaws.com, with `lines` added to its entry (claim_patterns, cases, …).
 */
function deployRole(lines, audiences = true) {
    return [
        'trust_policies:',
        '  - name: deploy-prod-role',
        ...(audiences ? ['    audiences: [sts.amazonaws.com]'] : []),
        ...lines.map((line) => `    ${line}`),
        '',
    ].join('\n');
}
/** An example checked offline: the deploy role with `lines` added to its entry. */
function trustExample(scenario, lines, audiences = true) {
    return { scenario, config: deployRole(lines, audiences), offline: true };
}
/** The deploy role's IAM trust policy for GitHub's tokens, with this Condition block. */
function awsDeployRole(condition, provider = 'token.actions.githubusercontent.com') {
    return {
        Version: '2012-10-17',
        Statement: [{
                Effect: 'Allow',
                Principal: { Federated: `arn:aws:iam::123456789012:oidc-provider/${provider}` },
                Action: 'sts:AssumeRoleWithWebIdentity',
                Condition: condition,
            }],
    };
}
/** A subject pinned to the main branch of acme/app by names and immutable IDs: no finding on it. */
const PINNED_SUB = 'repo:acme@1001/app@2002:ref:refs/heads/main';
/** Primary sources the trust findings' pages cite. */
const SOURCES = {
    githubOidc: { title: 'GitHub Docs: OpenID Connect reference (subject formats, customised templates, claims)', url: 'https://docs.github.com/en/actions/reference/security/oidc' },
    githubAws: { title: 'GitHub Docs: Configuring OpenID Connect in Amazon Web Services', url: 'https://docs.github.com/en/actions/how-tos/secure-your-work/security-harden-deployments/oidc-in-aws' },
    awsOperators: { title: 'AWS IAM: Condition operators (…IfExists, Null, negated operators)', url: 'https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_policies_elements_condition_operators.html' },
    awsMultiValued: { title: 'AWS IAM: Single-valued and multivalued context keys (ForAnyValue, ForAllValues)', url: 'https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_policies_condition-single-vs-multi-valued-context-keys.html' },
    awsEvaluation: { title: 'AWS IAM: Policy evaluation logic (an explicit Deny overrides any Allow)', url: 'https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_policies_evaluation-logic.html' },
    awsOidcKeys: { title: 'AWS IAM: Available keys for OIDC federation', url: 'https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_policies_iam-condition-keys.html#condition-keys-wif' },
    awsOidcRole: { title: 'AWS IAM: Create a role for OpenID Connect federation', url: 'https://docs.aws.amazon.com/IAM/latest/UserGuide/id_roles_create_for-idp_oidc.html' },
    datadog: { title: 'Datadog Security Labs: Exploring GitHub-to-AWS keyless authentication flaws', url: 'https://securitylabs.datadoghq.com/articles/exploring-github-to-aws-keyless-authentication-flaws/' },
};

;// CONCATENATED MODULE: ./src/engine/trust/string-like.ts
/**
 * AWS `StringLike` patterns: `*` matches any run of characters (none included), `?` exactly one, and
 * every other character only itself, case-sensitively. Characters are UTF-16 code units, as everywhere
 * else in the engine. No regular expression is ever built from a pattern.
 *
 * A pattern is cut at its stars into segments. The segment before the first star must sit at the start
 * of the value and the one after the last star at its end; they are compared in place. The segments in
 * between are looked for left to right, each at the first place it fits after the previous one: after a
 * star, any later fit could only leave less room for the rest, so no choice is ever taken back.
 *
 * The cost is linear in the value. Each search begins where the previous segment's fit ended, so the
 * searches together read each character of the value about once:
 * - a segment without `?` of at most INDEXOF_MAX_SEGMENT characters is found with String#indexOf. V8
 *   searches such needles in linear time (a plain scan below 7 characters, Boyer-Moore-Horspool and
 *   Boyer-Moore up to 250); on adversarial values (`aaab`, `aaaaab` in `aaaa…`) bench/patterns.bench.ts
 *   measures about 10 ns a value character, 6 ns for needles of 7 to 250. Longer needles are not linear:
 *   V8's Boyer-Moore tables cover only a needle's last 250 characters, and past them it shifts by one,
 *   so `a{500}ba{500}` in `aaaa…` costs about 0.5 ns per needle character per value character (460 ns
 *   a value character: 7.5 ms for one search of a 16 KiB value).
 * - every other segment (one with a `?`, or a longer one) is found with a bit-parallel Shift-And search:
 *   one bit per segment character in 32-bit words, ceil(length / 32) word operations a value character.
 *
 * `weight` is the per-character cost factor: 1 for the scan plus ceil(length / 32) for each segment
 * searched bit-parallel (a sum, although each value character is read by one search only: a simple
 * bound that is never low). Segments anchored at either end are compared once, at most their length, and
 * add nothing to it. `matchCost` turns it into an upper bound of one match's work, in units of one
 * character step; what a unit costs in time is measured by bench/patterns.bench.ts, and a request's
 * total is held under MATCH_WORK_BUDGET (src/engine/schema/limits.ts).
 */
/** Literal segments up to this length are searched with String#indexOf (linear there, see above). */
const INDEXOF_MAX_SEGMENT = 128;
const QUESTION = 63; // '?'
/**
 * An upper bound of the work of matching `pattern` against a value of `valueLength` characters, in
 * units of one character step: (value + pattern length) × weight. The pattern's length covers the
 * anchored comparisons and building the search tables, once.
 */
function matchCost(valueLength, pattern) {
    return (valueLength + pattern.source.length) * pattern.weight;
}
/** The number of 32-bit words of a Shift-And state for a segment of `length` characters. */
function wordsFor(length) {
    return Math.ceil(length / 32);
}
function segment(text, middle) {
    const literal = !text.includes('?');
    return { text, literal, bitParallel: middle && (!literal || text.length > INDEXOF_MAX_SEGMENT), tables: undefined };
}
/** `pattern` compiled once, to be matched against many values. Linear in the pattern's length. */
function compileStringLike(pattern) {
    const parts = pattern.split('*');
    const starred = parts.length > 1;
    const wildcard = starred || pattern.includes('?');
    if (!starred) {
        const whole = segment(pattern, false);
        return { source: pattern, wildcard, weight: 1, matches: (value) => value.length === pattern.length && fitsAt(whole, value, 0) };
    }
    const first = segment(parts[0], false);
    const last = segment(parts[parts.length - 1], false);
    // An empty segment between two stars fits anywhere: `a**b` is `a*b`.
    const middle = parts.slice(1, -1).filter((text) => text !== '').map((text) => segment(text, true));
    let weight = 1;
    for (const s of middle)
        if (s.bitParallel)
            weight += wordsFor(s.text.length);
    return { source: pattern, wildcard, weight, matches: (value) => matchStarred(first, middle, last, value) };
}
/** The whole-value test for a pattern with at least one star. */
function matchStarred(first, middle, last, value) {
    // The first segment is anchored at the start and the last at the end; they may not overlap.
    if (first.text.length + last.text.length > value.length)
        return false;
    if (!fitsAt(first, value, 0))
        return false;
    const end = value.length - last.text.length;
    if (!fitsAt(last, value, end))
        return false;
    let from = first.text.length;
    for (const s of middle) {
        const at = s.bitParallel ? shiftAnd(s, value, from, end) : value.indexOf(s.text, from);
        // indexOf looks past `end`; its first fit is the leftmost, so one past `end` means none before it.
        if (at < 0 || at + s.text.length > end)
            return false;
        from = at + s.text.length;
    }
    return true;
}
/** The segment's characters equal the value's from `at` (a `?` equals any one character). */
function fitsAt(s, value, at) {
    const { text } = s;
    if (s.literal)
        return value.startsWith(text, at);
    if (at + text.length > value.length)
        return false;
    for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c !== QUESTION && c !== value.charCodeAt(at + i))
            return false;
    }
    return true;
}
/**
 * The Shift-And tables of a segment: for each distinct character a row of bits, bit i set where the
 * segment has that character or a `?` at position i. Three allocations and (distinct characters + 1) ×
 * words word writes at most, plus 256 entries for each high byte the segment's characters use: within
 * the pattern-length part of matchCost.
 */
function buildTables(text) {
    const length = text.length;
    const words = wordsFor(length);
    const pageOf = new Uint16Array(256);
    let pages = 1;
    let questions = 0;
    for (let i = 0; i < length; i++) {
        const c = text.charCodeAt(i);
        if (c === QUESTION)
            questions++;
        else if (pageOf[c >>> 8] === 0)
            pageOf[c >>> 8] = pages++;
    }
    const rows = new Uint16Array(pages << 8);
    let rowCount = 1;
    for (let i = 0; i < length; i++) {
        const c = text.charCodeAt(i);
        if (c === QUESTION)
            continue;
        const at = (pageOf[c >>> 8] << 8) | (c & 255);
        if (rows[at] === 0)
            rows[at] = rowCount++;
    }
    const masks = new Int32Array(rowCount * words);
    // A `?` position is set in every row: per position when there are few, else row 0 copied to each.
    for (let i = 0; i < length; i++) {
        if (text.charCodeAt(i) !== QUESTION)
            continue;
        const bit = 1 << (i & 31);
        if (questions < words)
            for (let r = 0; r < rowCount; r++)
                masks[r * words + (i >>> 5)] = masks[r * words + (i >>> 5)] | bit;
        else
            masks[i >>> 5] = masks[i >>> 5] | bit;
    }
    if (questions >= words)
        for (let r = 1; r < rowCount; r++)
            masks.copyWithin(r * words, 0, words);
    for (let i = 0; i < length; i++) {
        const c = text.charCodeAt(i);
        if (c === QUESTION)
            continue;
        const at = rows[(pageOf[c >>> 8] << 8) | (c & 255)] * words + (i >>> 5);
        masks[at] = masks[at] | (1 << (i & 31));
    }
    return { words, masks, pageOf, rows, top: 1 << ((length - 1) & 31), state: new Int32Array(words) };
}
/**
 * The first index from `from` where the segment fits without passing `end`, or -1. Shift-And: bit i of
 * the state is set when the segment's first i + 1 characters fit the value's characters just read.
 * Each value character costs one lookup and `words` word operations.
 */
function shiftAnd(s, value, from, end) {
    // A segment longer than the room left never fits; its tables (memory quadratic in its length) are
    // only ever built for a value at least as long as the segment.
    if (end - from < s.text.length)
        return -1;
    const t = (s.tables ??= buildTables(s.text));
    const { masks, pageOf, rows, top, words } = t;
    const length = s.text.length;
    if (words === 1) {
        let d = 0;
        for (let i = from; i < end; i++) {
            const c = value.charCodeAt(i);
            d = ((d << 1) | 1) & masks[rows[(pageOf[c >>> 8] << 8) | (c & 255)]];
            if ((d & top) !== 0)
                return i - length + 1;
        }
        return -1;
    }
    const state = t.state;
    state.fill(0);
    const lastWord = words - 1;
    for (let i = from; i < end; i++) {
        const c = value.charCodeAt(i);
        const row = rows[(pageOf[c >>> 8] << 8) | (c & 255)] * words;
        let carry = 1;
        for (let k = 0; k < words; k++) {
            const w = state[k];
            state[k] = ((w << 1) | carry) & masks[row + k];
            carry = w >>> 31;
        }
        if ((state[lastWord] & top) !== 0)
            return i - length + 1;
    }
    return -1;
}

;// CONCATENATED MODULE: ./src/engine/trust/conditions.ts

/** A JSON Pointer (RFC 6901) made of these reference tokens. */
function conditions_pointer(...tokens) {
    return tokens.map((t) => `/${String(t).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}
function makeCondition(parts, given) {
    const values = typeof given === 'string' ? [given] : [...given];
    const valueFields = typeof given === 'string' ? [parts.field] : values.map((_, i) => `${parts.field}/${i}`);
    const condition = {
        kind: 'match', field: parts.field, claim: parts.claim, operator: parts.operator, match: parts.match,
        negated: parts.negated ?? false, ifExists: parts.ifExists ?? false, values, valueFields,
        patterns: parts.match === 'StringLike' ? values.map(compileStringLike) : [],
    };
    return { ...condition, ...(parts.set === undefined ? {} : { set: parts.set }), ...(parts.offContext === undefined ? {} : { offContext: true }) };
}
/** The claim's value: by its exact name, else by a name equal but for letter case (AWS key names ignore case). */
function claimValue(claims, name) {
    if (Object.hasOwn(claims, name))
        return claims[name];
    const lower = name.toLowerCase();
    const found = Object.keys(claims).find((k) => k.toLowerCase() === lower);
    return found === undefined ? undefined : claims[found];
}
/**
 * A claim value as AWS puts it in the request context: strings as they are, numbers and booleans as
 * their text (AWS compares context values as strings), anything else matches nothing.
 */
function asText(value) {
    if (typeof value === 'string')
        return value;
    if (typeof value === 'number' || typeof value === 'boolean')
        return String(value);
    return undefined;
}
/** One value of the claim equals or matches one of the condition's values (before negation). */
function matchesValue(condition, value) {
    const text = asText(value);
    if (text === undefined)
        return false;
    switch (condition.match) {
        case 'StringLike': return condition.patterns.some((p) => p.matches(text));
        case 'StringEquals': return condition.values.includes(text);
        case 'StringEqualsIgnoreCase': return condition.values.some((v) => equalIgnoringCase(v, text));
    }
}
/**
 * Letter case ignored as broadly as either direction of case mapping does: a checker that finds two
 * values different where AWS finds them equal would deny a case AWS allows.
 */
function equalIgnoringCase(a, b) {
    return a.length === b.length ? a.toLowerCase() === b.toLowerCase() || a.toUpperCase() === b.toUpperCase() : a.toLowerCase() === b.toLowerCase();
}
/** The claim is missing from the token, so AWS has no key for it in the request context. */
function absent(value) {
    return value === undefined || value === null;
}
/**
 * Whether the claims satisfy the condition, as AWS evaluates it; undefined for a condition the checker
 * cannot evaluate.
 * - A claim that is absent: positive operators fail, negated ones hold, …IfExists holds, ForAllValues
 *   holds and ForAnyValue fails.
 * - Without a set operator, any one value may match (a list claim, as aud may be, matches when one of
 *   its members does); a negated operator holds when the claim matches none of the values.
 * - ForAnyValue holds when one member of the claim satisfies the operator, ForAllValues when every
 *   member does (an empty list too).
 */
function conditionHolds(condition, claims) {
    if (condition.kind === 'unknown')
        return undefined;
    const value = condition.offContext === true ? undefined : claimValue(claims, condition.claim);
    if (condition.kind === 'null')
        return condition.absent === absent(value);
    if (absent(value)) {
        if (condition.ifExists || condition.set === 'ForAllValues')
            return true;
        if (condition.set === 'ForAnyValue')
            return false;
        return condition.negated;
    }
    const members = Array.isArray(value) ? value : [value];
    const satisfies = (member) => matchesValue(condition, member) !== condition.negated;
    if (condition.set === 'ForAllValues')
        return members.every(satisfies);
    if (condition.set === 'ForAnyValue')
        return members.some(satisfies);
    const anyMatch = members.some((m) => matchesValue(condition, m));
    return condition.negated ? !anyMatch : anyMatch;
}
/**
 * Whether a door applies to the claims. An Allow door lets them in when every condition holds or
 * cannot be evaluated; a Deny door keeps them out only when every condition is known to hold.
 */
function doorApplies(door, claims) {
    return door.conditions.every((c) => {
        const holds = conditionHolds(c, claims);
        return holds === undefined ? door.effect === 'Allow' : holds;
    });
}
/**
 * How a message names the statement a pointer is in (`Statement[1]`), so that messages read the same
 * in the service's answer and in a config file's annotation, where the policy is a file of its own.
 */
function statementName(field) {
    const index = /\/Statement\/(\d+)/.exec(field)?.[1];
    if (index !== undefined)
        return `Statement[${index}]`;
    return /\/Statement(\/|$)/.test(field) ? 'the Statement' : 'the request\'s own conditions';
}

;// CONCATENATED MODULE: ./src/engine/trust/subject.ts
/** Keys whose values never hold a colon: GitHub names, IDs, refs (git forbids `:` in ref names). */
const COLON_FREE_KEYS = new Set([
    'repository_owner', 'repository_owner_id', 'repository_visibility', 'actor', 'actor_id', 'ref', 'ref_type',
    'event_name', 'enterprise', 'enterprise_id', 'runner_environment', 'sha', 'base_ref', 'head_ref', 'repo', 'repository', 'repository_id',
]);
const DIGITS = /^[0-9]+$/;
/** The binding of one value. `like` says whether `*` and `?` are wildcards (StringLike) or plain characters. */
function subjectBinding(value, like) {
    const wildAt = (from, to) => like && hasWildcard(value.slice(from, to));
    let ownerById;
    let workflow;
    let pos = 0;
    while (pos < value.length) {
        const colon = value.indexOf(':', pos);
        const key = colon < 0 ? value.slice(pos) : value.slice(pos, colon);
        if (wildAt(pos, colon < 0 ? value.length : colon))
            break;
        if (colon < 0) {
            if (key !== 'pull_request')
                break;
            pos = value.length;
            continue;
        }
        const end = value.indexOf(':', colon + 1) < 0 ? value.length : value.indexOf(':', colon + 1);
        const text = value.slice(colon + 1, end);
        if (key === 'repo' || key === 'repository') {
            const repository = readRepository(text, like);
            if (repository === 'owner') {
                // A * in the owner's ID can run past the slash: the rest of the value then binds no repository.
                ownerById = false;
                break;
            }
            if (repository === 'wild')
                break;
            if (repository !== undefined) {
                return { level: 'repository', repository: text, immutable: repository.immutable, prefix: value.slice(0, end), context: value.slice(end + 1) };
            }
        }
        else if (key === 'repository_id' && !wildAt(colon + 1, end) && DIGITS.test(text)) {
            return { level: 'repository', repository: `repository_id:${text}`, immutable: true, prefix: value.slice(0, end), context: value.slice(end + 1) };
        }
        else if (key === 'repository_owner' && !wildAt(colon + 1, end) && text !== '') {
            ownerById ??= false;
        }
        else if (key === 'repository_owner_id' && !wildAt(colon + 1, end) && DIGITS.test(text)) {
            ownerById = true;
        }
        else if (key === 'job_workflow_ref' && ownerById !== undefined) {
            // The last component a stranger could shape: a pinned workflow at one ref completes an owner binding.
            if (!wildAt(colon + 1, value.length) && pinnedWorkflow(value.slice(colon + 1)))
                workflow = value.slice(colon + 1);
            break;
        }
        if (!COLON_FREE_KEYS.has(key) || wildAt(colon + 1, end))
            break;
        pos = end + 1;
    }
    if (ownerById === undefined)
        return ownerOfRepoPart(value, like) ?? { level: 'anyone' };
    return workflow === undefined ? { level: 'owner', ownerById } : { level: 'owner', ownerById, workflow };
}
/**
 * `OWNER/REPO` with optional `@ID` on each: undefined when it is not that shape, 'wild' when a wildcard
 * stands in a name (other repositories match). A wildcard in the repository's ID leaves its name bound
 * but not its ID. A star in the owner's ID binds the owner's name only ('owner'): it matches any run of
 * characters, the slash and another repository's name included (`repo:acme@` star `/app@2002` admits
 * `repo:acme@1001/other@77:workflow:x/app@2002`, the workflow's name being free text).
 */
function readRepository(text, like) {
    const slash = text.indexOf('/');
    const ownerPart = slash < 0 ? text : text.slice(0, slash);
    const owner = readName(ownerPart, like);
    if (owner === 'wild')
        return 'wild';
    if (owner !== undefined && like && ownerPart.includes('@') && ownerPart.slice(ownerPart.indexOf('@')).includes('*'))
        return 'owner';
    if (slash < 0 || owner === undefined)
        return undefined;
    const repo = readName(text.slice(slash + 1), like);
    if (repo === 'wild')
        return 'wild';
    if (repo === undefined)
        return undefined;
    return { immutable: owner.id && repo.id };
}
function readName(part, like) {
    const at = part.indexOf('@');
    const name = at < 0 ? part : part.slice(0, at);
    if (like && hasWildcard(name))
        return 'wild';
    if (name === '')
        return undefined;
    if (at < 0)
        return { id: false };
    const id = part.slice(at + 1);
    return { id: !(like && hasWildcard(id)) && DIGITS.test(id) };
}
/**
 * A value that starts `repo:OWNER/` with a wildcard in the repository's name binds the owner only
 * (`repo:acme/*`, `repo:acme@1001/*`); any other wildcard before the repository binds nobody.
 */
function ownerOfRepoPart(value, like) {
    if (!like || !value.startsWith('repo:'))
        return undefined;
    const slash = value.indexOf('/');
    if (slash < 0)
        return undefined;
    const owner = readName(value.slice('repo:'.length, slash), like);
    if (owner === undefined || owner === 'wild' || value.slice('repo:'.length, slash).includes(':'))
        return undefined;
    return { level: 'owner', ownerById: owner.id };
}
/** `OWNER/REPO/PATH@REF` with nothing left open: one workflow file at one ref. */
function pinnedWorkflow(text) {
    const at = text.lastIndexOf('@');
    return at > 0 && at < text.length - 1 && text.slice(0, at).split('/').length >= 3 && !text.includes(':');
}
function hasWildcard(text) {
    return text.includes('*') || text.includes('?');
}
/** The context parts GitHub's default and customised templates put after the repository. */
function hasRunContext(context) {
    return /(^|:)(ref|environment|job_workflow_ref):|(^|:)pull_request(:|$)/.test(context);
}

;// CONCATENATED MODULE: ./src/engine/trust/runs.ts
/**
 * Which runs of one repository a statement lets in. Once a statement binds one repository (a sub value
 * naming it, or the repository or repository_id key), what is left to judge is which of that
 * repository's runs get a token it accepts: every branch, tag, environment and pull request, or a
 * wildcard branch or environment that anyone who can push can create.
 */


/** The claims that say which run of a repository a token is for. */
const RUN_CLAIMS = new Set(['sub', 'ref', 'environment']);
/** One token of each kind of run GitHub issues for a repository, with names nobody would pin. */
const RUNS = [
    { kind: 'branch', context: 'ref:refs/heads/any-branch', claims: { ref: 'refs/heads/any-branch' } },
    { kind: 'tag', context: 'ref:refs/tags/any-tag', claims: { ref: 'refs/tags/any-tag' } },
    { kind: 'environment', context: 'environment:any-environment', claims: { ref: 'refs/heads/any-branch', environment: 'any-environment' } },
    { kind: 'pull request', context: 'pull_request', claims: { ref: 'refs/pull/1/merge' } },
];
/**
 * The repository bindings of a statement bound to one repository, in the order of its conditions: each
 * sub value that names the repository, else the repository key when no sub value binds one.
 */
function runContexts(statement) {
    const subject = statement.subject;
    if (subject === undefined)
        return [];
    const { door, denies } = statement;
    // Values of one repository probe the same runs: each probe is judged once per statement.
    const admits = memo((claims) => runAdmitted(door, denies, claims));
    const out = [];
    for (const group of subject.repositoryGroups) {
        for (const value of group) {
            if (value.binding.level !== 'repository')
                continue;
            const { prefix, context } = value.binding;
            // A template without a run context gives every run of the repository the same sub.
            const carriesRun = hasRunContext(context) || (value.condition.match === 'StringLike' && hasWildcard(context));
            const subOf = (runContext) => (carriesRun ? `${prefix}:${runContext}` : instance(value.condition.values[value.index]));
            const admitted = RUNS.filter((run) => valueMatches(value, subOf(run.context)) && admits({ sub: subOf(run.context), ...run.claims }));
            out.push({ statement, admits, binding: { kind: 'sub', value, prefix, context, carriesRun, admitted } });
        }
    }
    if (subject.repositoryGroups.length === 0 && subject.byKey !== undefined)
        out.push({ statement, admits, binding: { kind: 'key', condition: subject.byKey.condition } });
    return out;
}
/** `judge` asked once per distinct run (its claims, in a fixed order). */
function memo(judge) {
    const known = new Map();
    return (claims) => {
        const key = JSON.stringify([claims.sub, claims.ref, claims.environment]);
        let answer = known.get(key);
        if (answer === undefined)
            known.set(key, answer = judge(claims));
        return answer;
    };
}
/** The one value (not the others listed with it) matches the subject. */
function valueMatches(v, subject) {
    const { condition, index } = v;
    if (condition.match === 'StringLike')
        return condition.patterns[index]?.matches(subject) === true;
    const value = condition.values[index];
    return condition.match === 'StringEquals' ? value === subject : value.toLowerCase() === subject.toLowerCase();
}
/** The value with each `*` made `-evil` and each `?` made `x`: a string it admits that nobody meant. */
function instance(pattern) {
    return pattern.replace(/\*/g, '-evil').replace(/\?/g, 'x');
}
/** The claims a run's context names: its ref and environment. */
function runClaimsOf(context) {
    const ref = /(?:^|:)ref:([^:]*)/.exec(context)?.[1];
    const environment = /(?:^|:)environment:([^:]*)/.exec(context)?.[1];
    return { ...(ref === undefined ? {} : { ref }), ...(environment === undefined ? {} : { environment }) };
}
/**
 * Whether the door lets this run in, judged on the run's claims only (sub, ref, environment): its
 * conditions on other claims are taken to hold, and a Deny statement with one condition on these
 * claims keeps the run out.
 */
function runAdmitted(door, denies, claims) {
    const onRun = (c) => c.kind !== 'unknown' && RUN_CLAIMS.has(c.claim);
    if (!door.conditions.filter(onRun).every((c) => conditionHolds(c, claims) !== false))
        return false;
    return !denies.some((d) => d.conditions.length === 1 && onRun(d.conditions[0]) && conditionHolds(d.conditions[0], claims) === true);
}

;// CONCATENATED MODULE: ./src/engine/trust/statement.ts

/** Claims GitHub puts in every token, so …IfExists and ForAllValues on them bind like the plain operator. */
const ALWAYS_PRESENT = new Set(['sub', 'aud', 'repository', 'repository_id', 'actor', 'actor_id', 'workflow', 'ref']);
function statementContext(door, denies, missing, github) {
    const bindings = bindingsOf(door, denies);
    let subject;
    return {
        door, denies, missing, github, bindings,
        get subject() {
            if (github)
                subject ??= readSubject(bindings);
            return subject;
        },
    };
}
/** The door's own positive conditions, and the opposites of the Deny statements that have one condition. */
function bindingsOf(door, denies) {
    const out = [];
    for (const c of door.conditions) {
        if (c.kind === 'match' && !c.negated && c.offContext !== true && bindsWhenAbsent(c, false))
            out.push({ condition: c, positive: true });
    }
    for (const deny of denies) {
        const only = deny.conditions.length === 1 ? deny.conditions[0] : undefined;
        if (only?.kind !== 'match' || only.offContext === true)
            continue;
        // The opposite of a negated condition is "present and matching one of the values".
        if (only.negated && bindsWhenAbsent(only, true))
            out.push({ condition: only, positive: true });
        else if (!only.negated && only.set === undefined)
            out.push({ condition: only, positive: false });
    }
    return out;
}
/**
 * A condition that holds when the claim is absent binds only a claim GitHub always sends: …IfExists
 * and ForAllValues in an Allow, ForAnyValue in the opposite of a Deny.
 */
function bindsWhenAbsent(c, fromDeny) {
    const holdsAbsent = fromDeny ? c.set === 'ForAnyValue' : c.ifExists || c.set === 'ForAllValues';
    return !holdsAbsent || ALWAYS_PRESENT.has(c.claim);
}
function positiveOn(bindings, claim) {
    return bindings.filter((b) => b.positive && b.condition.claim === claim).map((b) => b.condition);
}
function readSubject(bindings) {
    const groups = positiveOn(bindings, 'sub').map((condition) => condition.values.map((_, index) => ({
        condition, index, binding: subjectBinding(condition.values[index], condition.match === 'StringLike'),
    })));
    const byKey = repositoryKeyBinding(bindings);
    const workflowKey = positiveOn(bindings, 'job_workflow_ref').find((c) => c.values.every((v) => !(c.match === 'StringLike' && hasWildcard(v)) && pinnedWorkflow(v)));
    // A group binds as loosely as its loosest value (any one may match); the door as tightly as its tightest group.
    const levelOf = (group) => Math.max(...group.map((v) => rank(v.binding, workflowKey !== undefined)));
    const tightest = Math.min(...groups.map(levelOf), byKey === undefined ? 2 : 0);
    return { groups, byKey, workflowKey, tightest, repositoryGroups: groups.filter((g) => levelOf(g) === 0) };
}
/**
 * 0: one repository, or an owner together with one pinned workflow at one ref; 1: every repository of
 * one owner; 2: anyone.
 */
function rank(binding, workflowKey) {
    if (binding.level === 'repository')
        return 0;
    if (binding.level === 'owner')
        return binding.workflow !== undefined || workflowKey ? 0 : 1;
    return 2;
}
/** The repository pinned by the `repository` or `repository_id` key: every value names one. */
function repositoryKeyBinding(bindings) {
    const byId = positiveOn(bindings, 'repository_id').find((c) => c.values.every((v) => /^[0-9]+$/.test(v)));
    if (byId !== undefined)
        return { condition: byId, immutable: true };
    const byName = positiveOn(bindings, 'repository').find((c) => c.values.every((v) => {
        const slash = v.indexOf('/');
        return slash > 0 && slash < v.length - 1 && !(c.match === 'StringLike' && hasWildcard(v));
    }));
    return byName === undefined ? undefined : { condition: byName, immutable: false };
}
/** Where a finding about one sub value points, and what it names. */
function valueEvidence(v) {
    return { field: v.condition.valueFields[v.index], operator: v.condition.operator, value: v.condition.values[v.index] };
}

;// CONCATENATED MODULE: ./src/engine/trust/checks/any-ref.ts




const anyRef = {
    code: 'TRUST_ANY_REF',
    severity: 'warning',
    title: 'The role admits every branch, tag, environment and pull request of a repository',
    docs: 'After the repository, GitHub\'s sub names what the job runs for: :ref:refs/heads/BRANCH, :ref:refs/tags/TAG, :environment:NAME or :pull_request. A * there admits all of them, and so does a pattern that matches a branch, a tag, an environment and a pull request alike (repo:acme/app:?*), and a customised subject template without a context part (repo:acme/app), whose sub is the same for every run. Conditions on the ref and environment keys and Deny statements with one condition are taken into account.',
    why: 'Anyone who can push a branch or open a pull request from a branch of the repository can run a workflow that assumes the role, without review and without the protection rules of the environment the deploy is meant to run in.',
    remediation: 'Pin what the job runs for: repo:acme/app:environment:production (with the environment\'s protection rules) or repo:acme/app:ref:refs/heads/main.',
    securitySeverity: 6.5,
    example: trustExample('The deploy role admits any workflow run of acme/app.', ['claim_patterns: { sub: "repo:acme@1001/app@2002:*" }']),
    sources: [SOURCES.githubOidc],
    // A binding that admits every run has no run left to single out.
    final: true,
    check({ statement, binding }) {
        return binding.kind === 'sub' ? everyRunOfValue(binding) : everyRunOfKey(statement, binding.condition);
    },
};
function everyRunOfValue({ value: v, carriesRun, admitted }) {
    if (admitted.filter((run) => run.kind !== 'pull request').length !== RUNS.length - 1)
        return [];
    const what = admitted.some((run) => run.kind === 'pull request') ? 'every branch, tag, environment and pull request' : 'every branch, tag and environment';
    return [finding(anyRef, `The sub ${v.condition.operator} value "${v.condition.values[v.index]}" admits ${what} of the repository${carriesRun ? '' : ' (its subject template has no ref or environment part)'}.`, valueEvidence(v))];
}
/**
 * A statement bound to one repository by the repository or repository_id key while its sub conditions
 * bind only the owner: whether every kind of run gets a sub they admit.
 */
function everyRunOfKey({ door, denies, subject }, key) {
    const groups = subject?.groups ?? [];
    const open = groups.flat().find((v) => v.condition.match === 'StringLike' && v.condition.values[v.index].endsWith('*'));
    if (groups.length > 0 && open === undefined)
        return [];
    const subOf = (context) => (open === undefined ? `repo:any/any:${context}` : `${instance(open.condition.values[open.index].slice(0, -1))}x:${context}`);
    if (!RUNS.every((run) => runAdmitted(door, denies, { sub: subOf(run.context), ...run.claims })))
        return [];
    return [finding(anyRef, `The ${key.operator} condition on ${key.claim} binds one repository, and no condition binds its runs: every branch, tag, environment and pull request of it is admitted.`, { field: key.field, operator: key.operator })];
}

;// CONCATENATED MODULE: ./src/engine/trust/checks/audience-missing.ts



/** Audiences no role means: a pattern matching all of them matches any audience. */
const OTHER_AUDIENCES = ['x', 'api://another-service', 'https://attacker.example/audience'];
const audienceMissing = {
    code: 'TRUST_AUDIENCE_MISSING',
    severity: 'warning',
    title: 'No condition binds aud, or one that any audience satisfies (*)',
    docs: 'Every trusted token should be required to carry the audience the role is for (sts.amazonaws.com for AWS\'s own action). A StringLike aud of * counts as missing. AWS STS already refuses a token whose audience is not a client ID registered on the IAM OIDC provider, so this is defence in depth, and a warning.',
    why: 'Without an audience condition, a token a workflow requested for another service registered on the same provider is accepted by the role too.',
    remediation: 'Add a StringEquals condition on <issuer host>:aud (audiences: in an entry without a trust document) naming the one audience the workflow requests for this role.',
    securitySeverity: 4.3,
    example: trustExample('The deploy role checks the subject but not the audience.', [`claim_patterns: { sub: "${PINNED_SUB}" }`], false),
    sources: [SOURCES.awsOidcRole, SOURCES.githubAws],
    check({ door, bindings, missing }) {
        const aud = positiveOn(bindings, 'aud');
        if (aud.some((c) => !c.values.some((_, i) => matchesAnyAudience(c, i))))
            return [];
        const broad = aud[0];
        return [finding(audienceMissing, broad === undefined
                ? 'No condition binds aud: a token the workflow requested for any other audience is accepted too.'
                : `The ${broad.operator} condition on aud lets any audience through: a token the workflow requested for any other audience is accepted too.`, { field: broad === undefined ? missing.aud(door) : broad.field })];
    },
};
function matchesAnyAudience(c, index) {
    if (c.match !== 'StringLike')
        return false;
    const pattern = c.patterns[index];
    return pattern !== undefined && OTHER_AUDIENCES.every((a) => pattern.matches(a));
}

;// CONCATENATED MODULE: ./src/engine/trust/checks/condition-never-holds.ts




const conditionNeverHolds = {
    code: 'TRUST_CONDITION_NEVER_HOLDS',
    severity: 'warning',
    title: 'A statement no token of the issuer can satisfy: the role cannot be used through it',
    docs: 'Reported for an Allow statement with a condition on a key of another issuer host (for a GitHub Enterprise Cloud provider, token.actions.githubusercontent.com/ENTERPRISE, keys written with the plain host are never in the request context), a Null condition requiring a claim GitHub always sends to be absent, StringEquals values another condition on the same claim rules out, or a Deny statement without conditions.',
    why: 'The deploy that relies on the statement fails with AccessDenied, and the usual reaction under pressure is to loosen the condition until it works.',
    remediation: 'Write the condition keys with the issuer the provider ARN names (token.actions.githubusercontent.com/ENTERPRISE:sub for an enterprise issuer), and make the conditions on one claim agree.',
    securitySeverity: 2.0,
    example: {
        scenario: 'The role trusts the acme enterprise\'s issuer but its conditions name the plain issuer\'s keys.',
        config: deployRole(['aws_trust_policy: ../../infra/deploy-role-trust.json'], false),
        files: { 'infra/deploy-role-trust.json': `${JSON.stringify(awsDeployRole({
                StringEquals: { 'token.actions.githubusercontent.com:aud': 'sts.amazonaws.com', 'token.actions.githubusercontent.com:sub': PINNED_SUB },
            }, 'token.actions.githubusercontent.com/acme'), null, 2)}\n` },
        offline: true,
    },
    sources: [SOURCES.githubOidc, SOURCES.awsOperators],
    // A statement no token can use has nothing narrower to be judged on.
    final: true,
    check({ door, denies, bindings }) {
        const denyAll = denies.find((d) => d.conditions.length === 0);
        if (denyAll !== undefined) {
            return [finding(conditionNeverHolds, `The Deny statement ${statementName(denyAll.field)} has no condition, so it denies every token this statement would let in.`, { field: door.field, denied_by: denyAll.field })];
        }
        const never = neverHolds(door, bindings);
        return never === undefined ? [] : [never];
    },
};
/**
 * A condition no token of the issuer can meet (a key of another issuer, which AWS never has in the
 * request context; Null true on a claim GitHub always sends), or literal values on one claim that
 * another condition on it rules out.
 */
function neverHolds(door, bindings) {
    for (const c of door.conditions) {
        const offContext = c.offContext === true && (c.kind === 'null' ? !c.absent : c.kind === 'match' && !c.negated && !c.ifExists && c.set !== 'ForAllValues');
        if (offContext) {
            return finding(conditionNeverHolds, `The ${c.operator} condition of ${statementName(c.field)} names a key of another issuer, which AWS never puts in the request context for this issuer's tokens: the statement can never let a token in.`, { field: c.field, operator: c.operator });
        }
        if (c.kind === 'null' && c.absent && ALWAYS_PRESENT.has(c.claim) && c.offContext !== true) {
            return finding(conditionNeverHolds, `The Null condition of ${statementName(c.field)} requires ${c.claim} to be absent, and GitHub puts it in every token: the statement can never let a token in.`, { field: c.field, operator: c.operator });
        }
    }
    const byClaim = new Map();
    for (const b of bindings) {
        const group = byClaim.get(b.condition.claim);
        if (group === undefined)
            byClaim.set(b.condition.claim, [b]);
        else
            group.push(b);
    }
    for (const [claim, on] of byClaim) {
        const literal = on.find((b) => b.positive && b.condition.match === 'StringEquals' && b.condition.set === undefined);
        if (literal === undefined)
            continue;
        const fits = literal.condition.values.some((value) => on.every((b) => matchesValue(b.condition, value) === b.positive));
        if (!fits) {
            return finding(conditionNeverHolds, `No value of ${claim} meets every condition on it: the StringEquals values of ${statementName(literal.condition.field)} are ruled out by another condition on ${claim}, so the statement can never let a token in.`, { field: literal.condition.field, claim });
        }
    }
    return undefined;
}

;// CONCATENATED MODULE: ./src/engine/trust/checks/pull-request-allowed.ts



const pullRequestAllowed = {
    code: 'TRUST_PULL_REQUEST_ALLOWED',
    severity: 'warning',
    title: 'A sub condition admits pull_request runs (repo:OWNER/REPO:pull_request)',
    docs: 'A workflow triggered by a pull request gets the sub repo:OWNER/REPO:pull_request, whatever branch the pull request comes from.',
    why: 'The code a pull request runs has not been reviewed yet. A role that trusts pull_request runs lets whoever can open one from a branch of the repository act with the role\'s permissions.',
    remediation: 'Trust a protected branch or environment for deploys, and give pull request workflows a separate role with read-only permissions if they need one.',
    securitySeverity: 6.5,
    example: trustExample('The deploy role admits the main branch and, through a loose pattern, pull requests.', ['claim_patterns: { sub: ["repo:acme@1001/app@2002:ref:refs/heads/main", "repo:acme@1001/app@2002:pull*"] }']),
    sources: [SOURCES.githubOidc],
    check({ binding }) {
        if (binding.kind !== 'sub' || !binding.admitted.some((run) => run.kind === 'pull request'))
            return [];
        const v = binding.value;
        return [finding(pullRequestAllowed, `The sub ${v.condition.operator} value "${v.condition.values[v.index]}" admits pull_request runs (${binding.prefix}:pull_request).`, valueEvidence(v))];
    },
};

;// CONCATENATED MODULE: ./src/engine/trust/checks/ref-wildcard.ts





const refWildcard = {
    code: 'TRUST_REF_WILDCARD',
    severity: 'warning',
    title: 'A wildcard inside the branch, tag or environment part of sub (refs/heads/*, main*, environment:*)',
    docs: 'Reported for a StringLike sub whose context has a * or ?, and which the statement lets through: ref:refs/heads/* (any branch), ref:refs/heads/main* (also main-evil), ref:refs/tags/* (any tag), environment:* and environment:prod-? (any environment so named); and for StringEqualsIgnoreCase on a context, which admits refs/heads/MAIN beside refs/heads/main (git ref names are case-sensitive, so that is another branch). The evidence says one subject it admits.',
    why: 'Anyone with write access can push a branch or tag of any name, and a workflow that names an environment creates it when it does not exist, without protection rules. A wildcard there admits runs that no reviewer or protection rule stands in front of.',
    remediation: 'Name the protected branch or environment exactly: repo:acme/app:ref:refs/heads/main, repo:acme/app:environment:production. Protect it (branch protection or rulesets, environment reviewers).',
    securitySeverity: 5.3,
    example: trustExample('The deploy role admits any branch whose name starts with main.', ['claim_patterns: { sub: "repo:acme@1001/app@2002:ref:refs/heads/main*" }']),
    sources: [SOURCES.githubOidc, SOURCES.githubAws],
    check({ binding, admits }) {
        if (binding.kind !== 'sub')
            return [];
        const { value: v, prefix, context } = binding;
        const shown = `The sub ${v.condition.operator} value "${v.condition.values[v.index]}"`;
        const findings = [];
        if (v.condition.match === 'StringEqualsIgnoreCase' && hasRunContext(context) && context !== context.toUpperCase()) {
            // Git ref and environment names are case-sensitive: REFS/HEADS/MAIN is another branch, unprotected.
            const example = otherCase(context);
            if (valueMatches(v, `${prefix}:${example}`) && admits({ sub: `${prefix}:${example}`, ...runClaimsOf(example) })) {
                findings.push(finding(refWildcard, `${shown} ignores letter case: it admits ${example}, a different branch or environment that anyone who can push a branch or edit a workflow can create.`, { ...valueEvidence(v), admits: example }));
            }
        }
        if (v.condition.match === 'StringLike' && hasWildcard(context) && hasRunContext(context)) {
            const example = instance(context);
            if (valueMatches(v, `${prefix}:${example}`) && admits({ sub: `${prefix}:${example}`, ...runClaimsOf(example) })) {
                findings.push(finding(refWildcard, `${shown} has a wildcard in its ${/^environment:/.test(context) ? 'environment' : 'ref'} part: it admits ${example}, which anyone who can push a branch or tag or edit a workflow can produce.`, { ...valueEvidence(v), admits: example }));
            }
        }
        return findings;
    },
};
/** The context with the name after its kind (`ref:`, `environment:`) in upper case: the same run to IgnoreCase, not to git. */
function otherCase(context) {
    return context.replace(/((?:^|:)(?:ref|environment):)([^:]*)/g, (_all, kind, name) => `${kind}${name.toUpperCase()}`);
}

;// CONCATENATED MODULE: ./src/engine/trust/checks/subject-mutable.ts



const subjectMutable = {
    code: 'TRUST_SUBJECT_MUTABLE',
    severity: 'warning',
    title: 'The role binds the repository by name only, not by its immutable ID',
    docs: 'GitHub\'s immutable sub, repo:OWNER@OWNER_ID/REPO@REPO_ID:…, is the default for repositories created, renamed or transferred after 2026-07-15; older repositories opt in. A condition written in the name form, repo:OWNER/REPO:…, or with the repository\'s ID left open (repo:acme@1001/app@*), matches whoever holds those names. Not reported when the repository ID is pinned, by the immutable form or by the repository_id condition key.',
    why: 'Names are recycled: when an organisation or repository is renamed or deleted, someone else can take the name, and tokens of their workflows carry the same name-only sub, which the role still trusts.',
    remediation: 'Opt the repository in to immutable subject claims and write the condition with both IDs (repo:acme@1001/app@2002:ref:refs/heads/main), or add a StringEquals condition on <issuer host>:repository_id.',
    securitySeverity: 4.3,
    example: trustExample('The deploy role pins acme/app\'s main branch by name only.', ['claim_patterns: { sub: "repo:acme/app:ref:refs/heads/main" }']),
    sources: [SOURCES.githubOidc],
    /** Each name-only value that binds the repository, or the repository key when that is the binding. */
    check({ subject }) {
        if (subject === undefined)
            return [];
        const { byKey, repositoryGroups, workflowKey } = subject;
        const immutable = byKey?.immutable === true || repositoryGroups.some((g) => g.every((v) => v.binding.level === 'repository' && v.binding.immutable));
        if (immutable)
            return [];
        const named = repositoryGroups.flat().filter((v) => v.binding.level === 'repository' ? !v.binding.immutable : v.binding.level === 'owner' && !v.binding.ownerById);
        if (named.length > 0) {
            return named.map((v) => finding(subjectMutable, `The sub ${v.condition.operator} value "${v.condition.values[v.index]}" binds ${v.binding.level === 'owner' ? `the owner by name only${workflowKey === undefined ? '' : ' (with the pinned job_workflow_ref)'}` : 'the owner and repository by name, without their immutable IDs (repo:OWNER@ID/REPO@ID:…)'}.`, valueEvidence(v)));
        }
        if (byKey !== undefined) {
            return [finding(subjectMutable, `The ${byKey.condition.operator} condition on repository binds the repository by name only; pin repository_id too.`, { field: byKey.condition.field, operator: byKey.condition.operator })];
        }
        return [];
    },
};

;// CONCATENATED MODULE: ./src/engine/trust/checks/subject-unbounded.ts



const subjectUnbounded = {
    code: 'TRUST_SUBJECT_UNBOUNDED',
    severity: 'error',
    title: 'The role admits repositories of more than one owner, or every repository of one owner',
    docs: 'A statement is bounded when its sub (or its repository or repository_id condition key) pins one repository, by name or by ID, or when an owner-wide sub goes with a job_workflow_ref pinned to one workflow at one ref (the central reusable-workflow pattern). Reported: no binding at all; *, repo:*, a wildcard in the owner or repository name (repo:acme/*, repo:acme*, repo:acme/app*) or a * in the owner\'s ID (repo:acme@*/app@2002: it matches any run of characters, the slash and another repository\'s name included); an owner-only customised subject (repository_owner:acme, repository_owner_id:123:*); any customised subject without a repository, such as environment:production; and a job_workflow_ref-only subject. A repository or organisation chooses its own subject template, so a stranger can give theirs one that writes environment:production and nothing else, and anyone who can call a public reusable workflow gets its job_workflow_ref. A statement\'s conditions all hold together, so its narrowest binding counts, and a Deny statement with one condition (Deny when sub is StringNotLike repo:acme/app:*) binds every Allow statement.',
    why: 'Any repository whose workflow can request an ID token for the role\'s audience can then assume the role: with repo:acme/* every repository of the organisation (and every pull request in them), with environment:production any repository on GitHub that names an environment so. This is the most common way CI gets production cloud access it should not have.',
    remediation: 'Pin the owner and the repository (and, better, the branch or environment): repo:acme@1001/app@2002:ref:refs/heads/main or repo:acme@1001/app@2002:environment:production. For a customised subject template, keep repo in it.',
    securitySeverity: 9.1,
    example: trustExample('The deploy role admits every repository of the acme organisation.', ['claim_patterns: { sub: "repo:acme/*" }']),
    sources: [SOURCES.githubOidc, SOURCES.githubAws, SOURCES.datadog],
    // A statement that binds no one repository has no repository whose naming or runs could be judged.
    final: true,
    check(ctx) {
        const subject = ctx.subject;
        if (subject === undefined)
            return otherIssuer(ctx);
        if (subject.tightest <= 0)
            return [];
        return unbounded(ctx.door, subject.groups, subject.workflowKey !== undefined, ctx.missing);
    },
};
function unbounded(door, groups, workflowKey, missing) {
    if (groups.length === 0) {
        return [finding(subjectUnbounded, 'No condition binds sub (or the repository): a workflow of any repository can use a token this role accepts.', { field: missing.sub(door) })];
    }
    return groups.flat().filter((v) => rank(v.binding, workflowKey) > 0).map((v) => finding(subjectUnbounded, `The sub ${v.condition.operator} value "${v.condition.values[v.index]}" ${v.binding.level === 'owner'
        ? 'admits every repository of its owner (and a job_workflow_ref pinned to one workflow at one ref would bound it)'
        : 'pins no repository: a workflow of another owner can get a token whose sub matches it (a repository chooses its own subject template)'}.`, valueEvidence(v)));
}
/** For an issuer whose subject grammar the checker does not know: only a sub anyone's token can meet. */
function otherIssuer({ door, bindings, missing }) {
    const subs = positiveOn(bindings, 'sub');
    if (subs.length === 0) {
        return [finding(subjectUnbounded, 'No condition binds sub: any workload the issuer issues tokens to can use a token this role accepts.', { field: missing.sub(door) })];
    }
    const open = (c, v) => c.match === 'StringLike' && (v.startsWith('*') || v.startsWith('?'));
    if (!subs.every((c) => c.values.some((v) => open(c, v))))
        return [];
    return subs.flatMap((c) => c.values.flatMap((v, i) => (open(c, v)
        ? [finding(subjectUnbounded, `The sub ${c.operator} value "${v}" begins with a wildcard, so any subject the issuer issues can match it.`, { field: c.valueFields[i], operator: c.operator, value: v })]
        : [])));
}

;// CONCATENATED MODULE: ./src/engine/trust/findings.ts










/** The issuer of GitHub Actions ID tokens: the default of a trust policy entry. */
const GITHUB_ACTIONS_ISSUER = 'https://token.actions.githubusercontent.com';
/**
 * Findings of the trust-policy lint (POST /v1/lint/trust-policy and `trust_policies:` entries): what a
 * cloud role's conditions on CI tokens admit, and whether stated cases come out as expected. Every
 * finding's evidence.field is a JSON Pointer into the request, the trust document included.
 *
 * Listed in the order of the catalogue and the docs. What a statement admits is judged by the checks in
 * checks/ (in the order of checks/registry.ts, which is the order of their findings); the two codes
 * defined here come from the evaluation itself: reading the document (a part it cannot evaluate) and
 * deciding the stated cases.
 */
const TRUST_FINDINGS = {
    TRUST_SUBJECT_UNBOUNDED: checkDefinition(subjectUnbounded, 'trust'),
    TRUST_AUDIENCE_MISSING: checkDefinition(audienceMissing, 'trust'),
    TRUST_ANY_REF: checkDefinition(anyRef, 'trust'),
    TRUST_REF_WILDCARD: checkDefinition(refWildcard, 'trust'),
    TRUST_PULL_REQUEST_ALLOWED: checkDefinition(pullRequestAllowed, 'trust'),
    TRUST_SUBJECT_MUTABLE: checkDefinition(subjectMutable, 'trust'),
    TRUST_CONDITION_NEVER_HOLDS: checkDefinition(conditionNeverHolds, 'trust'),
    TRUST_CONDITION_UNSUPPORTED: defineFinding({
        code: 'TRUST_CONDITION_UNSUPPORTED', severity: 'warning', area: 'trust',
        title: 'A part of the trust document the checker cannot evaluate (an operator, a key, a member)',
        docs: 'The checker evaluates every statement of an AWS trust policy for sts:AssumeRoleWithWebIdentity (Action or NotAction; Principal "*", AWS "*", Federated as a string or list, NotPrincipal), Allow and Deny, with the operators StringEquals, StringNotEquals, StringEqualsIgnoreCase, StringNotEqualsIgnoreCase, StringLike and StringNotLike (each also with IfExists, ForAnyValue: or ForAllValues:) and Null, on <issuer host>:<claim> keys compared ignoring case. Anything else (Bool, Date, IP and ARN operators, aws: and sts: keys, policy variables, and for GitHub\'s issuer a claim AWS does not put in the request context: only aud, sub, amr, actor, actor_id, job_workflow_ref, repository, repository_id, workflow, ref, environment and enterprise_id are) is named in a finding, never skipped silently. What is named admits: it is taken to hold in an Allow statement and not to hold in a Deny statement, so no case is denied on something nobody checked.',
        why: 'A condition the checker cannot read may narrow or widen what the role admits. Its findings and its cases are only as complete as what it could evaluate.',
        remediation: 'Write the condition with the operators above on the issuer\'s claim keys, or check what it does by hand: the other findings and the cases do not account for it.',
        securitySeverity: 3.1,
        example: {
            scenario: 'The deploy role\'s trust policy also checks repository_owner, a claim AWS does not put in the request context.',
            config: deployRole(['aws_trust_policy: ../../infra/deploy-role-trust.json'], false),
            files: { 'infra/deploy-role-trust.json': `${JSON.stringify(awsDeployRole({
                    StringEquals: {
                        'token.actions.githubusercontent.com:aud': 'sts.amazonaws.com',
                        'token.actions.githubusercontent.com:sub': PINNED_SUB,
                        'token.actions.githubusercontent.com:repository_owner': 'acme',
                    },
                }), null, 2)}\n` },
            offline: true,
        },
        sources: [SOURCES.awsOidcKeys, SOURCES.awsOperators],
    }),
    TRUST_CASE_FAILED: defineFinding({
        code: 'TRUST_CASE_FAILED', severity: 'error', area: 'trust',
        title: 'A case\'s claims are allowed where the case expects deny, or denied where it expects allow',
        docs: 'Each case is evaluated as AWS does: a Deny statement whose conditions all hold keeps the token out; otherwise the role is assumed when one Allow statement has every condition holding. Within a key any listed value may match, and for a negated operator none may; a missing claim fails the positive operators and satisfies the negated ones, …IfExists and ForAllValues; ForAnyValue needs one of a list claim\'s values to satisfy the operator, ForAllValues all of them. Conditions the checker cannot evaluate admit. The evidence names the case and the statement or condition that decided it.',
        why: 'Cases state what must be allowed (the deploy job) and what must be denied (a fork, another branch, a pull request). A failed case is a trust policy that does not do what its owners believe, found before it is applied.',
        remediation: 'Change the condition the evidence names (decided_by) so that the case comes out as expected, or correct the case.',
        securitySeverity: 7.5,
        example: trustExample('A case states that pull requests must be denied; the role admits them.', [
            'claim_patterns: { sub: "repo:acme@1001/app@2002:*" }',
            'cases:',
            '  - name: pull request',
            '    claims: { sub: "repo:acme@1001/app@2002:pull_request", aud: sts.amazonaws.com }',
            '    expect: deny',
        ]),
        sources: [SOURCES.awsEvaluation, SOURCES.awsOperators, SOURCES.awsMultiValued],
    }),
};

;// CONCATENATED MODULE: ./src/engine/schema/validate-request.ts



/** `allowed_algs` entries: registered JWS algorithm names, plus `none`, accepted in the list and always rejected. */
const ALLOWED_ALG_NAMES = [...REGISTERED_JWS_ALGORITHMS, 'none'];
const validate_request_stringList = { type: 'array', maxItems: MAX_ARRAY_ITEMS, items: { type: 'string', minLength: 1 } };
const CUSTOM_CLAIM_VALUE_ID = 'https://oidc-gate.dev/schemas/custom-claim-value.json';
const anyValueWithShortArrays = {
    type: ['string', 'number', 'boolean', 'null', 'array', 'object'],
    maxItems: MAX_ARRAY_ITEMS,
};
/**
 * An expected value in required_custom_claims: any JSON value whose arrays, at any depth, hold at most
 * MAX_ARRAY_ITEMS items. An expected array is matched by looking up each of its items in the token's
 * array, so its length multiplies the work of the check. This recursive form is what the OpenAPI
 * document publishes.
 */
const customClaimValueSchema = {
    $id: CUSTOM_CLAIM_VALUE_ID,
    title: 'CustomClaimValue',
    ...anyValueWithShortArrays,
    items: { $ref: CUSTOM_CLAIM_VALUE_ID },
    additionalProperties: { $ref: CUSTOM_CLAIM_VALUE_ID },
    description: `A claim value to match; arrays hold at most ${MAX_ARRAY_ITEMS} items at any depth.`,
};
/** The same rule with its first `levels` levels written out, deeper values checked by the recursive form. */
function unrolled(levels) {
    if (levels === 0)
        return { $ref: CUSTOM_CLAIM_VALUE_ID };
    const inner = unrolled(levels - 1);
    return { ...anyValueWithShortArrays, items: inner, additionalProperties: inner };
}
/**
 * customClaimValueSchema as the validator checks it. Each recursive step is a function call that also
 * builds the field's JSON pointer, about a microsecond for a policy with a few custom claims; written out
 * two levels deep, the usual shapes (a value, a list or a map of values) are checked inline.
 */
const customClaimValueUnrolled = unrolled(2);
/**
 * required_claim_patterns (and a trust policy's claim_patterns): claim name to one AWS StringLike pattern
 * or a list of them.
 */
const claimPatternsSchema = {
    type: 'object',
    maxProperties: MAX_CUSTOM_CLAIMS,
    additionalProperties: {
        type: ['string', 'array'],
        minLength: 1,
        maxLength: MAX_PATTERN_LENGTH,
        minItems: 1,
        maxItems: MAX_ARRAY_ITEMS,
        items: { type: 'string', minLength: 1, maxLength: MAX_PATTERN_LENGTH },
    },
    description: `Claim name to an AWS StringLike pattern or a list of them, any of which must match (* any run of characters, ? one character, all else literal); the claim must be a string. At most ${MAX_CUSTOM_CLAIMS} claims, patterns of at most ${MAX_PATTERN_LENGTH} characters.`,
};
/**
 * The claim-and-algorithm part of a VerifyPolicy, shared with issuer profiles (which add `id` and a
 * key source). Kept as plain JSON Schema 2020-12 so the OpenAPI 3.1 document reuses it verbatim.
 */
const verifyPolicyClaimProperties = {
    issuer: { type: 'string', minLength: 1, description: 'Expected iss claim, compared exactly (case and trailing slash matter). Microsoft Entra ID\'s multi-tenant template https://login.microsoftonline.com/{tenantid}/v2.0 (or https://sts.windows.net/{tenantid}/) accepts iss equal to it with the token\'s tid (a GUID) in place of {tenantid}.' },
    audiences: { ...validate_request_stringList, minItems: 1, description: 'Allowed aud values; any one must match.' },
    allowed_algs: {
        type: 'array', minItems: 1, maxItems: MAX_ARRAY_ITEMS,
        items: { type: 'string', enum: ALLOWED_ALG_NAMES },
        description: 'Algorithm allowlist, case-sensitive. "none" may be listed and is still always rejected.',
    },
    required_claims: { ...validate_request_stringList, description: 'Claims that must be present.' },
    required_scopes: { ...validate_request_stringList, description: 'Scopes that must be in scope (space-delimited) or scp.' },
    required_custom_claims: {
        type: 'object',
        maxProperties: MAX_CUSTOM_CLAIMS,
        $defs: { CustomClaimValue: customClaimValueSchema },
        additionalProperties: customClaimValueUnrolled,
        description: `Claim name to expected value (scalar, array subset, or object matched on its keys); at most ${MAX_CUSTOM_CLAIMS} claims.`,
    },
    required_claim_patterns: claimPatternsSchema,
    max_ttl_seconds: { type: 'integer', minimum: 1, description: 'Maximum exp - iat.' },
    clock_skew_seconds: { type: 'integer', minimum: 0, maximum: 86400, default: 0, description: 'Leeway for exp, nbf and iat.' },
    token_type: { type: 'string', minLength: 1, description: 'Expected typ header, compared case-insensitively without an application/ prefix.' },
    tenants: {
        type: 'array', minItems: 1, maxItems: MAX_ARRAY_ITEMS, uniqueItems: true,
        items: { type: 'string', pattern: TENANT_ID_PATTERN },
        description: 'Only with Microsoft Entra ID\'s multi-tenant issuer https://login.microsoftonline.com/{tenantid}/v2.0 (or https://sts.windows.net/{tenantid}/): the tenant IDs (lower-case GUIDs) whose tokens are accepted; the token\'s tid must be one of them.',
    },
};
const verifyPolicyClaimRequired = ['issuer', 'audiences', 'allowed_algs'];
const verifyPolicySchema = {
    type: 'object',
    additionalProperties: false,
    required: [...verifyPolicyClaimRequired],
    properties: {
        secret: { type: 'string', minLength: 1, description: 'HMAC shared secret for HS*. Exactly one of secret and public_key.' },
        secret_encoding: { type: 'string', enum: ['utf8', 'base64url'], default: 'utf8', description: 'How secret is encoded.' },
        public_key: { type: 'string', minLength: 1, description: 'SPKI PEM or X.509 certificate PEM for RS*, PS*, ES*, EdDSA.' },
        ...verifyPolicyClaimProperties,
    },
};
const validateRequestSchema = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'https://oidc-gate.dev/schemas/validate-request.json',
    title: 'ValidateRequest',
    type: 'object',
    additionalProperties: false,
    required: ['token'],
    properties: {
        token: { type: 'string', minLength: 1, maxLength: 16384, description: 'The compact JWS to validate (at most 16 KiB).' },
        policy: verifyPolicySchema,
        issuer_profile_id: { type: 'string', minLength: 1, description: 'A registered issuer profile. Exactly one of policy and issuer_profile_id.' },
    },
};

;// CONCATENATED MODULE: ./src/engine/schema/trust-policy-request.ts




const ANY_JSON = ['string', 'number', 'boolean', 'null', 'array', 'object'];
/**
 * A claim value of a case. Strings are capped like patterns: a case's claims are matched against every
 * pattern, and the cost of a match grows with both lengths.
 */
const caseClaimValue = {
    type: ANY_JSON,
    maxLength: MAX_PATTERN_LENGTH,
    maxItems: MAX_ARRAY_ITEMS,
    items: { type: ANY_JSON, maxLength: MAX_PATTERN_LENGTH },
};
/**
 * Trust-policy lint request: the conditions a cloud role puts on a CI issuer's tokens, given directly
 * (audiences, claim_patterns) or as an AWS IAM role trust policy document, plus cases of claims that
 * must be allowed or denied. Every field is optional: what is missing (no sub or aud condition) is
 * reported as a finding. Whether the AWS document is well formed is a finding too
 * (TRUST_CONDITION_UNSUPPORTED with its pointer), not a 422: it is AWS's format, not this request's.
 * A document beside claim_patterns, over its limits, or costing more than the work budget is a 422,
 * refused by the lint itself (trustRequestRefusals), which says why in words a schema cannot.
 */
const trustPolicyRequestSchema = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'TrustPolicyRequest',
    type: 'object',
    additionalProperties: false,
    properties: {
        issuer: {
            type: 'string', minLength: 1, maxLength: 2048, default: GITHUB_ACTIONS_ISSUER,
            description: 'The issuer whose tokens the role trusts; its URL without https:// prefixes the AWS condition keys (token.actions.githubusercontent.com:sub). Absent: with aws_trust_policy, every GitHub issuer its Allow statements name (GitHub Enterprise Cloud\'s token.actions.githubusercontent.com/ENTERPRISE included), else GitHub\'s.',
        },
        audiences: {
            type: 'array', minItems: 1, maxItems: MAX_ARRAY_ITEMS, items: { type: 'string', minLength: 1 },
            description: 'aud must equal one of these (a StringEquals condition on aud). With aws_trust_policy, only the audience id_token requests: the document alone decides.',
        },
        claim_patterns: {
            ...claimPatternsSchema,
            description: `Claim name to an AWS StringLike pattern or a list of them, any of which must match (* any run of characters, ? one character). At most ${MAX_CUSTOM_CLAIMS} claims. Refused beside aws_trust_policy: state intent as cases.`,
        },
        aws_trust_policy: {
            type: 'object',
            description: 'An IAM role trust policy document (Version, Statement; at most 100 statements and 64 KiB as JSON). Every statement for sts:AssumeRoleWithWebIdentity that applies to the issuer\'s OIDC provider is evaluated as AWS does, Allow and Deny.',
        },
        cases: {
            type: 'array',
            maxItems: MAX_ARRAY_ITEMS,
            description: 'Claim sets and whether the role must let them in, evaluated as AWS evaluates the conditions.',
            items: {
                type: 'object',
                additionalProperties: false,
                required: ['claims', 'expect'],
                properties: {
                    name: { type: 'string', minLength: 1, maxLength: 200, description: 'Shown in findings; default "case <index>".' },
                    claims: { type: 'object', maxProperties: MAX_CUSTOM_CLAIMS, additionalProperties: caseClaimValue, description: 'The token\'s claims (decoded payload).' },
                    expect: { type: 'string', enum: ['allow', 'deny'] },
                },
            },
        },
    },
};
const parseTrustPolicyRequest = compileSchema(trustPolicyRequestSchema);

;// CONCATENATED MODULE: ./src/engine/trust/checks/registry.ts







/**
 * The checks of one Allow statement, in the order a response lists their findings for it: whether any
 * token can use it, whether it binds the audience, whether it binds one repository, and by what name.
 * A check marked `final` that finds something ends the statement's judgement.
 */
const TRUST_STATEMENT_CHECKS = [
    conditionNeverHolds,
    audienceMissing,
    subjectUnbounded,
    subjectMutable,
];
/**
 * The checks of each repository binding of a statement that binds one repository, run after the
 * statement checks, binding by binding: every run admitted, pull requests, wildcard branches and
 * environments. Adding a trust check is one module in this folder plus one line in one of these lists
 * (and its place in the catalogue, trust/findings.ts).
 */
const TRUST_RUN_CHECKS = [
    anyRef,
    pullRequestAllowed,
    refWildcard,
];

;// CONCATENATED MODULE: ./src/engine/trust/breadth.ts



/**
 * `github`: the issuer is GitHub's (or a GitHub Enterprise Cloud issuer), whose subject vocabulary is
 * known. For another issuer only a statement with no sub binding, or one whose sub values are all
 * wildcards from their first character, is judged unbounded; its subject grammar is not judged.
 */
function checkBreadth(doors, missing, github) {
    const denies = doors.filter((d) => d.effect === 'Deny');
    const findings = [];
    for (const door of doors) {
        if (door.effect !== 'Allow')
            continue;
        const statement = statementContext(door, denies, missing, github);
        const judged = judge(TRUST_STATEMENT_CHECKS, statement, findings);
        if (judged === 'ended')
            continue;
        for (const binding of runContexts(statement))
            judge(TRUST_RUN_CHECKS, binding, findings);
    }
    return dedupe(findings);
}
/** Runs the checks in order into `findings`, until a final one finds something. */
function judge(checks, ctx, findings) {
    for (const check of checks) {
        const found = check.check(ctx);
        findings.push(...found);
        if (check.final === true && found.length > 0)
            return 'ended';
    }
    return 'done';
}
/** The same finding about the same place is reported once, however many statements lead to it. */
function dedupe(findings) {
    const seen = new Set();
    return findings.filter((f) => {
        const key = `${f.code} ${String(f.evidence?.field)}`;
        if (seen.has(key))
            return false;
        seen.add(key);
        return true;
    });
}

;// CONCATENATED MODULE: ./src/engine/trust/budget.ts





/** Room for the longest context a breadth probe appends to a sub value (`:environment:any-environment`). */
const PROBE_EXTRA = 64;
/** Probes of one sub value: one per kind of run, and one instance of its wildcard. */
const PROBES_PER_VALUE = 5;
/** Kinds of run probed for a repository: branch, tag, environment, pull request. */
const RUN_KINDS = 4;
/** The claims a probe of a repository's runs is judged on (see runs.ts). */
const budget_RUN_CLAIMS = new Set(['sub', 'ref', 'environment']);
/** The refusal, when the request needs more than the budget; `at` is the document's member. */
function workRefusal(doors, cases, at) {
    const caseWork = cases.reduce((sum, c) => sum + doors.reduce((s, door) => s + doorWork(door.conditions, (claim) => claimLength(c.claims, claim)), 0), 0);
    const breadthWork = breadth(doors);
    const total = caseWork + breadthWork + doors.length * cases.length;
    if (total <= MATCH_WORK_BUDGET)
        return undefined;
    const units = `${Math.ceil(total / 1e6)} million units of matching work, where at most ${MATCH_WORK_BUDGET / 1e6} million are done for one request`;
    return caseWork >= breadthWork
        ? { pointer: '/cases', message: `The cases need ${units}: every case's claims are matched against every condition. Send fewer cases, shorter claim values, or fewer and shorter condition values (a pattern's ? costs the most).` }
        : { pointer: at, message: `Judging the conditions needs ${units}: each sub value is tried against every other condition of its statement. Use fewer and shorter condition values (a pattern's ? costs the most).` };
}
function doorWork(conditions, length) {
    let work = 0;
    for (const c of conditions) {
        if (c.kind !== 'match') {
            work += 1;
            continue;
        }
        const n = length(c.claim);
        work += c.match === 'StringLike' ? c.patterns.reduce((s, p) => s + matchCost(n, p), 0) : c.values.reduce((s, v) => s + n + v.length, 0);
    }
    return work;
}
/**
 * What judging each Allow statement costs. Every probe (a run of a repository its sub values bind, or
 * an instance of a value) is matched against the statement's sub conditions: a pattern whose literal
 * start does not begin the probe fails within that many characters, and only the rest cost a whole
 * match. The probes are sorted, so which patterns can fit which probes is counted by binary search
 * rather than by trying each pair. Conditions on the run's other claims, each literal value checked
 * against the other conditions on its claim, and the audience probes are counted in full.
 */
function breadth(doors) {
    const denyConditions = doors.filter((d) => d.effect === 'Deny' && d.conditions.length === 1).flatMap((d) => d.conditions);
    let work = 0;
    for (const door of doors) {
        if (door.effect !== 'Allow')
            continue;
        const conditions = [...door.conditions, ...denyConditions];
        const longest = Math.max(0, ...conditions.flatMap((c) => (c.kind === 'match' ? c.values.map((v) => v.length) : [])));
        const onRun = conditions.filter((c) => budget_RUN_CLAIMS.has(c.claim));
        const onSub = onRun.filter((c) => c.kind === 'match' && c.claim === 'sub');
        const probes = probesOf(onSub);
        const length = () => longest + PROBE_EXTRA;
        work += probes.length * doorWork(onRun.filter((c) => c.claim !== 'sub'), length);
        work += subWork(onSub, probes, longest + PROBE_EXTRA);
        // Each value against its own probes, and the probes of a repository bound by a key.
        work += (PROBES_PER_VALUE + RUN_KINDS) * doorWork(onSub, length);
        for (const on of byClaim(conditions).values()) {
            const literals = on.reduce((s, c) => s + (c.kind === 'match' && c.match === 'StringEquals' ? c.values.length : 0), 0);
            if (literals > 0)
                work += literals * doorWork(on, () => longest);
        }
        work += doorWork(conditions.filter((c) => c.claim === 'aud'), () => 40) * 3;
    }
    return work;
}
function byClaim(conditions) {
    const groups = new Map();
    for (const c of conditions) {
        const group = groups.get(c.claim);
        if (group === undefined)
            groups.set(c.claim, [c]);
        else
            group.push(c);
    }
    return groups;
}
/** The sub subjects the run checks probe for these conditions, sorted: each repository's runs, and an instance of each value. */
function probesOf(onSub) {
    const probes = new Set();
    for (const c of onSub) {
        for (const value of c.values) {
            const binding = subjectBinding(value, c.match === 'StringLike');
            if (binding.level === 'repository') {
                for (const run of RUNS)
                    probes.add(`${binding.prefix}:${run.context}`);
                probes.add(`${binding.prefix}:${instance(binding.context)}`);
            }
            probes.add(instance(value));
        }
    }
    return [...probes].sort();
}
/** Matching every probe against every sub value: the literal start of each, and a whole match where it fits. */
function subWork(onSub, sortedProbes, probeLength) {
    let work = 0;
    for (const c of onSub) {
        c.values.forEach((value, i) => {
            const like = c.match === 'StringLike';
            // The start every subject it matches begins with (IgnoreCase folds case first: any start).
            const start = c.match === 'StringEqualsIgnoreCase' ? '' : like ? value.slice(0, firstWildcard(value)) : value;
            const fitting = countStartingWith(sortedProbes, start);
            const whole = like ? matchCost(probeLength, c.patterns[i]) : probeLength + value.length;
            work += fitting * whole + (sortedProbes.length - fitting) * (start.length + 1);
        });
    }
    return work;
}
function firstWildcard(value) {
    const found = [value.indexOf('*'), value.indexOf('?')].filter((i) => i >= 0);
    return found.length === 0 ? value.length : Math.min(...found);
}
/** How many of the sorted strings begin with `start`: they are contiguous from its lower bound. */
function countStartingWith(sorted, start) {
    if (start === '')
        return sorted.length;
    const first = bisect(sorted, (i) => sorted[i] < start, 0);
    const end = bisect(sorted, (i) => sorted[i].startsWith(start), first);
    return end - first;
}
/** The first index from `lo` where `before` stops holding (it holds on a prefix of the range). */
function bisect(sorted, before, lo) {
    let hi = sorted.length;
    while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (before(mid))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}
/** The characters a claim puts before the matcher: a string's length, a list's members' together. */
function claimLength(claims, claim) {
    const value = claimValue(claims, claim);
    const members = Array.isArray(value) ? value : [value];
    return members.reduce((s, m) => s + (typeof m === 'string' ? m.length : 24), 0) + Object.keys(claims).length;
}

;// CONCATENATED MODULE: ./src/engine/trust/cases.ts



/**
 * As AWS decides: a Deny statement that applies keeps the token out whatever else holds; otherwise one
 * Allow statement that applies lets it in. A case denied for want of an Allow is decided by the first
 * condition that failed in the first Allow statement; with no Allow statement at all, by nothing.
 * Conditions the checker cannot evaluate admit (see doorApplies), so no case is denied on them.
 */
function decide(doors, claims) {
    const deny = doors.find((d) => d.effect === 'Deny' && doorApplies(d, claims));
    if (deny !== undefined)
        return { outcome: 'deny', decidedBy: { field: deny.field, effect: 'Deny' } };
    let firstFailure;
    for (const door of doors) {
        if (door.effect !== 'Allow')
            continue;
        if (doorApplies(door, claims))
            return { outcome: 'allow', decidedBy: { field: door.field, conditions: door.conditions.map((c) => c.field) } };
        const failed = door.conditions.find((c) => conditionHolds(c, claims) === false);
        if (failed !== undefined && failed.kind !== 'unknown') {
            firstFailure ??= {
                outcome: 'deny',
                decidedBy: { field: failed.field, claim: failed.claim, operator: failed.operator, values: failed.kind === 'match' ? failed.values : [], actual: shown(claimValue(claims, failed.claim)) },
            };
        }
    }
    return firstFailure ?? { outcome: 'deny', decidedBy: null };
}
/**
 * A case is a token of one issuer: the one its iss claim names, when the document is judged for it;
 * else the one the request names; else any issuer the document lets in, so that no case is denied for
 * want of knowing whose token it is.
 */
function decideForIssuers(readings, claims, requested) {
    const issuerOf = (r) => normal(r.issuer);
    const iss = typeof claims.iss === 'string' ? normal(claims.iss) : requested === undefined ? undefined : normal(requested);
    const named = readings.filter((r) => issuerOf(r) === iss);
    const decisions = (named.length > 0 ? named : readings).map((r) => decide(r.doors, claims));
    return decisions.find((d) => d.outcome === 'allow') ?? decisions[0] ?? { outcome: 'deny', decidedBy: null };
}
function normal(issuer) {
    return issuer.replace(/\/+$/, '').toLowerCase();
}
/** Each case's result, and TRUST_CASE_FAILED for each one that did not come out as expected. */
function evaluateCases(cases, readings, requested) {
    const results = [];
    const findings = [];
    cases.forEach((c, index) => {
        const name = c.name ?? `case ${index}`;
        const decision = decideForIssuers(readings, c.claims, requested);
        results.push({ name, expect: c.expect, outcome: decision.outcome });
        if (decision.outcome === c.expect)
            return;
        findings.push(finding(TRUST_FINDINGS.TRUST_CASE_FAILED, `The case "${name}" expects ${c.expect}, but it is ${decision.outcome === 'allow' ? 'allowed' : 'denied'}: ${why(decision)}.`, {
            field: `/cases/${index}`, case: name, expect: c.expect, outcome: decision.outcome, decided_by: decision.decidedBy,
        }));
    });
    return { results, findings };
}
function why(decision) {
    if (decision.outcome === 'allow') {
        return decision.decidedBy.field === '' ? 'its audiences and claim_patterns all hold' : `the conditions of the Allow statement ${statementName(decision.decidedBy.field)} all hold`;
    }
    const by = decision.decidedBy;
    if (by === null)
        return 'no statement lets the issuer\'s tokens in';
    if ('effect' in by)
        return `the Deny statement ${statementName(by.field)} applies to it`;
    return `the ${by.operator} condition on ${by.claim} ${by.field === '' || by.field.startsWith('/claim_patterns') || by.field.startsWith('/audiences') ? `(${by.field})` : `of ${statementName(by.field)}`} does not hold`;
}
/** A claim value as evidence shows it: missing is null, and a long string is cut. */
function shown(value) {
    if (value === undefined)
        return null;
    if (typeof value === 'string' && value.length > 200)
        return `${value.slice(0, 200)}…`;
    return value;
}

;// CONCATENATED MODULE: ./src/engine/trust/aws-conditions.ts
/**
 * The Condition block of an AWS trust policy statement, read as AWS evaluates it for a web identity
 * token: each operator and key becomes a condition on a claim, and what cannot be evaluated (an
 * operator or key AWS does not evaluate for this issuer, values that are not strings) is reported and
 * read so that it admits.
 */


/** Reports a part of the policy that is not evaluated, at its pointer. */
/** GitHub's token issuer, whose extra claims AWS puts in the request context. */
const GITHUB_HOST = 'token.actions.githubusercontent.com';
/**
 * The claims of GitHub's tokens that AWS STS puts in the request context as condition keys: the
 * standard aud, sub and amr, and the claims AWS added for GitHub's issuer in January 2026. For any
 * other issuer, only aud, sub and amr.
 */
const GITHUB_CONTEXT_CLAIMS = new Set(['aud', 'sub', 'amr', 'actor', 'actor_id', 'job_workflow_ref', 'repository', 'repository_id', 'workflow', 'ref', 'environment', 'enterprise_id']);
const STANDARD_CONTEXT_CLAIMS = new Set(['aud', 'sub', 'amr']);
const MATCH_OPERATORS = {
    StringEquals: { match: 'StringEquals', negated: false },
    StringNotEquals: { match: 'StringEquals', negated: true },
    StringEqualsIgnoreCase: { match: 'StringEqualsIgnoreCase', negated: false },
    StringNotEqualsIgnoreCase: { match: 'StringEqualsIgnoreCase', negated: true },
    StringLike: { match: 'StringLike', negated: false },
    StringNotLike: { match: 'StringLike', negated: true },
};
const SET_OPERATORS = new Set(['ForAnyValue', 'ForAllValues']);
const SUPPORTED = 'StringEquals, StringNotEquals, StringEqualsIgnoreCase, StringNotEqualsIgnoreCase, StringLike and StringNotLike (each also with IfExists, ForAnyValue: or ForAllValues:) and Null';
function readConditionBlock(block, field, prefix, unsupported, deny) {
    if (block === undefined)
        return [];
    if (!isRecord(block)) {
        unsupported(field, 'Condition is not a JSON object; it was not evaluated.');
        return [{ kind: 'unknown', field, claim: '', operator: '' }];
    }
    const conditions = [];
    for (const [name, keys] of Object.entries(block)) {
        const operatorField = `${field}/${aws_conditions_escape(name)}`;
        const operator = parseOperator(name);
        if (operator === undefined || !isRecord(keys)) {
            const why = operator === undefined ? `the operator is not evaluated (only ${SUPPORTED})` : 'it is not a JSON object of keys';
            unsupported(operatorField, `The condition ${clip(name)} is not evaluated: ${why}. It is taken to hold in an Allow statement and not to hold in a Deny statement.`, { operator: clip(name) });
            conditions.push({ kind: 'unknown', field: operatorField, claim: '', operator: name });
            continue;
        }
        if (deny && Object.keys(keys).length === 0) {
            // An operator without keys: whatever AWS makes of it, a Deny is not credited with it.
            unsupported(operatorField, `The condition ${clip(name)} names no key; the Deny statement is not taken to deny anything.`, { operator: clip(name) });
            conditions.push({ kind: 'unknown', field: operatorField, claim: '', operator: name });
        }
        for (const [key, values] of Object.entries(keys)) {
            conditions.push(readCondition(name, operator, key, values, `${operatorField}/${aws_conditions_escape(key)}`, prefix, unsupported));
        }
    }
    return conditions;
}
function parseOperator(name) {
    if (name === 'Null')
        return { kind: 'null' };
    const colon = name.indexOf(':');
    const set = colon < 0 ? undefined : name.slice(0, colon);
    if (set !== undefined && !SET_OPERATORS.has(set))
        return undefined;
    let base = colon < 0 ? name : name.slice(colon + 1);
    const ifExists = base.endsWith('IfExists');
    if (ifExists)
        base = base.slice(0, -'IfExists'.length);
    const known = Object.hasOwn(MATCH_OPERATORS, base) ? MATCH_OPERATORS[base] : undefined;
    if (known === undefined)
        return undefined;
    return { kind: 'match', ...known, ifExists, ...(set === undefined ? {} : { set: set }) };
}
function readCondition(name, operator, key, values, field, prefix, unsupported) {
    const unknown = (why) => {
        unsupported(field, `The condition ${clip(name)} on ${clip(key)} is not evaluated: ${why}. It is taken to hold in an Allow statement and not to hold in a Deny statement.`, { operator: clip(name), key: clip(key) });
        return { kind: 'unknown', field, claim: '', operator: name };
    };
    const colon = key.lastIndexOf(':');
    const keyPrefix = colon < 0 ? '' : key.slice(0, colon);
    const claim = key.slice(colon + 1);
    let offContext;
    if (keyPrefix.toLowerCase() !== prefix.toLowerCase()) {
        // A key of another OIDC provider (a host name, with or without a path) is not in the request
        // context of this issuer's tokens: AWS evaluates it as absent. Global and service keys (aws:…,
        // sts:…) are not judged.
        if (!keyPrefix.includes('.'))
            return unknown(`the key is not one of ${prefix}'s claims (${prefix}:<claim>)`);
        offContext = true;
    }
    else if (!contextClaims(prefix).has(claim.toLowerCase())) {
        return unknown(`AWS does not put the claim ${clip(claim)} of this issuer's tokens in the request context`);
    }
    if (operator.kind === 'null') {
        const flag = typeof values === 'boolean' ? values : typeof values === 'string' && /^(true|false)$/i.test(values) ? values.toLowerCase() === 'true' : undefined;
        if (flag === undefined)
            return unknown('Null takes "true" or "false"');
        return { kind: 'null', field, claim: claim.toLowerCase(), operator: name, absent: flag, ...(offContext === undefined ? {} : { offContext }) };
    }
    const problem = valuesProblem(values);
    if (problem !== undefined)
        return unknown(problem);
    return makeCondition({
        field, claim: claim.toLowerCase(), operator: name, match: operator.match, negated: operator.negated, ifExists: operator.ifExists,
        ...(operator.set === undefined ? {} : { set: operator.set }), ...(offContext === undefined ? {} : { offContext }),
    }, values);
}
function contextClaims(prefix) {
    const host = prefix.toLowerCase();
    return host === GITHUB_HOST || host.startsWith(`${GITHUB_HOST}/`) ? GITHUB_CONTEXT_CLAIMS : STANDARD_CONTEXT_CLAIMS;
}
function valuesProblem(values) {
    const list = Array.isArray(values) ? values : [values];
    if (list.length === 0)
        return 'it lists no value';
    if (list.length > MAX_ARRAY_ITEMS)
        return `it lists more than ${MAX_ARRAY_ITEMS} values`;
    if (!list.every((v) => typeof v === 'string'))
        return 'its values are not all strings';
    if (list.some((v) => v.length > MAX_PATTERN_LENGTH))
        return `a value is longer than ${MAX_PATTERN_LENGTH} characters`;
    // ${aws:username}, ${*}: policy variables are replaced by IAM at evaluation time.
    if (list.some((v) => v.includes('${')))
        return 'a value uses a policy variable (${…})';
    return undefined;
}
function strings(value) {
    if (typeof value === 'string')
        return [value];
    return Array.isArray(value) ? value.filter((v) => typeof v === 'string') : [];
}
function isRecord(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
function aws_conditions_escape(token) {
    return conditions_pointer(token).slice(1);
}
/** Names from the document in a message: short, whatever the document holds. */
function clip(text) {
    return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}

;// CONCATENATED MODULE: ./src/engine/trust/aws-format.ts





/** Statements read from one document at the most; a longer one is refused, never judged in part. */
const MAX_STATEMENTS = 100;
/** A document's size at the most, as JSON text in UTF-8 bytes. */
const MAX_DOCUMENT_BYTES = 64 * 1024;
/** Identity providers the Allow statements may name: each is judged on its own. */
const MAX_ISSUERS = 10;
/** Condition operators and keys read, times the providers each is read for, in one request. */
const MAX_CONDITION_READINGS = 3_000;
/** TRUST_CONDITION_UNSUPPORTED findings listed for one document; the rest are counted in one more. */
const MAX_UNSUPPORTED = 50;
const WEB_IDENTITY_ACTION = 'sts:assumerolewithwebidentity';
const POLICY_MEMBERS = new Set(['Version', 'Id', 'Statement']);
const STATEMENT_MEMBERS = new Set(['Sid', 'Effect', 'Principal', 'NotPrincipal', 'Action', 'NotAction', 'Condition']);
/**
 * The prefix of the issuer's condition keys: its URL without https:// (token.actions.githubusercontent.com,
 * or host/path for an issuer with a path, such as GitHub Enterprise Cloud's
 * token.actions.githubusercontent.com/ENTERPRISE), which is also how IAM names the OIDC provider.
 */
function conditionKeyPrefix(issuer) {
    return issuer.replace(/^https:\/\//i, '').replace(/\/+$/, '');
}
const awsTrustPolicyFormat = {
    member: 'aws_trust_policy',
    label: 'AWS IAM role trust policy',
    refuse(document, at) {
        const problems = [];
        const bytes = Buffer.byteLength(JSON.stringify(document), 'utf8');
        if (bytes > MAX_DOCUMENT_BYTES) {
            problems.push({ pointer: at, message: `The trust policy is ${bytes.toLocaleString('en-US')} bytes as JSON; at most ${MAX_DOCUMENT_BYTES.toLocaleString('en-US')} are judged (AWS itself caps a role trust policy at a few kilobytes). Send the role's trust policy document itself.` });
        }
        const statements = document.Statement;
        if (Array.isArray(statements) && statements.length > MAX_STATEMENTS) {
            problems.push({ pointer: `${at}/Statement`, message: `The trust policy has ${statements.length} statements; at most ${MAX_STATEMENTS} are judged, and a document judged in part is never called valid. Merge statements that share a principal and action.` });
        }
        (Array.isArray(statements) ? statements : [statements]).forEach((statement, index) => {
            if (!isRecord(statement))
                return;
            const field = Array.isArray(statements) ? `${at}/Statement/${index}` : `${at}/Statement`;
            for (const [member, value] of [['Principal', statement.Principal], ['NotPrincipal', statement.NotPrincipal]]) {
                const federated = isRecord(value) ? value.Federated : undefined;
                if (Array.isArray(federated) && federated.length > MAX_ARRAY_ITEMS) {
                    problems.push({ pointer: `${field}/${member}/Federated`, message: `The statement names ${federated.length} identity providers; at most ${MAX_ARRAY_ITEMS} are judged.` });
                }
            }
        });
        const issuers = providersNamedIn(document);
        if (issuers.length > MAX_ISSUERS) {
            problems.push({ pointer: `${at}/Statement`, message: `The Allow statements name ${issuers.length} identity providers; each is judged on its own, and at most ${MAX_ISSUERS} are. Split the role, or send one provider's statements at a time.` });
        }
        else {
            // The document is read once per provider: its conditions times the providers is the reading's work.
            const entries = conditionEntries(statements);
            const readings = Math.max(1, issuers.length + 1);
            if (entries * readings > MAX_CONDITION_READINGS) {
                problems.push({ pointer: `${at}/Statement`, message: `The trust policy has ${entries.toLocaleString('en-US')} condition operators and keys, read once for each of ${readings} identity providers; at most ${MAX_CONDITION_READINGS.toLocaleString('en-US')} such readings are done for one request. Send the role's own trust policy: AWS caps one at a few kilobytes.` });
            }
        }
        return problems;
    },
    issuers: issuersOf,
    read: readAwsPolicy,
};
/** Reads every statement that can decide whether a token of the issuer may assume the role. */
function readAwsPolicy(document, issuer, at) {
    const findings = [];
    let untold = 0;
    const unsupported = (field, message, evidence = {}) => {
        if (findings.length < MAX_UNSUPPORTED)
            findings.push(finding(TRUST_FINDINGS.TRUST_CONDITION_UNSUPPORTED, message, { field, ...evidence }));
        else
            untold++;
    };
    const prefix = conditionKeyPrefix(issuer);
    const allowArns = allowArnsFor(document, prefix);
    for (const member of Object.keys(document)) {
        if (!POLICY_MEMBERS.has(member))
            unsupported(`${at}/${aws_conditions_escape(member)}`, `The policy member ${clip(member)} is not one a trust policy has; it was not evaluated.`, { key: clip(member) });
    }
    const given = document.Statement;
    const statements = Array.isArray(given) ? given : given === undefined ? [] : [given];
    if (statements.length === 0) {
        unsupported(at, 'The policy has no Statement, so it lets no token in.');
        return { issuer, doors: [], findings };
    }
    const doors = [];
    statements.forEach((statement, index) => {
        const field = Array.isArray(given) ? `${at}/Statement/${index}` : `${at}/Statement`;
        const door = readStatement(statement, field, prefix, allowArns, unsupported, findings);
        if (door !== undefined)
            doors.push(door);
    });
    if (untold > 0) {
        findings.push(finding(TRUST_FINDINGS.TRUST_CONDITION_UNSUPPORTED, `${untold} more parts of the policy are not evaluated either (the first ${MAX_UNSUPPORTED} are listed); each is taken to hold in an Allow statement and not to hold in a Deny statement.`, { field: at }));
    }
    if (!doors.some((d) => d.effect === 'Allow') && findings.length === 0) {
        unsupported(`${at}/Statement`, `No Allow statement lets tokens of ${issuer} assume the role (sts:AssumeRoleWithWebIdentity with the Federated principal arn:aws:iam::ACCOUNT:oidc-provider/${prefix}).`);
    }
    return { issuer, doors, findings };
}
/**
 * The issuers whose tokens the document lets in: every OIDC provider an Allow statement's Federated
 * principal names (the provider ARN decides the issuer, GitHub Enterprise Cloud's
 * token.actions.githubusercontent.com/ENTERPRISE and other providers included), GitHub's own when an
 * Allow statement takes in any principal, and the issuer the request names. GitHub's own first: the
 * response's metadata names the first.
 */
function issuersOf(document, requested) {
    const found = new Set(requested === undefined ? [] : [requested.replace(/\/+$/, '')]);
    for (const provider of providersNamedIn(document))
        found.add(`https://${provider}`);
    const given = document.Statement;
    for (const statement of Array.isArray(given) ? given : [given]) {
        if (isRecord(statement) && statement.Effect !== 'Deny' && (statement.Principal === '*' || anyFederated(statement.Principal)))
            found.add(GITHUB_ACTIONS_ISSUER);
    }
    if (found.size === 0)
        found.add(GITHUB_ACTIONS_ISSUER);
    return [...found].sort((x, y) => Number(y === GITHUB_ACTIONS_ISSUER) - Number(x === GITHUB_ACTIONS_ISSUER));
}
/** The providers (host and path, lower case) the Allow statements' Federated principals name. */
function providersNamedIn(document) {
    const given = document.Statement;
    const found = new Set();
    for (const statement of Array.isArray(given) ? given : [given]) {
        if (!isRecord(statement) || statement.Effect === 'Deny' || !isRecord(statement.Principal))
            continue;
        for (const arn of strings(statement.Principal.Federated)) {
            const provider = providerOf(arn);
            if (provider !== undefined)
                found.add(provider);
        }
    }
    return [...found];
}
/** Condition operators and their keys, over every statement. */
function conditionEntries(statements) {
    let entries = 0;
    for (const statement of Array.isArray(statements) ? statements : [statements]) {
        if (!isRecord(statement) || !isRecord(statement.Condition))
            continue;
        for (const keys of Object.values(statement.Condition))
            entries += 1 + (isRecord(keys) ? Object.keys(keys).length : 0);
    }
    return entries;
}
/** `arn:aws:iam::ACCOUNT:oidc-provider/HOST[/PATH]` → `host[/path]`, a trailing slash dropped. */
function providerOf(arn) {
    return /:oidc-provider\/(.+)$/i.exec(arn)?.[1]?.replace(/\/+$/, '').toLowerCase();
}
function anyFederated(principal) {
    return isRecord(principal) && (strings(principal.Federated).includes('*') || strings(principal.AWS).includes('*'));
}
function readStatement(statement, field, prefix, allowArns, unsupported, findings) {
    if (!isRecord(statement)) {
        unsupported(field, 'The statement is not a JSON object; it was not evaluated.');
        return undefined;
    }
    const effect = statement.Effect === 'Deny' ? 'Deny' : 'Allow';
    if (statement.Effect !== 'Allow' && statement.Effect !== 'Deny') {
        // AWS refuses such a document; read as an Allow, it errs towards letting tokens in.
        unsupported(`${field}/Effect`, `Effect ${clip(JSON.stringify(statement.Effect) ?? 'absent')} is neither Allow nor Deny; the statement is evaluated as an Allow.`, { key: 'Effect' });
    }
    const action = actionApplies(statement);
    if (action === 'none')
        return undefined;
    const unknownMembers = Object.keys(statement).filter((member) => !STATEMENT_MEMBERS.has(member));
    if (effect === 'Deny') {
        // A Deny is credited only where it surely applies: to the very provider ARN an Allow names (the
        // role's own account), or to every principal; with a member the checker does not read, never.
        if (action === 'unknown' || !denyApplies(statement, prefix, allowArns))
            return undefined;
        if (unknownMembers.length > 0) {
            unsupported(`${field}/${aws_conditions_escape(unknownMembers[0])}`, `The Deny statement has the member ${clip(unknownMembers[0])}, which the checker does not read; the statement is not taken to deny anything.`, { key: clip(unknownMembers[0]) });
            return undefined;
        }
        return { field, effect, conditions: readConditionBlock(statement.Condition, `${field}/Condition`, prefix, unsupported, true) };
    }
    const principal = allowPrincipal(statement, prefix);
    if (principal === 'none')
        return undefined;
    if (action === 'unknown')
        unsupported(field, 'The statement has neither Action nor NotAction; it is evaluated as one for sts:AssumeRoleWithWebIdentity.');
    if (principal === 'not') {
        findings.push(finding(TRUST_FINDINGS.TRUST_SUBJECT_UNBOUNDED, 'The Allow statement\'s NotPrincipal admits every principal it does not name: tokens of any other identity provider of the account (and every other principal) can assume the role.', { field: `${field}/NotPrincipal` }));
    }
    else if (principal === 'any') {
        unsupported(`${field}/Principal`, 'The statement\'s Principal admits every identity provider of the account, this issuer\'s included; its conditions are evaluated as if it named the issuer\'s provider.', { key: 'Principal' });
    }
    for (const member of unknownMembers) {
        unsupported(`${field}/${aws_conditions_escape(member)}`, `The statement member ${clip(member)} is not evaluated; the statement's conditions are, as if it were absent.`, { key: clip(member) });
    }
    return { field, effect, conditions: readConditionBlock(statement.Condition, `${field}/Condition`, prefix, unsupported, false) };
}
/** Action names sts:AssumeRoleWithWebIdentity, or NotAction (every action but those named) does not. */
function actionApplies(statement) {
    if (statement.Action !== undefined)
        return grantsWebIdentity(statement.Action) ? 'applies' : 'none';
    if (statement.NotAction !== undefined)
        return grantsWebIdentity(statement.NotAction) ? 'none' : 'applies';
    return 'unknown';
}
/**
 * Whether an Allow statement's principal takes in the issuer's tokens: by naming its OIDC provider, or
 * by taking in any principal (Principal "*", AWS "*", Federated "*"); 'not' for a NotPrincipal that
 * does not name it, which takes in every principal it does not name.
 */
function allowPrincipal(statement, prefix) {
    if (statement.NotPrincipal !== undefined)
        return namesProvider(statement.NotPrincipal, prefix) ? 'none' : 'not';
    if (statement.Principal === '*' || anyFederated(statement.Principal))
        return 'any';
    return namesProvider(statement.Principal, prefix) ? 'named' : 'none';
}
/**
 * Whether a Deny statement surely applies to the issuer's tokens: Principal "*" or Federated "*", a
 * Federated ARN equal to one an Allow statement names for the issuer (a provider of another account is
 * not the role's), or a NotPrincipal that names no provider of the issuer at all.
 */
function denyApplies(statement, prefix, allowArns) {
    if (statement.NotPrincipal !== undefined)
        return !namesProvider(statement.NotPrincipal, prefix);
    if (statement.Principal === '*')
        return true;
    if (!isRecord(statement.Principal))
        return false;
    const federated = strings(statement.Principal.Federated);
    return federated.includes('*') || federated.some((arn) => allowArns.has(normalArn(arn)));
}
/** The Federated ARNs of the Allow statements that name the issuer's provider. */
function allowArnsFor(document, prefix) {
    const given = document.Statement;
    const arns = new Set();
    for (const statement of Array.isArray(given) ? given : [given]) {
        if (!isRecord(statement) || statement.Effect === 'Deny' || !isRecord(statement.Principal))
            continue;
        for (const arn of strings(statement.Principal.Federated))
            if (providerOf(arn) === prefix.toLowerCase())
                arns.add(normalArn(arn));
    }
    return arns;
}
function normalArn(arn) {
    return arn.toLowerCase().replace(/\/+$/, '');
}
/** Action names sts:AssumeRoleWithWebIdentity (action names ignore case; `sts:*` and `*` name it too). */
function grantsWebIdentity(action) {
    return strings(action).some((a) => compileStringLike(a.toLowerCase()).matches(WEB_IDENTITY_ACTION));
}
/** Principal is { Federated: ARN or list } naming the issuer's IAM OIDC provider. */
function namesProvider(principal, prefix) {
    if (!isRecord(principal))
        return false;
    return strings(principal.Federated).some((arn) => providerOf(arn) === prefix.toLowerCase());
}

;// CONCATENATED MODULE: ./src/engine/trust/formats.ts

/** Every trust document format the checker reads, by the request member that holds it. */
const TRUST_FORMATS = [awsTrustPolicyFormat];

;// CONCATENATED MODULE: ./src/engine/trust/lint.ts









/**
 * POST /v1/lint/trust-policy. Throws RequestInvalidError (422) for a body that fails the schema, a
 * document over the limits, or a request whose work would exceed the budget; every other problem is a
 * finding. Pure: nothing is fetched.
 */
async function lintTrustPolicy(body, _ctx) {
    return Promise.resolve(evaluateTrustPolicy(parseTrustPolicyRequest(body)));
}
/** The trust document the request carries, with its format. */
function documentOf(request) {
    for (const format of TRUST_FORMATS) {
        const document = request[format.member];
        if (document !== undefined)
            return { format, document: document };
    }
    return undefined;
}
/**
 * Reads the request's trust document (or its own conditions) into doors, refusing up front: a document
 * beside claim_patterns (the document alone decides; intent goes in cases), a document over its
 * format's limits, and a request whose evaluation would need more work than the budget.
 */
function prepare(request) {
    const given = documentOf(request);
    const cases = request.cases ?? [];
    if (given === undefined) {
        const doors = [{ field: '', effect: 'Allow', conditions: ownConditions(request) }];
        const over = workRefusal(doors, cases, '/claim_patterns');
        if (over !== undefined)
            return { refusals: [{ ...over, limit: true }] };
        return { refusals: [], readings: [{ issuer: request.issuer ?? GITHUB_ACTIONS_ISSUER, doors }], findings: [], cases };
    }
    const at = conditions_pointer(given.format.member);
    const refusals = given.format.refuse(given.document, at).map((p) => ({ ...p, limit: true }));
    if (request.claim_patterns !== undefined) {
        refusals.unshift({
            pointer: '/claim_patterns',
            message: `claim_patterns cannot be given with ${given.format.member}: the role admits what the ${given.format.label} says, whatever the entry adds. State what must be allowed and denied as cases instead.`,
            limit: false,
        });
    }
    if (refusals.length > 0)
        return { refusals };
    const readings = given.format.issuers(given.document, request.issuer).map((issuer) => given.format.read(given.document, issuer, at));
    const over = workRefusal(readings.flatMap((r) => r.doors), cases, at);
    if (over !== undefined)
        return { refusals: [{ ...over, limit: true }] };
    return { refusals: [], readings, findings: readings.flatMap((r) => r.findings), cases, ...(request.issuer === undefined ? {} : { requested: request.issuer }) };
}
/**
 * Why the request would be refused (422) for its document or its cost, before anything is judged; the
 * gate asks it of a config entry. A body that fails the schema has no answer here: running it reports that.
 */
function trustRequestRefusals(body) {
    let request;
    try {
        request = parseTrustPolicyRequest(body);
    }
    catch (err) {
        if (err instanceof RequestInvalidError)
            return [];
        throw err;
    }
    return prepare(request).refusals;
}
function evaluateTrustPolicy(request) {
    const prepared = prepare(request);
    if (!('readings' in prepared))
        throw new RequestInvalidError(prepared.refusals.map(({ pointer: p, message }) => ({ pointer: p, message })));
    const { readings, cases } = prepared;
    const missing = {
        sub: (door) => (door.field === '' ? '/claim_patterns' : `${door.field}/Condition`),
        aud: (door) => (door.field === '' ? '/audiences' : `${door.field}/Condition`),
    };
    const breadth = usableByNone(readings.map((r) => ({ reading: r, findings: checkBreadth(r.doors, missing, isGitHubIssuer(r.issuer)) })));
    const evaluated = evaluateCases(cases, readings, prepared.requested);
    const findings = once([...breadth, ...prepared.findings, ...evaluated.findings]);
    return {
        valid: !findings.some((f) => f.severity === 'error'),
        findings,
        summary: summarise('Trust policy', findings),
        metadata: { issuer: readings[0].issuer, conditions: summarised(readings[0].doors), cases: evaluated.results },
    };
}
/**
 * A statement is unusable (TRUST_CONDITION_NEVER_HOLDS) only when no issuer it is judged for can use
 * it: a role trusting two providers may write each statement for one of them.
 */
function usableByNone(judged) {
    const never = (findings, door) => findings.some((f) => f.code === 'TRUST_CONDITION_NEVER_HOLDS' && inDoor(f, door));
    const usableElsewhere = (f, self) => judged.some(({ reading, findings }) => reading !== self &&
        reading.doors.some((door) => door.effect === 'Allow' && inDoor(f, door) && !never(findings, door)));
    return judged.flatMap(({ reading, findings }) => findings.filter((f) => f.code !== 'TRUST_CONDITION_NEVER_HOLDS' || !usableElsewhere(f, reading)));
}
function inDoor(f, door) {
    const field = String(f.evidence?.field);
    return field === door.field || field.startsWith(`${door.field}/`);
}
/** A document read once per issuer says the same thing about the same place more than once: once is enough. */
function once(findings) {
    const seen = new Set();
    return findings.filter((f) => {
        const key = `${f.code} ${String(f.evidence?.field)} ${f.message}`;
        if (seen.has(key))
            return false;
        seen.add(key);
        return true;
    });
}
/** GitHub's issuer, or a GitHub Enterprise Cloud issuer (the same host with the enterprise's path). */
function isGitHubIssuer(issuer) {
    const github = GITHUB_ACTIONS_ISSUER.toLowerCase();
    const given = issuer.toLowerCase().replace(/\/+$/, '');
    return given === github || given.startsWith(`${github}/`);
}
/** Without a trust document, the request's audiences and claim_patterns are the role's one statement. */
function ownConditions(request) {
    const conditions = [];
    if (request.audiences !== undefined) {
        conditions.push(makeCondition({ field: '/audiences', claim: 'aud', operator: 'StringEquals', match: 'StringEquals' }, request.audiences));
    }
    for (const [claim, patterns] of Object.entries(request.claim_patterns ?? {})) {
        conditions.push(makeCondition({ field: conditions_pointer('claim_patterns', claim), claim: claim.toLowerCase(), operator: 'StringLike', match: 'StringLike' }, patterns));
    }
    return conditions;
}
/** Every condition evaluated, once each, in the order of the request. */
function summarised(doors) {
    const out = [];
    for (const door of doors) {
        for (const c of door.conditions) {
            if (c.kind === 'unknown')
                continue;
            const values = c.kind === 'match' ? [...c.values] : [String(c.absent)];
            out.push({ field: c.field, effect: door.effect, claim: c.claim, operator: c.operator, values });
        }
    }
    return out;
}

;// CONCATENATED MODULE: ./src/engine/trust/operation.ts




const trustPolicyOperation = defineOperation({
    name: 'trust-policy',
    method: 'POST',
    path: '/v1/lint/trust-policy',
    operationId: 'lintTrustPolicy',
    summary: 'Lint a workload identity trust policy',
    description: 'Checks the conditions a cloud role puts on a CI issuer\'s tokens (audiences, claim patterns, an AWS IAM role trust policy): what subjects they admit, and whether stated cases are allowed or denied as expected.',
    tag: 'lint',
    request: { name: 'TrustPolicyRequest', schema: trustPolicyRequestSchema },
    response: { name: 'TrustPolicyResponse', schema: trustPolicyResponseSchema },
    run: lintTrustPolicy,
});

;// CONCATENATED MODULE: ./src/engine/validate/findings.ts
/**
 * The validation findings: what each code of POST /v1/validate means, the status it fails, and a worked
 * example for its page. Defined as every other area's are, with defineFinding (../findings.ts).
 */

/** The instant every validation example is judged at, and the same in seconds since the epoch. */
const EXAMPLE_AT = '2026-01-05T09:15:00Z';
const EXAMPLE_NOW = Date.parse(EXAMPLE_AT) / 1000;
/** Where the issuer of the validation examples serves its keys. */
const EXAMPLE_KEYS = 'https://idp.example.com/keys';
/**
 * A config file for a validation example: the orders API's issuer profile (RS256 keys fetched from
 * EXAMPLE_KEYS) plus `profile` lines, and one sample checked against it plus `sample` lines.
 */
function profileSample(profile = [], sample = []) {
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
function sampleToken(claims = {}, header = {}) {
    const all = {
        iss: 'https://idp.example.com', sub: 'svc-orders', aud: 'api://orders', iat: EXAMPLE_NOW - 300, exp: EXAMPLE_NOW + 3300, scope: 'orders:read', ...claims,
    };
    return { header: defined({ alg: 'RS256', kid: 'orders-2026', typ: 'JWT', ...header }), claims: defined(all) };
}
function defined(members) {
    return Object.fromEntries(Object.entries(members).filter(([, value]) => value !== undefined));
}
/** A validation example: the profile sample above, its token, and the issuer's keys served. */
function validationExample(scenario, token, profile = [], sample = []) {
    return { scenario, config: profileSample(profile, sample), token, keysAt: EXAMPLE_KEYS };
}
/**
 * Validation findings, in the order a response lists them: by the status each one fails (algorithm,
 * signature, issuer, audience, time, required claims), then the warnings, which fail none.
 */
const VALIDATION_FINDINGS = {
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
};
/**
 * Order in which a validation response lists its findings: the order the checks run, from whether the
 * token can be trusted at all (algorithm, signature) to what it claims (issuer, audience, time, claims).
 */
const STATUS_ORDER = ['algorithm', 'signature', 'issuer', 'audience', 'time', 'required_claims'];

// EXTERNAL MODULE: external "node:buffer"
var external_node_buffer_ = __webpack_require__(4573);
;// CONCATENATED MODULE: ./src/engine/jws/json.ts
/**
 * JSON.parse keeps the last of duplicate member names, so {"alg":"RS256","alg":"none"} would be read
 * differently by different libraries. This scanner finds a duplicate member name in text that
 * JSON.parse has already accepted (so it may assume the text is well formed).
 */
/** Nesting deeper than this is refused in token JSON and request bodies alike: no real claim set comes close. */
const MAX_JSON_DEPTH = 64;
function findDuplicateMember(text, parsed) {
    const issue = checkJsonStructure(text, parsed);
    return issue?.kind === 'duplicate' ? issue.name : undefined;
}
/** A repeated member name or nesting deeper than maxDepth, in text that JSON.parse turned into `parsed`. */
function checkJsonStructure(text, parsed, maxDepth = MAX_JSON_DEPTH) {
    return provablySound(text, parsed, maxDepth) ? undefined : scanJsonStructure(text, maxDepth);
}
/**
 * Members in a parsed value, or undefined when it nests deeper than maxDepth. Iterative: a hostile
 * token nests thousands of levels inside 16 KiB, and recursion would exhaust the stack.
 */
function countMembers(value, maxDepth) {
    let n = 0;
    const values = [value];
    const depths = [1];
    while (values.length > 0) {
        const v = values.pop();
        const depth = depths.pop();
        if (typeof v !== 'object' || v === null)
            continue;
        if (depth > maxDepth)
            return undefined;
        if (Array.isArray(v)) {
            for (const item of v) {
                values.push(item);
                depths.push(depth + 1);
            }
            continue;
        }
        // Own members only: a property that something added to Object.prototype must not count as one of
        // the text's members, or it would hide a duplicate from the quick count.
        for (const key of Object.keys(v)) {
            n++;
            values.push(v[key]);
            depths.push(depth + 1);
        }
    }
    return n;
}
/**
 * Fast path. In text with no JSON whitespace (space, tab, LF, CR) after a quote, each member name ends
 * in exactly one `":`; any other `":` lies inside a string and only adds to the count. So the count is
 * at least the number of members in the text, which is at least the number JSON.parse kept; equality
 * proves that no member was dropped as a duplicate. Any doubt (or a depth past the limit) goes to the
 * full scan. One native jump from quote to quote: a token or a PEM between them is not looked at.
 */
function provablySound(text, parsed, maxDepth) {
    const members = countMembers(parsed, maxDepth);
    if (members === undefined)
        return false;
    let count = 0;
    for (let i = text.indexOf('"'); i !== -1; i = text.indexOf('"', i + 1)) {
        const next = text.charCodeAt(i + 1);
        if (next === 0x3a /* : */)
            count++;
        else if (next === 0x20 || next === 0x09 || next === 0x0a || next === 0x0d)
            return false;
    }
    return count === members;
}
/** The full scan, exported so a property test can hold the fast path to it. */
function scanForDuplicate(text) {
    const issue = scanJsonStructure(text);
    return issue?.kind === 'duplicate' ? issue.name : undefined;
}
/**
 * One pass over text that JSON.parse has accepted: the first repeated member name in one object, or
 * nesting deeper than maxDepth. Shared by the token parser and the service's request body parser.
 */
function scanJsonStructure(text, maxDepth = Number.POSITIVE_INFINITY) {
    // One Set per open object; null for an open array.
    const stack = [];
    const n = text.length;
    let i = 0;
    while (i < n) {
        const c = text.charCodeAt(i);
        if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
            stack.push(c === 0x7b ? new Set() : null);
            if (stack.length > maxDepth)
                return { kind: 'too_deep', maxDepth };
            i++;
        }
        else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
            stack.pop();
            i++;
        }
        else if (c === 0x22 /* " */) {
            const start = i + 1;
            // Jump to each candidate closing quote natively; a quote preceded by an odd run of
            // backslashes is escaped and does not close the string.
            let end = text.indexOf('"', start);
            for (;;) {
                let backslashes = 0;
                while (text.charCodeAt(end - 1 - backslashes) === 0x5c)
                    backslashes++;
                if (backslashes % 2 === 0)
                    break;
                end = text.indexOf('"', end + 1);
            }
            i = end + 1;
            const top = stack[stack.length - 1];
            if (top) {
                let j = i;
                while (j < n) {
                    const w = text.charCodeAt(j);
                    if (w === 0x20 || w === 0x09 || w === 0x0a || w === 0x0d)
                        j++;
                    else
                        break;
                }
                if (text.charCodeAt(j) === 0x3a /* : */) {
                    // "a" and "\u0061" name the same member: compare decoded names.
                    const raw = text.slice(start, end);
                    const name = raw.includes('\\') ? JSON.parse(`"${raw}"`) : raw;
                    if (top.has(name))
                        return { kind: 'duplicate', name };
                    top.add(name);
                    i = j + 1;
                }
            }
        }
        else {
            i++;
        }
    }
    return undefined;
}

;// CONCATENATED MODULE: ./src/engine/jws/compact.ts





function truncate(s) {
    return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}
function decodeJsonObject(bytes, what, proven) {
    if (proven)
        return JSON.parse(bytes.toString('utf8'));
    if (!(0,external_node_buffer_.isUtf8)(bytes))
        throw new MalformedTokenError(`The JWT ${what} is not valid UTF-8.`);
    const text = bytes.toString('utf8');
    let value;
    try {
        value = JSON.parse(text);
    }
    catch {
        throw new MalformedTokenError(`The JWT ${what} is not valid JSON.`);
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        throw new MalformedTokenError(`The JWT ${what} is not a JSON object.`);
    }
    const issue = checkJsonStructure(text, value);
    if (issue?.kind === 'duplicate')
        throw new MalformedTokenError(`The JWT ${what} repeats the member name "${truncate(issue.name)}".`);
    if (issue?.kind === 'too_deep')
        throw new MalformedTokenError(`The JWT ${what} nests deeper than ${issue.maxDepth} levels.`);
    return value;
}
/**
 * Headers already decoded, by their segment text. An issuer signs every token with the same few
 * headers ({"alg":"RS256","kid":"…","typ":"JWT"}), so most tokens skip decoding theirs. Decoding is a
 * pure function of the text, so remembering it changes no verdict; only headers that passed every check
 * are remembered, frozen through and through, since every token with that header shares the one object. Bounded: short
 * segments only, and the oldest goes first.
 */
const decodedHeaders = new Map();
const MAX_DECODED_HEADERS = 256;
const MAX_REMEMBERED_HEADER_LENGTH = 512;
/** The header decoded last, by its text: most tokens in a row share it, and a comparison costs less than a lookup. */
let lastHeaderSegment = '';
let lastHeader;
/** A header segment (already known to be strict base64url) as a JOSE header with a string alg. Throws MalformedTokenError. */
function decodeHeader(segment, proven) {
    if (segment === lastHeaderSegment && lastHeader !== undefined)
        return lastHeader;
    const known = decodedHeaders.get(segment);
    if (known !== undefined) {
        lastHeaderSegment = segment;
        lastHeader = known;
        return known;
    }
    const header = decodeJsonObject(Buffer.from(segment, 'base64url'), 'header', proven);
    if (typeof header.alg !== 'string')
        throw new MalformedTokenError('The JWT header has no "alg" string.');
    if (segment.length <= MAX_REMEMBERED_HEADER_LENGTH) {
        lastHeaderSegment = segment;
        lastHeader = deepFreeze(header);
        decodedHeaders.set(segment, lastHeader);
        if (decodedHeaders.size > MAX_DECODED_HEADERS)
            decodedHeaders.delete(decodedHeaders.keys().next().value);
    }
    return header;
}
/**
 * The signing input and signature are decoded only when a signature is actually verified: a check
 * answered by the verification cache, or a token refused before any key is tried, never needs them.
 */
class CompactParts {
    header;
    #token;
    #payloadDot;
    #signatureDot;
    #payloadBytes;
    #signingInput;
    #signature;
    constructor(token, header, payloadDot, signatureDot) {
        this.header = header;
        this.#token = token;
        this.#payloadDot = payloadDot;
        this.#signatureDot = signatureDot;
    }
    get payloadBytes() {
        this.#payloadBytes ??= Buffer.from(this.#token.slice(this.#payloadDot + 1, this.#signatureDot), 'base64url');
        return this.#payloadBytes;
    }
    get signingInput() {
        this.#signingInput ??= Buffer.from(this.#token.slice(0, this.#signatureDot), 'latin1');
        return this.#signingInput;
    }
    get signature() {
        this.#signature ??= Buffer.from(this.#token.slice(this.#signatureDot + 1), 'base64url');
        return this.#signature;
    }
}
/**
 * Splits and decodes a compact JWS strictly: exactly three segments of unpadded base64url, header and
 * payload JSON objects without repeated member names. Anything looser would let two readers of one
 * token (this validator and the relying party's library) see different claims. Throws MalformedTokenError.
 *
 * `proven`: this exact text passed every one of these checks before (the verification cache holds its
 * digest), and the same text always gives the same verdict, so it is only decoded.
 */
function parseCompactJws(token, proven = false) {
    const first = token.indexOf('.');
    const second = first === -1 ? -1 : token.indexOf('.', first + 1);
    if (proven) {
        return new CompactParts(token, decodeHeader(token.slice(0, first), true), first, second);
    }
    if (first === -1 || second === -1 || token.indexOf('.', second + 1) !== -1) {
        const segments = token.split('.').length;
        const hint = segments === 5 ? ' (five segments: a JWE, which is not a signed token)' : '';
        throw new MalformedTokenError(`A JWT has exactly three dot-separated segments; this token has ${segments}${hint}.`);
    }
    // One native pass for the alphabet of all three segments, then O(1) checks per segment.
    if (!COMPACT_JWS_ALPHABET.test(token) || !hasCanonicalEnd(token, 0, first)) {
        const which = !isStrictBase64url(token.slice(0, first)) || first === 0 ? 'header'
            : !isStrictBase64url(token.slice(first + 1, second)) ? 'payload' : 'signature';
        throw new MalformedTokenError(`The JWT ${which} segment is not strict base64url.`);
    }
    if (!hasCanonicalEnd(token, first + 1, second))
        throw new MalformedTokenError('The JWT payload segment is not strict base64url.');
    if (!hasCanonicalEnd(token, second + 1, token.length))
        throw new MalformedTokenError('The JWT signature segment is not strict base64url.');
    return new CompactParts(token, decodeHeader(token.slice(0, first), false), first, second);
}
/** parseCompactJws, and the payload must be a JSON object (a JWT claims set). */
function parseJwt(token, proven = false) {
    const jws = parseCompactJws(token, proven);
    jws.payload = decodeJsonObject(jws.payloadBytes, 'payload', proven);
    return jws;
}
/**
 * A token that passed every check of parseJwt before, with the header and claims that parse gave
 * (held by the verification cache): nothing is decoded again. The signing input and signature are
 * still there, decoded on demand, for a check with a key the token was never verified with.
 */
function parsedBefore(token, header, payload) {
    const first = token.indexOf('.');
    const jws = new CompactParts(token, header, first, token.indexOf('.', first + 1));
    jws.payload = payload;
    return jws;
}

;// CONCATENATED MODULE: ./src/engine/jws/verify.ts

const HASH = { '256': 'sha256', '384': 'sha384', '512': 'sha512' };
/** Raw R‖S signature length for each ECDSA alg (RFC 7518 §3.4). */
const EC_SIGNATURE_LENGTH = { ES256: 64, ES384: 96, ES512: 132 };
/**
 * Verifies a JWS signature. The caller has already checked that the key fits the alg
 * (keyAlgMismatch); anything unexpected here is a failed verification, never an exception.
 */
function verifySignature(alg, key, signingInput, signature) {
    try {
        if (key.type === 'secret') {
            const hashName = HASH[alg.slice(2)];
            if (alg[0] !== 'H' || hashName === undefined)
                return false;
            const mac = (0,external_node_crypto_.createHmac)(hashName, key.key).update(signingInput).digest();
            return mac.length === signature.length && (0,external_node_crypto_.timingSafeEqual)(mac, signature);
        }
        const family = alg.slice(0, 2);
        if (family === 'RS')
            return (0,external_node_crypto_.verify)(HASH[alg.slice(2)], signingInput, key.key, signature);
        if (family === 'PS') {
            const hashName = HASH[alg.slice(2)];
            // RFC 7518 §3.5: the salt is as long as the hash output, and nothing else verifies.
            const saltLength = Number(alg.slice(2)) / 8;
            return (0,external_node_crypto_.verify)(hashName, signingInput, { key: key.key, padding: external_node_crypto_.constants.RSA_PKCS1_PSS_PADDING, saltLength }, signature);
        }
        if (family === 'ES') {
            // Raw R‖S only: a DER signature, or one of the wrong length, is refused before OpenSSL sees it.
            if (signature.length !== EC_SIGNATURE_LENGTH[alg])
                return false;
            // Handed over as canonical DER: Node's own ieee-p1363 path verifies about 40% slower (Node 24).
            return (0,external_node_crypto_.verify)(HASH[alg.slice(2)], signingInput, key.key, rawEcdsaToDer(signature));
        }
        if (alg === 'EdDSA' || alg === 'Ed25519' || alg === 'Ed448')
            return (0,external_node_crypto_.verify)(null, signingInput, key.key, signature);
        return false;
    }
    catch {
        return false;
    }
}
function derInteger(bytes) {
    let start = 0;
    while (start < bytes.length - 1 && bytes[start] === 0)
        start++;
    const value = bytes.subarray(start);
    // A set high bit would read as negative: DER prefixes a zero byte.
    const pad = value[0] & 0x80 ? 1 : 0;
    const out = Buffer.allocUnsafe(2 + pad + value.length);
    out[0] = 0x02;
    out[1] = pad + value.length;
    if (pad)
        out[2] = 0;
    value.copy(out, 2 + pad);
    return out;
}
/**
 * R‖S (RFC 7518 §3.4) as the DER ECDSA-Sig-Value (RFC 3279) with minimal INTEGERs. r or s of zero
 * or out of range still encodes, and OpenSSL refuses it: range checks stay with OpenSSL.
 */
function rawEcdsaToDer(signature) {
    const half = signature.length / 2;
    const r = derInteger(signature.subarray(0, half));
    const s = derInteger(signature.subarray(half));
    const length = r.length + s.length;
    // P-521 sequences pass 127 bytes and need the long length form.
    const header = length < 0x80 ? Buffer.from([0x30, length]) : Buffer.from([0x30, 0x81, length]);
    return Buffer.concat([header, r, s]);
}

;// CONCATENATED MODULE: ./src/engine/validate/claim-patterns.ts





/**
 * Patterns are compiled once per policy object: a profile's policy lives as long as the process, so its
 * patterns are compiled at its first token, not at every one.
 */
const compiled = new WeakMap();
function compile(patterns) {
    let claims = compiled.get(patterns);
    if (claims === undefined) {
        claims = Object.entries(patterns).map(([name, given]) => {
            const expected = typeof given === 'string' ? [given] : [...given];
            return { name, expected, patterns: expected.map(compileStringLike) };
        });
        compiled.set(patterns, claims);
    }
    return claims;
}
/**
 * The most work matching `patterns` can take when no claim is longer than `maxClaimLength`, in match
 * units: every pattern of every claim may be tried (a claim is tried against its list until one matches).
 * Compiling is linear in the patterns' length and is kept for the matching.
 */
function claimPatternsWork(patterns, maxClaimLength) {
    let work = 0;
    for (const claim of compile(patterns))
        for (const p of claim.patterns)
            work += matchCost(maxClaimLength, p);
    return work;
}
/**
 * Why `patterns` may not be used for tokens of up to `tokenLength` characters (a claim is never longer
 * than its token), or undefined when they fit MATCH_WORK_BUDGET. The message completes a JSON Pointer
 * to required_claim_patterns.
 */
function patternBudgetProblem(patterns, tokenLength) {
    const work = claimPatternsWork(patterns, tokenLength);
    if (work <= MATCH_WORK_BUDGET)
        return undefined;
    return `are too costly for a token of ${tokenLength} characters: matching them could take ${work} units of work, over the limit of ${MATCH_WORK_BUDGET} `
        + `(each pattern costs (token length + pattern length) × (1 + one per 32 characters of each part between stars that has a "?" or is over ${INDEXOF_MAX_SEGMENT} characters)). `
        + 'Use fewer or shorter patterns, or fewer "?"';
}
/**
 * A 422 at /policy/required_claim_patterns when an inline policy's patterns could cost more than
 * MATCH_WORK_BUDGET for this token, before any token work. Keeps the compiled patterns for the check.
 */
function refuseCostlyPatterns(patterns, tokenLength) {
    const problem = patternBudgetProblem(patterns, tokenLength);
    if (problem !== undefined)
        throw new RequestInvalidError([{ pointer: '/policy/required_claim_patterns', message: problem }]);
}
/**
 * CLAIM_PATTERN_MISMATCH for each claim that matches none of its patterns. Only a string claim can match:
 * a number, a list or an object is a mismatch whose message says so, because a pattern written for one
 * value says nothing about which members of a list would be acceptable.
 */
function checkClaimPatterns(claims, patterns, report) {
    for (const claim of compile(patterns)) {
        const present = Object.hasOwn(claims, claim.name);
        const value = present ? claims[claim.name] : null;
        if (typeof value === 'string' && claim.patterns.some((p) => p.matches(value)))
            continue;
        const message = !present
            ? `The claim "${claim.name}" is absent.`
            : typeof value !== 'string'
                ? `The claim "${claim.name}" is not a string (${Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`}), so no pattern can match it.`
                : `The claim "${claim.name}" matches none of its required patterns.`;
        report(finding(VALIDATION_FINDINGS.CLAIM_PATTERN_MISMATCH, message, { claim: claim.name, expected: claim.expected, actual: value }), claim.name, { expected: claim.expected, actual: value });
    }
}

;// CONCATENATED MODULE: ./src/engine/validate/tenant-issuer.ts



/**
 * The issuer check for Microsoft Entra ID's multi-tenant template (`policy.issuer` is
 * https://login.microsoftonline.com/{tenantid}/v2.0 or https://sts.windows.net/{tenantid}/). As Microsoft's
 * "Access tokens in the Microsoft identity platform" page asks of applications using its tenant-independent
 * documents: the token's tid must be a GUID, and iss must be exactly the template with that tid in place of
 * {tenantid}. Then, when the policy lists `tenants`, tid must be one of them. Every failure is ISSUER_MISMATCH.
 */
function checkTenantIssuer(claims, policy) {
    const template = policy.issuer;
    const iss = Object.hasOwn(claims, 'iss') ? claims.iss : null;
    const tid = Object.hasOwn(claims, 'tid') ? claims.tid : null;
    const fail = (message, expected, remediation, extra = {}) => ({
        errors: [finding(VALIDATION_FINDINGS.ISSUER_MISMATCH, message, { iss, tid, expected_issuer: expected, issuer_template: template, ...extra }, remediation)],
        diff: [['iss', { expected, actual: iss }]],
    });
    if (!isTenantId(tid)) {
        const why = tid === null ? 'The token has no tid claim' : 'The token tid claim is not a tenant ID (a lower-case GUID)';
        return fail(`${why}, so the issuer template "${template}" cannot be filled in and no iss can match it.`, template, 'An Entra ID token names its tenant in tid; a token without a GUID tid is not one the template can accept. Check that the token comes from Entra ID, or set the policy issuer to the exact iss of a single-tenant issuer.');
    }
    const expected = issuerForTenant(template, tid);
    if (iss !== expected) {
        const message = iss === null
            ? 'The token has no iss claim.'
            : `The token iss is not the issuer of its own tenant ("${expected}", the template with tid in place of ${TENANT_PLACEHOLDER}).`;
        return fail(message, expected, 'With a multi-tenant template issuer, iss must name the same tenant as tid, exactly. A token whose iss and tid disagree was not issued by that tenant.');
    }
    if (policy.tenants !== undefined && !policy.tenants.includes(tid)) {
        const check = fail(`The token comes from tenant ${tid}, which is not in the policy's tenants.`, expected, 'Add the tenant ID to tenants if tokens of that organisation are to be accepted; otherwise this is a token from a tenant the policy does not trust.', { tenants: policy.tenants });
        check.diff = [['tid', { expected: policy.tenants, actual: tid }]];
        return check;
    }
    return { errors: [], diff: [] };
}
/**
 * A remediation for an exact issuer that can never match: a tenant-independent Entra location
 * (/common/v2.0, /organizations/v2.0) names no issuer; tokens carry their own tenant's.
 */
function tenantIndependentHint(issuer) {
    const template = templatePublishedAt(issuer);
    if (template === undefined)
        return undefined;
    return `${issuer} is not an issuer: Entra ID tokens carry their own tenant's. Set the policy issuer to the template its discovery document publishes, ${template}, and list the accepted tenant IDs in tenants.`;
}

;// CONCATENATED MODULE: ./src/engine/validate/claims.ts





/**
 * Claim names come from the policy and the token, so `__proto__` or `toString` must become plain own
 * entries: assignment would call the prototype setter or be shadowed by an inherited member.
 */
function setDiff(diff, claim, entry) {
    Object.defineProperty(diff, claim, { value: entry, enumerable: true, writable: true, configurable: true });
}
function newCheck() {
    return { errors: [], warnings: [], diff: {} };
}
function present(claims, name) {
    return Object.hasOwn(claims, name);
}
function actual(claims, name) {
    return present(claims, name) ? claims[name] : null;
}
function checkIssuer(claims, policy) {
    const check = newCheck();
    if (isTenantTemplate(policy.issuer)) {
        const tenant = checkTenantIssuer(claims, policy);
        check.errors.push(...tenant.errors);
        for (const [claim, entry] of tenant.diff)
            setDiff(check.diff, claim, entry);
        return check;
    }
    const iss = claims.iss;
    // A placeholder outside Microsoft's published templates is never filled in, so nothing matches it,
    // not even a token that carries the same unfilled placeholder.
    const unfilled = /\{tenantid\}/i.test(policy.issuer);
    if (iss === policy.issuer && !unfilled)
        return check;
    let remediation = unfilled
        ? 'The policy issuer holds a {tenantid} placeholder, which is filled in only in Microsoft Entra ID\'s published templates (https://login.microsoftonline.com/{tenantid}/v2.0, https://sts.windows.net/{tenantid}/); set the exact iss value instead.'
        : tenantIndependentHint(policy.issuer);
    if (remediation === undefined && typeof iss === 'string') {
        const trim = (s) => s.replace(/\/+$/, '');
        if (trim(iss) === trim(policy.issuer)) {
            remediation = 'The issuers differ only by a trailing slash; issuer comparison is exact, so set the policy issuer to the exact iss value.';
        }
        else if (iss.toLowerCase() === policy.issuer.toLowerCase()) {
            remediation = 'The issuers differ only in letter case; issuer comparison is exact and case-sensitive.';
        }
    }
    const message = unfilled
        ? `The expected issuer "${policy.issuer}" holds an unfilled {tenantid} placeholder, so no token can match it.`
        : present(claims, 'iss')
            ? `The token iss does not equal the expected issuer "${policy.issuer}".`
            : 'The token has no iss claim.';
    check.errors.push(finding(VALIDATION_FINDINGS.ISSUER_MISMATCH, message, { iss: actual(claims, 'iss'), expected_issuer: policy.issuer }, remediation));
    setDiff(check.diff, 'iss', { expected: policy.issuer, actual: actual(claims, 'iss') });
    return check;
}
function checkAudience(claims, policy) {
    const check = newCheck();
    const aud = claims.aud;
    let message;
    if (typeof aud === 'string') {
        if (policy.audiences.includes(aud))
            return check;
        message = 'The token aud is not one of the allowed audiences.';
    }
    else if (Array.isArray(aud) && aud.length > 0 && aud.every((a) => typeof a === 'string')) {
        if (aud.some((a) => policy.audiences.includes(a)))
            return check;
        message = 'None of the token aud values is an allowed audience.';
    }
    else if (aud === undefined) {
        message = 'The token has no aud claim.';
    }
    else {
        message = 'The token aud claim is neither a string nor a non-empty array of strings.';
    }
    check.errors.push(finding(VALIDATION_FINDINGS.AUDIENCE_MISMATCH, message, { aud: actual(claims, 'aud'), allowed_audiences: policy.audiences }));
    setDiff(check.diff, 'aud', { expected: policy.audiences, actual: actual(claims, 'aud') });
    return check;
}
/** exp, nbf, iat with skew; max TTL; EXPIRATION_MISSING. `now` in seconds (may be fractional). */
function checkTime(claims, policy, now) {
    const check = newCheck();
    const skew = policy.clock_skew_seconds ?? 0;
    const nowSeconds = Math.floor(now);
    const numeric = (name) => {
        if (!present(claims, name))
            return undefined;
        const value = claims[name];
        if (typeof value === 'number' && Number.isFinite(value))
            return value;
        check.errors.push(finding(VALIDATION_FINDINGS.CLAIM_TYPE_INVALID, `The ${name} claim is not a finite number (NumericDate).`, { claim: name, value: printable(value) }));
        return undefined;
    };
    const exp = numeric('exp');
    const nbf = numeric('nbf');
    const iat = numeric('iat');
    if (exp !== undefined && exp <= now - skew) {
        check.errors.push(finding(VALIDATION_FINDINGS.TOKEN_EXPIRED, `The token expired ${describeSeconds(now - exp)} ago.`, { exp, now: nowSeconds, clock_skew_seconds: skew }));
    }
    if (nbf !== undefined && nbf > now + skew) {
        check.errors.push(finding(VALIDATION_FINDINGS.TOKEN_NOT_YET_VALID, `The token is not valid for another ${describeSeconds(nbf - now)}.`, { nbf, now: nowSeconds, clock_skew_seconds: skew }));
    }
    if (iat !== undefined && iat > now + skew) {
        check.errors.push(finding(VALIDATION_FINDINGS.TOKEN_ISSUED_IN_FUTURE, `The token claims to be issued ${describeSeconds(iat - now)} in the future.`, { iat, now: nowSeconds, clock_skew_seconds: skew }));
    }
    const maxTtl = policy.max_ttl_seconds;
    if (maxTtl !== undefined) {
        if (exp !== undefined && iat !== undefined) {
            if (exp - iat > maxTtl) {
                check.errors.push(finding(VALIDATION_FINDINGS.TOKEN_LIFETIME_EXCEEDED, `The token lifetime (exp - iat = ${exp - iat} s) exceeds max_ttl_seconds (${maxTtl} s).`, { lifetime_seconds: exp - iat, max_ttl_seconds: maxTtl }));
            }
        }
        else if (!present(claims, 'exp') || !present(claims, 'iat')) {
            const missing = ['exp', 'iat'].filter((c) => !present(claims, c));
            check.errors.push(finding(VALIDATION_FINDINGS.TOKEN_LIFETIME_EXCEEDED, `max_ttl_seconds is set, and the token lifetime cannot be computed without ${missing.join(' and ')}.`, { missing, max_ttl_seconds: maxTtl }));
        }
    }
    if (!present(claims, 'exp')) {
        check.warnings.push(finding(VALIDATION_FINDINGS.EXPIRATION_MISSING, 'The token has no exp claim, so it never expires.'));
    }
    return check;
}
function describeSeconds(seconds) {
    const s = Math.max(0, Math.round(seconds));
    if (s < 120)
        return `${s} s`;
    if (s < 7200)
        return `${Math.round(s / 60)} min`;
    if (s < 172800)
        return `${Math.round(s / 3600)} h`;
    return `${Math.round(s / 86400)} days`;
}
/** JSON has no Infinity; show the type rather than a value JSON cannot carry. */
function printable(value) {
    if (typeof value === 'number' && !Number.isFinite(value))
        return String(value);
    return value;
}
/** `scope` when present (whatever its type: a mistyped scope grants nothing), else `scp`. */
function grantedScopes(claims) {
    if (present(claims, 'scope')) {
        return { claim: 'scope', scopes: typeof claims.scope === 'string' ? claims.scope.split(' ').filter((s) => s !== '') : [] };
    }
    const scp = claims.scp;
    if (typeof scp === 'string')
        return { claim: 'scp', scopes: scp.split(' ').filter((s) => s !== '') };
    if (Array.isArray(scp))
        return { claim: 'scp', scopes: scp.filter((s) => typeof s === 'string') };
    return { claim: null, scopes: [] };
}
/** Equality of JSON values. */
function jsonEqual(a, b) {
    if (a === b)
        return true;
    if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null)
        return false;
    if (Array.isArray(a) !== Array.isArray(b))
        return false;
    if (Array.isArray(a) && Array.isArray(b))
        return a.length === b.length && a.every((v, i) => jsonEqual(v, b[i]));
    const ak = Object.keys(a);
    const bk = Object.keys(b);
    return ak.length === bk.length && ak.every((k) => Object.hasOwn(b, k) && jsonEqual(a[k], b[k]));
}
/**
 * required_custom_claims matching. A policy reads as "the token grants at least this": a scalar
 * matches an equal value or an array containing it; an array matches when each element is in the
 * claim's array; an object matches recursively on its own keys, so extra claims never fail a match.
 */
function customClaimMatches(expected, actualValue) {
    if (Array.isArray(expected)) {
        return Array.isArray(actualValue) && expected.every((e) => actualValue.some((a) => jsonEqual(a, e)));
    }
    if (typeof expected === 'object' && expected !== null) {
        if (typeof actualValue !== 'object' || actualValue === null || Array.isArray(actualValue))
            return false;
        return Object.keys(expected).every((k) => Object.hasOwn(actualValue, k) && customClaimMatches(expected[k], actualValue[k]));
    }
    if (Array.isArray(actualValue))
        return actualValue.some((a) => a === expected);
    return actualValue === expected;
}
function normaliseTyp(typ) {
    const lower = typ.toLowerCase();
    return lower.startsWith('application/') ? lower.slice('application/'.length) : lower;
}
function checkRequiredClaims(claims, header, policy) {
    const check = newCheck();
    for (const name of policy.required_claims ?? []) {
        if (present(claims, name))
            continue;
        check.errors.push(finding(VALIDATION_FINDINGS.REQUIRED_CLAIM_MISSING, `The required claim "${name}" is absent.`, { claim: name }));
        setDiff(check.diff, name, { expected: 'present', actual: null });
    }
    const requiredScopes = policy.required_scopes ?? [];
    if (requiredScopes.length > 0) {
        const granted = grantedScopes(claims);
        const missing = requiredScopes.filter((s) => !granted.scopes.includes(s));
        if (missing.length > 0) {
            const where = granted.claim === null ? 'the token has neither scope nor scp'
                : granted.claim === 'scope' && typeof claims.scope !== 'string' ? 'scope is not a space-delimited string'
                    : `from ${granted.claim}`;
            check.errors.push(finding(VALIDATION_FINDINGS.REQUIRED_SCOPE_MISSING, `Required scope${missing.length > 1 ? 's' : ''} ${missing.map((s) => `"${s}"`).join(', ')} missing (${where}).`, { claim: granted.claim, missing, granted: granted.scopes }));
            setDiff(check.diff, granted.claim ?? 'scope', { expected: requiredScopes, actual: granted.claim === null ? null : claims[granted.claim] });
        }
    }
    for (const [name, expected] of Object.entries(policy.required_custom_claims ?? {})) {
        const value = actual(claims, name);
        if (present(claims, name) && customClaimMatches(expected, value))
            continue;
        const message = present(claims, name) ? `The claim "${name}" does not match its required value.` : `The claim "${name}" is absent.`;
        check.errors.push(finding(VALIDATION_FINDINGS.CUSTOM_CLAIM_MISMATCH, message, { claim: name, expected, actual: value }));
        setDiff(check.diff, name, { expected, actual: value });
    }
    if (policy.required_claim_patterns !== undefined) {
        checkClaimPatterns(claims, policy.required_claim_patterns, (f, name, entry) => {
            check.errors.push(f);
            setDiff(check.diff, name, entry);
        });
    }
    if (policy.token_type !== undefined) {
        const typ = header.typ;
        if (typeof typ !== 'string' || normaliseTyp(typ) !== normaliseTyp(policy.token_type)) {
            const message = typeof typ === 'string' ? `The typ header does not match "${policy.token_type}".` : 'The token has no typ header.';
            check.errors.push(finding(VALIDATION_FINDINGS.TOKEN_TYPE_MISMATCH, message, { typ: typ ?? null, expected: policy.token_type }));
            setDiff(check.diff, 'typ', { expected: policy.token_type, actual: typ ?? null });
        }
    }
    return check;
}

;// CONCATENATED MODULE: ./src/engine/validate/inline.ts


/**
 * An inline policy as a trust source. The key is parsed (or taken from the cache) here, so a bad key
 * is a 422 naming the field, before any token work; messages never quote the key or secret.
 */
function inlineTrustSource(policy, keyCache) {
    const tenantsProblem = tenantsWithoutTemplate(policy);
    if (tenantsProblem !== undefined)
        throw new RequestInvalidError([{ pointer: '/policy/tenants', message: tenantsProblem }]);
    const hasSecret = policy.secret !== undefined;
    const hasPublicKey = policy.public_key !== undefined;
    if (hasSecret === hasPublicKey) {
        const problem = hasSecret
            ? { pointer: '/policy', message: 'give exactly one of secret and public_key, not both' }
            : { pointer: '/policy', message: 'give exactly one of secret (HS*) and public_key (RS*, PS*, ES*, EdDSA)' };
        throw new RequestInvalidError([problem]);
    }
    if (!hasSecret && policy.secret_encoding !== undefined) {
        throw new RequestInvalidError([{ pointer: '/policy/secret_encoding', message: 'applies only with secret' }]);
    }
    let key;
    if (policy.secret !== undefined) {
        const secret = keyCache.secret(policy.secret, policy.secret_encoding ?? 'utf8');
        if (secret === undefined) {
            throw new RequestInvalidError([{ pointer: '/policy/secret', message: 'is not strict base64url (secret_encoding is base64url)' }]);
        }
        key = { type: 'secret', key: secret };
    }
    else {
        const parsed = keyCache.publicKey(policy.public_key);
        if (!parsed.ok)
            throw new RequestInvalidError([{ pointer: '/policy/public_key', message: parsed.reason }]);
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
function tenantsWithoutTemplate(policy) {
    if (policy.tenants === undefined || isTenantTemplate(policy.issuer))
        return undefined;
    return 'applies only with the multi-tenant issuer https://login.microsoftonline.com/{tenantid}/v2.0 (or https://sts.windows.net/{tenantid}/); with any other issuer tid is not checked, so remove tenants or use the template';
}

;// CONCATENATED MODULE: ./src/engine/validate/key-issuer.ts
/**
 * A signing key scoped to one issuer. Microsoft's tenant-independent key set (`/common`) holds keys of
 * many issuers, each key naming its own in an `issuer` member: a key of one tenant (the personal
 * Microsoft accounts' tenant, say) must not vouch for a token that claims another tenant, however well
 * its signature verifies. Microsoft's guidance for multi-tenant apps is to check that the key's issuer,
 * with the token's `tid` in place of `{tenantid}`, is the token's `iss`. A key without `issuer` is
 * scoped by nothing but the key set it came from.
 */

/** Microsoft's tenant issuers: the v2.0 and v1.0 forms, for a tenant ID (a GUID). */
const MICROSOFT_TENANT_ISSUER = /^(?:https:\/\/login\.microsoftonline\.com\/([0-9a-f-]{36})\/v2\.0|https:\/\/sts\.windows\.net\/([0-9a-f-]{36})\/)$/;
/** Why the key may not verify this token (its issuer is another's), or undefined when it may. */
function keyIssuerMismatch(key, claims) {
    if (key.type !== 'public' || key.issuer === undefined)
        return undefined;
    const { iss, tid } = claims;
    const refused = `the key is scoped to the issuer ${key_issuer_clip(key.issuer)}, not to this token's`;
    if (isTenantTemplate(key.issuer)) {
        // A key of every tenant: the token's own tenant fills the template, in either of Microsoft's forms.
        if (!isTenantId(tid))
            return refused;
        return sameTenantIssuer(issuerForTenant(key.issuer, tid), iss) ? undefined : refused;
    }
    if (key.issuer.includes(TENANT_PLACEHOLDER))
        return refused;
    return sameTenantIssuer(key.issuer, iss) ? undefined : refused;
}
/**
 * The token's `iss` is the key's issuer, or (for Microsoft's tenant issuers) the other form of the same
 * tenant's issuer: a v1.0 token of a tenant is signed with the keys its v2.0 key set lists.
 */
function sameTenantIssuer(keyIssuer, iss) {
    if (typeof iss !== 'string')
        return false;
    if (keyIssuer === iss)
        return true;
    const keyTenant = tenantOf(keyIssuer);
    return keyTenant !== undefined && keyTenant === tenantOf(iss);
}
function tenantOf(issuer) {
    const m = MICROSOFT_TENANT_ISSUER.exec(issuer);
    const tenant = m?.[1] ?? m?.[2];
    return isTenantId(tenant) ? tenant : undefined;
}
function key_issuer_clip(text) {
    return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}

;// CONCATENATED MODULE: ./src/engine/validate/validate.ts















const parseValidateRequest = compileSchema(validateRequestSchema);
const MAX_TOKEN_BYTES = 16384;
/**
 * POST /v1/validate/jwt. Order, each step fail-closed: body schema (422), token syntax (400), trust
 * source, algorithm allowlist, key and signature, claims. The allowlist comes before any key lookup or
 * fetch, so a token cannot make the service fetch or try keys for an algorithm the policy never allowed.
 * Rejects with RequestInvalidError or MalformedTokenError; every other outcome is a response. With an
 * inline key or secret nothing is awaited but the key lookup's settled promise.
 */
async function validateJwt(body, ctx) {
    const request = parseValidateRequest(body);
    // The schema's maxLength counts UTF-16 units; the limit is 16 KiB of UTF-8, larger than any real
    // token and small enough to bound the work one request can cause.
    // Only a token of over 16384 / 3 characters can pass the schema and exceed it, so short tokens skip the count.
    if (request.token.length > MAX_TOKEN_BYTES / 3 && Buffer.byteLength(request.token, 'utf8') > MAX_TOKEN_BYTES) {
        throw new RequestInvalidError([{ pointer: '/token', message: `must be at most ${MAX_TOKEN_BYTES} bytes (16 KiB) of UTF-8` }]);
    }
    const hasPolicy = request.policy !== undefined;
    if (hasPolicy === (request.issuer_profile_id !== undefined)) {
        throw new RequestInvalidError([{ pointer: '', message: hasPolicy ? 'give either policy or issuer_profile_id, not both' : 'give one of policy and issuer_profile_id' }]);
    }
    // Pattern matching is bounded up front: a claim is never longer than the token (§17, bounded cost).
    if (request.policy?.required_claim_patterns !== undefined)
        refuseCostlyPatterns(request.policy.required_claim_patterns, request.token.length);
    // The key is checked before the token so that a 422 for a bad key wins over a 400 for a bad token.
    const inline = request.policy !== undefined ? inlineTrustSource(request.policy, ctx.keyCache) : undefined;
    const memory = ctx.verifyCache === undefined
        ? undefined
        : { cache: ctx.verifyCache, token: request.token, digest: tokenDigest(request.token), claimsHeld: false };
    const jwt = memory === undefined ? parseJwt(request.token) : recallOrParse(memory);
    const trust = inline ?? ctx.profiles?.get(request.issuer_profile_id);
    if (trust === undefined)
        return profileNotFound(jwt, request.issuer_profile_id);
    const gate = signatureGate(jwt, trust.policy);
    if (gate !== undefined)
        return evaluate(jwt, trust, gate, undefined, ctx.now() / 1000, memory);
    const keys = await trust.resolveKeys(jwt.header, jwt.header.alg);
    return evaluate(jwt, trust, gate, keys, ctx.now() / 1000, memory);
}
/**
 * A token whose signature check passed before was parsed strictly then, and its text has not changed:
 * its held header and claims are used as they are, or, when none are held, it is only decoded.
 */
function recallOrParse(memory) {
    const known = memory.cache.recall(memory.digest);
    if (known?.claims === undefined)
        return parseJwt(memory.token, known !== undefined);
    memory.claimsHeld = true;
    return parsedBefore(memory.token, known.claims.header, known.claims.payload);
}
/**
 * What stops the signature check before any key lookup: the allowlist (none in any letter case
 * always fails), a registered alg the validator does not implement, and unsupported critical
 * headers. Undefined when keys may be looked up.
 */
function signatureGate(jwt, policy) {
    const { header } = jwt;
    const alg = header.alg;
    if (alg.toLowerCase() === 'none' || !policy.allowed_algs.includes(alg)) {
        const why = alg.toLowerCase() === 'none' ? 'Unsigned tokens (alg "none") are always rejected.' : `The alg "${alg}" is not in allowed_algs.`;
        return { status: 'algorithm', finding: finding(VALIDATION_FINDINGS.ALGORITHM_INVALID, why, { alg, allowed_algs: policy.allowed_algs }) };
    }
    if (!isImplementedAlgorithm(alg)) {
        const reason = `oidc-gate does not implement ${alg}; it verifies ${JWS_ALGORITHMS.join(', ')}`;
        return { status: 'signature', finding: finding(VALIDATION_FINDINGS.KEY_MISMATCH, `The token cannot be verified: ${reason}.`, { alg, reason }) };
    }
    // RFC 7515 §4.1.11: a recipient that does not understand every crit entry must reject; this
    // validator implements no extension, so any crit (and b64: false, RFC 7797) is refused.
    if (header.crit !== undefined || header.b64 === false) {
        const evidence = {};
        if (header.crit !== undefined)
            evidence.crit = header.crit;
        if (header.b64 !== undefined)
            evidence.b64 = header.b64;
        return { status: 'signature', finding: finding(VALIDATION_FINDINGS.UNSUPPORTED_CRITICAL_HEADER, 'The header has crit entries or b64: false, which this validator does not support.', evidence) };
    }
    return undefined;
}
function profileNotFound(jwt, id) {
    const f = finding(VALIDATION_FINDINGS.PROFILE_NOT_FOUND, `No issuer profile is registered under the id "${id.length > 80 ? `${id.slice(0, 80)}…` : id}".`, { issuer_profile_id: id });
    return {
        valid: false,
        statuses: { signature: 'fail', issuer: 'fail', audience: 'fail', algorithm: 'fail', time: 'fail', required_claims: 'fail' },
        findings: [f],
        summary: summariseToken([f], []),
        metadata: headerMetadata(jwt),
    };
}
function headerMetadata(jwt) {
    const metadata = { alg: jwt.header.alg };
    if (typeof jwt.header.kid === 'string')
        metadata.kid = jwt.header.kid;
    return metadata;
}
function checkSignature(jwt, alg, resolution, metadata, memory) {
    if (resolution.cache !== undefined)
        metadata.jwks_cache = resolution.cache;
    const warnings = [...(resolution.warnings ?? [])];
    if (resolution.failure !== undefined)
        return { errors: [resolution.failure], warnings };
    let mismatch;
    const candidates = [];
    for (const key of resolution.keys) {
        const reason = keyAlgMismatch(key, alg) ?? keyIssuerMismatch(key, jwt.payload);
        if (reason !== undefined) {
            mismatch ??= reason;
            continue;
        }
        candidates.push(key);
        const secretBytes = key.type === 'secret' ? (key.key.symmetricKeySize ?? 0) : Infinity;
        if (secretBytes < hmacLength(alg)) {
            warnings.push(finding(VALIDATION_FINDINGS.WEAK_SECRET, `The ${alg} secret is ${secretBytes} bytes; at least ${hmacLength(alg)} are needed for full strength.`, { secret_bytes: secretBytes, minimum_bytes: hmacLength(alg) }));
        }
    }
    if (candidates.length === 0) {
        return { errors: [finding(VALIDATION_FINDINGS.KEY_MISMATCH, `The configured key cannot verify ${alg}: ${mismatch ?? 'no key fits'}.`, { alg, reason: mismatch ?? 'no key fits' })], warnings };
    }
    // A key is only ever a candidate when the trust source selected it for this token just now, so a
    // check remembered for a key that has since left its JWKS can never be reached.
    if (memory !== undefined) {
        const { cache, digest } = memory;
        const known = candidates.find((key) => cache.passed(digest, key.key, alg));
        if (known !== undefined) {
            // Seen again: from now on its header and claims are held, not parsed on every call.
            if (!memory.claimsHeld)
                cache.hold(digest, jwt, memory.token.lastIndexOf('.'));
            return passed(known, metadata, 'hit', warnings);
        }
    }
    for (const key of candidates) {
        if (!verifySignature(alg, key, jwt.signingInput, jwt.signature))
            continue;
        memory?.cache.remember(memory.digest, key.key, alg);
        return passed(key, metadata, memory === undefined ? undefined : 'miss', warnings);
    }
    if (memory !== undefined)
        metadata.signature_cache = 'miss';
    const tried = candidates.length;
    return { errors: [finding(VALIDATION_FINDINGS.SIGNATURE_INVALID, `The ${alg} signature does not verify with the configured key${tried > 1 ? 's' : ''}.`, { alg, keys_tried: tried })], warnings };
}
function passed(key, metadata, cache, warnings) {
    if (key.kid !== undefined)
        metadata.kid = key.kid;
    if (cache !== undefined)
        metadata.signature_cache = cache;
    return { errors: [], warnings };
}
/** The status each claim check of evaluate() decides, in the order they run. */
const CLAIM_STATUSES = ['issuer', 'audience', 'time', 'required_claims'];
function evaluate(jwt, trust, gate, resolution, nowSeconds, memory) {
    const { policy } = trust;
    const alg = jwt.header.alg;
    const metadata = headerMetadata(jwt);
    metadata.key_source = trust.keySource;
    const errorsByStatus = {};
    const warnings = [];
    const diff = {};
    if (gate !== undefined) {
        errorsByStatus[gate.status] = [gate.finding];
        // Fail closed: no signature was checked, so the signature status cannot pass.
        errorsByStatus.signature ??= [];
    }
    else {
        const signature = checkSignature(jwt, alg, resolution, metadata, memory);
        if (signature.errors.length > 0)
            errorsByStatus.signature = signature.errors;
        for (const w of signature.warnings)
            warnings.push(w);
    }
    // Claims are evaluated even when the signature failed, so the response explains everything.
    const claimChecks = [
        checkIssuer(jwt.payload, policy),
        checkAudience(jwt.payload, policy),
        checkTime(jwt.payload, policy, nowSeconds),
        checkRequiredClaims(jwt.payload, jwt.header, policy),
    ];
    let hasDiff = false;
    for (let i = 0; i < claimChecks.length; i++) {
        const check = claimChecks[i];
        if (check.errors.length > 0)
            errorsByStatus[CLAIM_STATUSES[i]] = check.errors;
        for (const w of check.warnings)
            warnings.push(w);
        // The first check to describe a claim keeps its entry: the audience check's view of a missing
        // aud (expected: the allowed audiences) says more than required_claims' (expected: present).
        for (const claim of Object.keys(check.diff)) {
            if (!Object.hasOwn(diff, claim))
                setDiff(diff, claim, check.diff[claim]);
            hasDiff = true;
        }
    }
    const statuses = {
        signature: errorsByStatus.signature ? 'fail' : 'pass',
        issuer: errorsByStatus.issuer ? 'fail' : 'pass',
        audience: errorsByStatus.audience ? 'fail' : 'pass',
        algorithm: errorsByStatus.algorithm ? 'fail' : 'pass',
        time: errorsByStatus.time ? 'fail' : 'pass',
        required_claims: errorsByStatus.required_claims ? 'fail' : 'pass',
    };
    // A status fails with its findings, or with none (a signature never checked): valid only when none failed.
    let valid = true;
    const findings = [];
    for (const status of STATUS_ORDER) {
        const errors = errorsByStatus[status];
        if (errors === undefined)
            continue;
        valid = false;
        for (const f of errors)
            findings.push(f);
    }
    if (warnings.length > 0)
        metadata.warnings = warnings;
    // Key order is part of the byte-for-byte contract between the faces: build the object in spec order.
    const summary = summariseToken(findings, warnings);
    return hasDiff
        ? { valid, statuses, findings, summary, claim_diff: diff, metadata }
        : { valid, statuses, findings, summary, metadata };
}

;// CONCATENATED MODULE: ./src/engine/validate/operation.ts




const validateOperation = defineOperation({
    name: 'validate',
    method: 'POST',
    path: '/v1/validate/jwt',
    operationId: 'validateJwt',
    summary: 'Validate a JWT',
    description: 'Verifies the signature, then the claims, against exactly one of policy and issuer_profile_id. HTTP 200 for every validation outcome.',
    tag: 'validate',
    request: { name: 'ValidateRequest', schema: validateRequestSchema },
    response: { name: 'ValidateResponse', schema: validateResponseSchema },
    malformedToken: true,
    run: validateJwt,
});

;// CONCATENATED MODULE: ./src/engine/operations.ts




/**
 * Every operation of the engine, in the order the service documents them. The service's routes and
 * OpenAPI paths, the CLI's subcommands and the report's result kinds are all read from this table.
 */
const OPERATIONS = [validateOperation, lintOperation, discoverOperation, trustPolicyOperation];
const byName = new Map(OPERATIONS.map((o) => [o.name, o]));
function getOperation(name) {
    return byName.get(name);
}

;// CONCATENATED MODULE: ./src/engine/problem.ts
/**
 * RFC 9457 problem bodies: what the service answers for a request it refuses, and what the action's
 * report records for the same request. Both faces take them from here, so the two cannot drift.
 */

/** The fixed part of each problem: the status it travels with, its type URI and its title. */
const PROBLEM_TYPES = {
    BAD_REQUEST: { status: 400, title: 'The request is not valid HTTP' },
    HEADERS_TOO_LARGE: { status: 431, title: 'The request headers are too large' },
    MALFORMED_TOKEN: { status: 400, title: 'The token is not a parseable JWT' },
    REQUEST_INVALID: { status: 422, title: 'The request body is invalid' },
    UNAUTHORIZED: { status: 401, title: 'A valid API key is required' },
    NOT_FOUND: { status: 404, title: 'No such endpoint' },
    METHOD_NOT_ALLOWED: { status: 405, title: 'Method not allowed on this endpoint' },
    PAYLOAD_TOO_LARGE: { status: 413, title: 'The request body is too large' },
    UNSUPPORTED_MEDIA_TYPE: { status: 415, title: 'The request body must be application/json' },
    TIMEOUT: { status: 503, title: 'The request did not complete in time' },
    INTERNAL: { status: 500, title: 'Internal error' },
};
/** A stable, non-dereferenceable type URI per code: clients match on it (or on code), never on title. */
function problemType(code) {
    return `urn:oidc-gate:problem:${code.toLowerCase().replace(/_/g, '-')}`;
}
function problem(code, detail, extra = {}) {
    const t = PROBLEM_TYPES[code];
    const p = { type: problemType(code), title: t.title, status: extra.status ?? t.status, detail, code };
    if (extra.errors !== undefined)
        p.errors = extra.errors;
    return p;
}
/** `detail` for a 422: the first problem, and how many more the errors list holds. */
function detailFor(errors) {
    const first = errors[0];
    if (first === undefined)
        return 'The request body is invalid.';
    const where = first.pointer === '' ? 'The request body' : first.pointer;
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more; see errors)` : '';
    return `${where}: ${first.message}${more}.`;
}
/**
 * The problem body for an engine refusal: 422 REQUEST_INVALID with errors[], or 400 MALFORMED_TOKEN.
 * The service answers with it and the action's report records it, so both must come from here.
 */
function problemFromEngineError(error) {
    if (error instanceof RequestInvalidError) {
        const errors = error.errors.map((e) => ({ pointer: e.pointer, message: e.message }));
        return problem('REQUEST_INVALID', detailFor(errors), { errors });
    }
    return problem('MALFORMED_TOKEN', error.message);
}

;// CONCATENATED MODULE: ./src/engine/engine.ts
/**
 * The composition root: every face (action, CLI, service) builds its engine here, once, and only here.
 * The fetcher, the key cache and the clock are made in one place, so a face cannot pair an online fetcher
 * with offline checks, or give issuer profiles a different key cache than validation uses.
 */









/** Throws OutboundAllowError when OUTBOUND_ALLOW cannot be parsed. */
function createEngine(options) {
    const verifyCacheSize = options.verifyCacheSize ?? DEFAULT_VERIFY_CACHE_SIZE;
    if (!Number.isSafeInteger(verifyCacheSize) || verifyCacheSize < 0)
        throw new RangeError('verifyCacheSize must be an integer of 0 or more');
    const services = {
        fetcher: fetcherFor(options.network),
        keyCache: new KeyObjectCache(),
        now: options.clock ?? Date.now,
        ...(verifyCacheSize > 0 ? { verifyCache: new VerifyCache(verifyCacheSize) } : {}),
    };
    return engineWith(services, undefined);
}
function fetcherFor(network) {
    if (!network.online)
        return createOfflineFetcher();
    if (network.fetcher !== undefined)
        return network.fetcher;
    const allow = typeof network.outboundAllow === 'string' || network.outboundAllow === undefined
        ? parseOutboundAllow(network.outboundAllow)
        : network.outboundAllow;
    return createGuardedFetcher(network.ca === undefined ? { allow } : { allow, ca: network.ca });
}
/** A request refusal is the problem the service answers with; anything else is a fault, thrown on. */
function refusalOf(error) {
    if (isRequestRefusal(error))
        return { problem: problemFromEngineError(error) };
    throw error;
}
function engineWith(services, profiles) {
    const context = createEngineContext(profiles === undefined ? { ...services } : { ...services, profiles });
    return {
        services,
        operations: OPERATIONS,
        async run(name, body, runOptions = {}) {
            // The table holds the operation named `name`, so what it answers is ResponseOf<Name>.
            const operation = getOperation(name);
            if (operation === undefined)
                throw new Error(`no operation named ${name}`);
            const at = runOptions.at;
            const ctx = at === undefined ? context : { ...context, now: () => at };
            try {
                return { response: await operation.run(body, ctx) };
            }
            catch (error) {
                return refusalOf(error);
            }
        },
        withProfiles(registry) {
            return engineWith(services, registry);
        },
    };
}

;// CONCATENATED MODULE: ./src/engine/catalogue.ts





/**
 * Every code the engine reports, exactly once, whichever endpoint reports it. The gate adds its own
 * codes to make the one catalogue the finding pages and SARIF rules are rendered from
 * (src/gate/catalogue.ts). Codes shared by two endpoints (INSECURE_URI,
 * ISSUER_INVALID, CHECK_SKIPPED and ENDPOINT_CERT_EXPIRING are also discovery findings) are listed once, under the lint rule
 * that defines them.
 */
const findingCatalogue = [
    ...Object.values(VALIDATION_FINDINGS),
    ...LINT_FINDINGS,
    ...Object.values(DISCOVERY_FINDINGS),
    ...DISCOVERY_METADATA_FINDINGS,
    ...Object.values(TRUST_FINDINGS),
];
const byCode = new Map(findingCatalogue.map((d) => [d.code, d]));
/** The definition of a code, or undefined when oidc-gate has no such code. */
function getFindingDefinition(code) {
    return byCode.get(code);
}

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
;// CONCATENATED MODULE: ./src/engine/jwks/cache.ts



/**
 * How long a fetched JWKS is fresh: the provider's Cache-Control max-age, clamped so that a provider
 * saying no-store is not fetched on every token and one saying a year still gets key rotations within
 * a day; 10 minutes when it says nothing.
 */
const MIN_TTL_MS = 60_000;
const MAX_TTL_MS = 24 * 3600_000;
const DEFAULT_TTL_MS = 10 * 60_000;
/** An unknown kid refetches at most once per this long (measured from the last fetch of any kind). */
const UNKNOWN_KID_COOLDOWN_MS = 30_000;
/**
 * A failed refresh serves the last good set for at most this long after it expired, so a provider outage
 * does not stop every validation, yet a key the provider withdrew is not trusted forever.
 */
const MAX_STALE_MS = 24 * 3600_000;
/**
 * After a failed fetch, how long before the next attempt. Without it every validation during an
 * outage would wait for a fetch to fail. Shorter when nothing is cached, since then nothing verifies.
 */
const RETRY_AFTER_FAILURE_MS = 30_000;
const RETRY_AFTER_COLD_FAILURE_MS = 5_000;
const REFUSED_KEY_REMEDIATION = 'Ask the issuer to sign with a key inside the bounds: RSA of 2048 to 8192 bits with public exponent 65537, EC P-256, P-384 or P-521, or Ed25519/Ed448.';
/** Cache-Control max-age in ms, clamped to 1 min…24 h; no-store / no-cache mean the minimum. */
function cacheLifetimeMs(cacheControl) {
    if (cacheControl === undefined)
        return DEFAULT_TTL_MS;
    const directives = cacheControl.toLowerCase().split(',').map((d) => d.trim());
    if (directives.some((d) => d === 'no-store' || d === 'no-cache'))
        return MIN_TTL_MS;
    for (const d of directives) {
        const m = /^max-age\s*=\s*"?(\d+)"?$/.exec(d);
        if (m !== null)
            return Math.min(MAX_TTL_MS, Math.max(MIN_TTL_MS, Number(m[1]) * 1000));
    }
    return DEFAULT_TTL_MS;
}
/**
 * The keys of one jwks_uri. A cached lookup is synchronous work on already-imported keys: no fetch,
 * no key parsing. Concurrent callers that need a fetch all wait on the same one.
 */
class JwksCache {
    uri;
    #fetcher;
    #now;
    #set;
    #inflight;
    #lastAttemptAt = Number.NEGATIVE_INFINITY;
    #retryAt = Number.NEGATIVE_INFINITY;
    #lastFailure;
    constructor(options) {
        this.uri = options.uri;
        this.#fetcher = options.fetcher;
        this.#now = options.now;
    }
    async resolveKeys(header, alg) {
        const t = this.#now();
        const warnings = [];
        let cache;
        let set = this.#set;
        if (set !== undefined && t - set.expiresAt > MAX_STALE_MS) {
            // Stale for more than 24 h: forget it, so a set is never served stale for longer than that.
            this.#set = undefined;
            set = undefined;
        }
        if (set === undefined) {
            cache = 'miss';
            const refresh = await this.#refreshUnlessBackingOff(t);
            if (!refresh.ok)
                return { keys: [], cache, failure: this.#unavailable(refresh.failure) };
            set = this.#set;
        }
        else if (t >= set.expiresAt) {
            const refresh = await this.#refreshUnlessBackingOff(t);
            if (refresh.ok) {
                cache = 'refreshed';
                set = this.#set;
            }
            else {
                cache = 'stale';
                warnings.push(this.#stale(set, refresh.failure, t));
            }
        }
        else {
            cache = 'hit';
        }
        let selection = selectKeys(set.keys, header, alg, set.refused);
        if (selection.keys.length === 0 && selection.unknownKid && cache !== 'stale') {
            // A rotation shows up as a kid we have not seen. Join a fetch already under way; otherwise
            // refetch only when the cool-down has passed, so a forged kid cannot drive fetches.
            const joinable = this.#inflight;
            const mayFetch = joinable !== undefined || this.#now() - this.#lastAttemptAt >= UNKNOWN_KID_COOLDOWN_MS;
            if (mayFetch) {
                const refresh = await (joinable ?? this.#refresh());
                if (refresh.ok && this.#set !== undefined) {
                    cache = cache === 'miss' ? 'miss' : 'refreshed';
                    set = this.#set;
                    selection = selectKeys(set.keys, header, alg, set.refused);
                }
            }
        }
        const resolution = { keys: selection.keys, cache };
        if (warnings.length > 0)
            resolution.warnings = warnings;
        if (selection.keys.length === 0) {
            resolution.failure = selection.refused !== undefined && selection.kid !== undefined
                ? this.#refused(selection.kid, selection.refused, alg)
                : this.#notFound(selection.kid, header.kid, alg, set.keys.length);
        }
        return resolution;
    }
    #refreshUnlessBackingOff(t) {
        if (this.#inflight !== undefined)
            return this.#inflight;
        if (t < this.#retryAt && this.#lastFailure !== undefined)
            return Promise.resolve({ ok: false, failure: this.#lastFailure });
        return this.#refresh();
    }
    #refresh() {
        if (this.#inflight !== undefined)
            return this.#inflight;
        const run = this.#fetch().finally(() => {
            this.#inflight = undefined;
        });
        this.#inflight = run;
        return run;
    }
    async #fetch() {
        const started = this.#now();
        this.#lastAttemptAt = started;
        const fail = (failure) => {
            this.#lastFailure = failure;
            this.#retryAt = this.#now() + (this.#set === undefined ? RETRY_AFTER_COLD_FAILURE_MS : RETRY_AFTER_FAILURE_MS);
            return { ok: false, failure };
        };
        if (!this.#fetcher.online)
            return fail({ reason: 'offline', detail: 'offline mode: the JWKS is not fetched' });
        const result = await this.#fetcher.getJson(this.uri);
        if (!result.ok) {
            const failure = { reason: result.reason, detail: result.detail };
            if (result.status !== undefined)
                failure.status = result.status;
            return fail(failure);
        }
        const parsed = parseJwks(result.json);
        if (parsed === undefined)
            return fail({ reason: 'invalid_jwks', detail: 'the document is not a JWK Set (no "keys" array)' });
        const fetchedAt = this.#now();
        this.#set = { keys: parsed.keys, refused: parsed.refused, fetchedAt, expiresAt: fetchedAt + cacheLifetimeMs(result.headers['cache-control']) };
        this.#lastFailure = undefined;
        this.#retryAt = Number.NEGATIVE_INFINITY;
        return { ok: true };
    }
    #unavailable(failure) {
        const evidence = { jwks_uri: this.uri, reason: failure.reason, detail: failure.detail };
        if (failure.status !== undefined)
            evidence.status = failure.status;
        return finding(VALIDATION_FINDINGS.JWKS_UNAVAILABLE, `The JWKS at ${this.uri} could not be fetched (${failure.reason}) and no keys are cached.`, evidence);
    }
    #stale(set, failure, t) {
        const age = Math.round((t - set.fetchedAt) / 1000);
        return finding(VALIDATION_FINDINGS.JWKS_STALE, `The JWKS at ${this.uri} could not be refreshed (${failure.reason}); keys fetched ${age} s ago were used.`, {
            jwks_uri: this.uri, reason: failure.reason, age_seconds: age,
        });
    }
    /** The token names a key that the set holds but that is outside the key-strength bounds. */
    #refused(kid, weakness, alg) {
        const shown = kid.length > 128 ? `${kid.slice(0, 128)}…` : kid;
        return finding(VALIDATION_FINDINGS.KEY_MISMATCH, `The key with kid "${shown}" in the JWKS at ${this.uri} is never used: it ${weakness.message}.`, {
            jwks_uri: this.uri, alg, kid: shown, reason: weakness.reason,
        }, REFUSED_KEY_REMEDIATION);
    }
    #notFound(kid, rawKid, alg, size) {
        const evidence = { jwks_uri: this.uri, alg, keys_in_set: size };
        if (kid !== undefined)
            evidence.kid = kid.length > 128 ? `${kid.slice(0, 128)}…` : kid;
        const what = kid !== undefined ? `with kid "${String(evidence.kid)}" that fits ${alg}` : rawKid !== undefined ? 'for a kid that is not a string' : `that fits ${alg}`;
        return finding(VALIDATION_FINDINGS.KEY_NOT_FOUND, `No key in the JWKS at ${this.uri} ${what}.`, evidence);
    }
}

;// CONCATENATED MODULE: ./src/engine/profiles/discovery.ts






/**
 * The OpenID Connect location of the issuer's configuration document (OpenID Connect Discovery 1.0 §4),
 * the one a JWKS_UNAVAILABLE names: the location an issuer is expected to serve.
 */
function discoveryUrl(issuer) {
    return discoveryUris(issuer)?.openid ?? `${issuer}/.well-known/openid-configuration`;
}
/**
 * Keys for a `discovery: true` profile. The discovery document is fetched at first use, not at start,
 * so a provider that is down at boot does not stop the service; once found, the jwks_uri is kept for
 * the life of the process and its JwksCache does the rest.
 */
class DiscoveredJwks {
    issuer;
    discoveryUri;
    #fetcher;
    #now;
    #cache;
    #inflight;
    #lastFailure;
    constructor(options) {
        this.issuer = options.issuer;
        this.discoveryUri = discoveryUrl(options.issuer);
        this.#fetcher = options.fetcher;
        this.#now = options.now;
    }
    async resolveKeys(header, alg) {
        if (this.#cache !== undefined)
            return this.#cache.resolveKeys(header, alg);
        const failed = this.#lastFailure;
        // A provider that just failed is not asked again on every validation.
        if (failed !== undefined && this.#now() - failed.at < RETRY_AFTER_COLD_FAILURE_MS)
            return { keys: [], cache: 'miss', failure: failed.finding };
        this.#inflight ??= this.#discover().finally(() => {
            this.#inflight = undefined;
        });
        const lookup = await this.#inflight;
        if (!lookup.ok)
            return { keys: [], cache: 'miss', failure: lookup.failure };
        return lookup.cache.resolveKeys(header, alg);
    }
    async #discover() {
        const fail = (reason, detail, status) => {
            const evidence = { discovery_uri: this.discoveryUri, reason, detail };
            if (status !== undefined)
                evidence.status = status;
            const f = finding(VALIDATION_FINDINGS.JWKS_UNAVAILABLE, `The jwks_uri could not be discovered from ${this.discoveryUri} (${reason}) and no keys are cached.`, evidence, 'Check that the issuer serves its OpenID configuration at this URL, or give jwks_uri in the profile.');
            this.#lastFailure = { finding: f, at: this.#now() };
            return { ok: false, failure: f };
        };
        if (!this.#fetcher.online)
            return fail('offline', 'offline mode: discovery is not fetched');
        // Profiles are https only: the issuer was checked when the profile was compiled.
        const fetched = await fetchDiscoveryDocument(this.#fetcher, this.issuer, { allowHttp: false });
        if (fetched.state === 'not_http')
            return fail('blocked', 'the issuer is not an http(s) URL, so discovery was not fetched');
        if (fetched.state === 'unreachable') {
            const [first] = fetched.attempts;
            return fail(first.reason, first.detail, first.status);
        }
        if (fetched.state === 'not_an_object')
            return fail('invalid_discovery', 'the discovery document is not a JSON object');
        const { issuer, jwks_uri: jwksUri } = fetched.document;
        // Discovery §4.3: the document must name exactly the issuer it was fetched for. A profile with Entra's
        // template issuer fetched the tenant-independent document, which publishes exactly that template.
        if (typeof issuer !== 'string' || !documentSpeaksFor(this.issuer, issuer))
            return fail('issuer_mismatch', `the document's issuer ${JSON.stringify(issuer)?.slice(0, 200)} is not the profile issuer`);
        if (typeof jwksUri !== 'string' || jwksUri === '')
            return fail('invalid_discovery', 'the document has no jwks_uri');
        // Read as strictly as everywhere else (see uri.ts): what POST /v1/providers/discover reports as
        // INSECURE_URI is never fetched here.
        const parsed = parseAbsoluteUri(jwksUri);
        if (!parsed.ok)
            return fail('invalid_discovery', 'the document jwks_uri is not an absolute URL');
        if (parsed.scheme !== 'https')
            return fail('invalid_discovery', 'the document jwks_uri is not https');
        this.#cache = new JwksCache({ uri: jwksUri, fetcher: this.#fetcher, now: this.#now });
        this.#lastFailure = undefined;
        return { ok: true, cache: this.#cache };
    }
}

;// CONCATENATED MODULE: ./src/engine/profiles/schema.ts

/** The key-source fields of a profile; exactly one is given (`discovery` counts only when true). */
const PROFILE_KEY_SOURCES = ['secret', 'secret_env', 'public_key', 'jwks', 'jwks_uri', 'discovery'];
/**
 * One issuer profile: the operator's named trust policy, so a client sends `issuer_profile_id`
 * instead of a key. `id`, the claim fields of VerifyPolicy (shared with the validate request schema,
 * so the two cannot drift), and one key source. Exclusivity of the key source is checked in code,
 * where the message can name every field that was given.
 */
const issuerProfileSchema = {
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
};

;// CONCATENATED MODULE: ./src/engine/profiles/compile.ts













// A dedicated instance: the shared one in schema/ajv.ts throws RequestInvalidError, and profile
// problems need the profile named, which only the registry knows.
const compile_ajv = new _2020.Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
const checkProfileShape = compile_ajv.compile(issuerProfileSchema);
/**
 * One profile entry -> the trust source that validates its tokens, or undefined with the problems
 * (pointers relative to the entry) added to `problems`. Keys are parsed here, so a bad key stops the
 * start; JWKS and discovery documents are fetched lazily, at first use.
 */
function compileProfile(entry, options, problems) {
    if (!checkProfileShape(entry)) {
        problems.push(...toProblems(checkProfileShape.errors ?? []));
        return undefined;
    }
    const profile = entry;
    const given = PROFILE_KEY_SOURCES.filter((f) => (f === 'discovery' ? profile.discovery === true : profile[f] !== undefined));
    if (given.length !== 1) {
        problems.push({
            pointer: '',
            message: given.length === 0
                ? `needs a key source: one of ${PROFILE_KEY_SOURCES.filter((f) => f !== 'discovery').join(', ')} or discovery: true`
                : `gives more than one key source (${given.join(', ')}); give exactly one`,
        });
        return undefined;
    }
    const field = given[0];
    if (profile.secret_encoding !== undefined && field !== 'secret' && field !== 'secret_env') {
        problems.push({ pointer: '/secret_encoding', message: 'applies only with secret or secret_env' });
        return undefined;
    }
    const keySource = field === 'secret' || field === 'secret_env' ? 'secret' : field === 'public_key' ? 'public_key' : 'jwks';
    const algProblem = allowedAlgsFit(profile.allowed_algs, keySource);
    if (algProblem !== undefined) {
        problems.push({ pointer: '/allowed_algs', message: algProblem });
        return undefined;
    }
    const tenantsProblem = tenantsWithoutTemplate(profile);
    if (tenantsProblem !== undefined) {
        problems.push({ pointer: '/tenants', message: tenantsProblem });
        return undefined;
    }
    // A profile serves every token, so its patterns must be affordable for the longest one accepted.
    if (profile.required_claim_patterns !== undefined) {
        const tooCostly = patternBudgetProblem(profile.required_claim_patterns, MAX_TOKEN_LENGTH);
        if (tooCostly !== undefined) {
            problems.push({ pointer: '/required_claim_patterns', message: tooCostly });
            return undefined;
        }
    }
    const policy = claimPolicy(profile);
    switch (field) {
        case 'secret':
        case 'secret_env':
        case 'public_key': {
            let keyPolicy;
            if (field === 'public_key') {
                keyPolicy = { ...policy, public_key: profile.public_key };
            }
            else {
                const secret = field === 'secret' ? profile.secret : options.env[profile.secret_env];
                if (secret === undefined || secret === '') {
                    problems.push({ pointer: '/secret_env', message: `names the environment variable ${profile.secret_env}, which is not set or is empty` });
                    return undefined;
                }
                keyPolicy = { ...policy, secret, secret_encoding: profile.secret_encoding ?? 'utf8' };
            }
            // The inline-policy trust source does the key parsing, so profiles and inline policies accept
            // exactly the same keys; its problems point into /policy and are re-pointed at this profile.
            try {
                const inline = inlineTrustSource(keyPolicy, options.keyCache);
                return { policy, keySource, resolveKeys: inline.resolveKeys };
            }
            catch (err) {
                if (!(err instanceof RequestInvalidError))
                    throw err;
                for (const p of err.errors) {
                    const pointer = p.pointer === '/policy/secret' ? `/${field}` : p.pointer.replace(/^\/policy/, '');
                    problems.push({ pointer, message: p.message });
                }
                return undefined;
            }
        }
        case 'jwks': {
            const keys = inlineJwks(profile.jwks, problems);
            if (keys === undefined)
                return undefined;
            return { policy, keySource, resolveKeys: async (header, alg) => resolveStatic(keys, header, alg) };
        }
        case 'jwks_uri': {
            if (!isHttpsUri(profile.jwks_uri, { userInfo: false })) {
                problems.push({ pointer: '/jwks_uri', message: 'must be an absolute https:// URL without user info' });
                return undefined;
            }
            const cache = new JwksCache({ uri: profile.jwks_uri, fetcher: options.fetcher, now: options.now });
            return { policy, keySource, resolveKeys: (header, alg) => cache.resolveKeys(header, alg) };
        }
        case 'discovery': {
            if (!isHttpsUri(profile.issuer, { userInfo: false })) {
                problems.push({ pointer: '/issuer', message: 'must be an absolute https:// URL when discovery is true' });
                return undefined;
            }
            const discovered = new DiscoveredJwks({ issuer: profile.issuer, fetcher: options.fetcher, now: options.now });
            return { policy, keySource, resolveKeys: (header, alg) => discovered.resolveKeys(header, alg) };
        }
    }
}
function claimPolicy(profile) {
    const policy = { issuer: profile.issuer, audiences: profile.audiences, allowed_algs: profile.allowed_algs };
    if (profile.required_claims !== undefined)
        policy.required_claims = profile.required_claims;
    if (profile.required_scopes !== undefined)
        policy.required_scopes = profile.required_scopes;
    if (profile.required_custom_claims !== undefined)
        policy.required_custom_claims = profile.required_custom_claims;
    if (profile.required_claim_patterns !== undefined)
        policy.required_claim_patterns = profile.required_claim_patterns;
    if (profile.max_ttl_seconds !== undefined)
        policy.max_ttl_seconds = profile.max_ttl_seconds;
    if (profile.clock_skew_seconds !== undefined)
        policy.clock_skew_seconds = profile.clock_skew_seconds;
    if (profile.token_type !== undefined)
        policy.token_type = profile.token_type;
    if (profile.tenants !== undefined)
        policy.tenants = profile.tenants;
    return policy;
}
/**
 * A key source that can never verify any allowed alg is a configuration error, caught at start
 * rather than as a KEY_MISMATCH on every token.
 */
function allowedAlgsFit(algs, keySource) {
    const usable = algs.filter((a) => a !== 'none');
    const hmac = usable.filter((a) => a.startsWith('HS'));
    if (keySource === 'secret' && hmac.length === 0)
        return 'has no HS256/HS384/HS512 entry, so the secret can verify nothing';
    if (keySource !== 'secret' && hmac.length === usable.length)
        return `has only HMAC or none entries, which a ${keySource} key source cannot verify`;
    return undefined;
}
function inlineJwks(doc, problems) {
    const parsed = parseJwks(doc);
    if (parsed === undefined) {
        problems.push({ pointer: '/jwks', message: 'must be a JWK Set: an object with a "keys" array' });
        return undefined;
    }
    for (const s of parsed.skipped)
        problems.push({ pointer: `/jwks/keys/${s.index}`, message: s.reason });
    if (problems.length > 0)
        return undefined;
    if (parsed.keys.length === 0) {
        problems.push({ pointer: '/jwks/keys', message: 'holds no key' });
        return undefined;
    }
    return parsed.keys;
}
function resolveStatic(keys, header, alg) {
    const selection = selectKeys(keys, header, alg);
    if (selection.keys.length > 0)
        return { keys: selection.keys };
    const evidence = { alg, keys_in_set: keys.length };
    if (selection.kid !== undefined)
        evidence.kid = selection.kid.length > 128 ? `${selection.kid.slice(0, 128)}…` : selection.kid;
    const what = selection.kid !== undefined ? `with kid "${String(evidence.kid)}" that fits ${alg}` : `that fits ${alg}`;
    return { keys: [], failure: finding(VALIDATION_FINDINGS.KEY_NOT_FOUND, `No key in the profile's inline JWKS ${what}.`, evidence) };
}

// EXTERNAL MODULE: ./node_modules/yaml/dist/index.js
var dist = __webpack_require__(8815);
;// CONCATENATED MODULE: ./src/engine/profiles/document.ts


/**
 * JSON or YAML text -> the profile list: a list, or an object with a "profiles" list (the shape the
 * action's config files use). Parser messages quote the offending line, which could hold a secret,
 * so only the error code and position are reported.
 */
function parseProfileDocument(source, text) {
    const doc = (0,dist/* parseDocument */.Tp)(text, { uniqueKeys: true });
    const first = doc.errors[0];
    if (first !== undefined) {
        const pos = first.linePos?.[0];
        const where = pos === undefined ? '' : ` at line ${pos.line}, column ${pos.col}`;
        throw new IssuerProfileError(source, [{ profile: '', pointer: '', message: `is not valid JSON or YAML (${first.code}${where})` }]);
    }
    let value;
    try {
        value = doc.toJS({ maxAliasCount: 100 });
    }
    catch {
        // The yaml package's message quotes the alias, which may be a secret written unquoted (*hunter2).
        throw new IssuerProfileError(source, [{ profile: '', pointer: '', message: 'is not valid YAML: an alias cannot be resolved, or aliases expand to more than 100 nodes' }]);
    }
    if (value === null || value === undefined)
        return [];
    if (Array.isArray(value))
        return value;
    if (typeof value === 'object' && Array.isArray(value.profiles))
        return value.profiles;
    throw new IssuerProfileError(source, [{ profile: '', pointer: '', message: 'must be an array of issuer profiles (or an object with a "profiles" array)' }]);
}

;// CONCATENATED MODULE: ./src/engine/profiles/load.ts




/** The service's profiles, from ISSUER_PROFILES_JSON or ISSUER_PROFILES_FILE (given, or read from env). */
function loadIssuerProfiles(options) {
    const json = options.json ?? options.env.ISSUER_PROFILES_JSON;
    const file = options.file ?? options.env.ISSUER_PROFILES_FILE;
    if (json !== undefined && json.trim() !== '' && file !== undefined && file !== '') {
        throw new IssuerProfileError('issuer profiles', [{ profile: '', pointer: '', message: 'set only one of ISSUER_PROFILES_JSON and ISSUER_PROFILES_FILE' }]);
    }
    let source;
    let text;
    if (json !== undefined && json.trim() !== '') {
        source = 'ISSUER_PROFILES_JSON';
        text = json;
    }
    else if (file !== undefined && file !== '') {
        source = `ISSUER_PROFILES_FILE ${file}`;
        try {
            text = (0,external_node_fs_.readFileSync)(file, 'utf8');
        }
        catch (err) {
            const code = err.code;
            throw new IssuerProfileError(source, [{ profile: '', pointer: '', message: `could not be read (${typeof code === 'string' ? code : 'error'})` }]);
        }
    }
    else {
        return registryOf(new Map());
    }
    return compileIssuerProfiles(parseProfileDocument(source, text), { ...options, source });
}
/** Already-parsed profile entries -> registry. Ids must be unique; the first profile keeps its id. */
function compileIssuerProfiles(entries, options) {
    const source = options.source ?? 'issuer profiles';
    const problems = [];
    const profiles = new Map();
    entries.forEach((entry, index) => {
        const label = profileLabel(entry, index);
        const local = [];
        const trust = compileProfile(entry, options, local);
        for (const p of local)
            problems.push({ profile: label, pointer: `/${index}${p.pointer}`, message: p.message });
        if (trust === undefined)
            return;
        const id = entry.id;
        if (profiles.has(id)) {
            problems.push({ profile: label, pointer: `/${index}/id`, message: 'duplicates the id of an earlier profile' });
            return;
        }
        profiles.set(id, trust);
    });
    if (problems.length > 0)
        throw new IssuerProfileError(source, problems);
    return registryOf(profiles);
}
function profileLabel(entry, index) {
    const id = typeof entry === 'object' && entry !== null ? entry.id : undefined;
    return typeof id === 'string' && id !== '' && id.length <= 200 ? `"${id}" (#${index})` : `#${index}`;
}
/** A Map lookup, so an id such as "__proto__" or "toString" finds nothing. */
function registryOf(profiles) {
    return { get: (id) => profiles.get(id) };
}

;// CONCATENATED MODULE: ./src/engine/profiles/index.ts






;// CONCATENATED MODULE: ./src/engine/fingerprint.ts

/**
 * How a token is named wherever it may not appear: the action's report and the service's audit line.
 * One format, so a report entry and an audit line for the same token can be matched.
 */
function tokenFingerprint(token) {
    return `sha256:${(0,external_node_crypto_.hash)('sha256', token, 'hex')}`;
}

;// CONCATENATED MODULE: ./src/engine/index.ts
/**
 * The engine's public surface: the only module the faces (action, CLI, service) may import from the engine
 * (an ESLint rule holds them to it). Faces build an engine with `createEngine` and run operations from the
 * operations table; everything else here is what they need to describe, place or serve the results.
 */





















/***/ })

};
