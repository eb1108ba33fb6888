import { defineFinding, type FindingDefinition } from './findings.ts';

/** Every gate code is an error: a gate that cannot read its input, or whose sample failed, must not pass. */
function gateFinding<const C extends string>(code: C, title: string, remediation: string, config = true) {
  return defineFinding({ code, severity: 'error', area: 'gate', title, remediation, config });
}

/**
 * Codes the gate (the action and the CLI) reports next to the engine's findings: problems with its
 * own input, and sample tokens that did not turn out as expected. `config: true` marks a problem with
 * the input rather than a finding about identity configuration; the CLI exits 2 for those. These are
 * data like every other code's definition, so they live in the engine with the rest of the catalogue.
 */
export const GATE_CODES = {
  CONFIG_NOT_FOUND: gateFinding('CONFIG_NOT_FOUND', 'No config file matched the config patterns',
    'Check the `config` globs (default .github/oidc-gate/**/*.yml and .yaml), or pass paths to `oidc-gate check`.'),
  CONFIG_UNREADABLE: gateFinding('CONFIG_UNREADABLE', 'A config file could not be read',
    'Check that the file exists, is a regular file and is readable.'),
  CONFIG_YAML_INVALID: gateFinding('CONFIG_YAML_INVALID', 'A config file is not valid YAML',
    'Fix the YAML syntax at the reported line.'),
  CONFIG_TOO_LARGE: gateFinding('CONFIG_TOO_LARGE', 'A config file is over a size limit',
    'Keep each file under 1 MiB and 10,000 YAML nodes once aliases are expanded (an alias counts as a copy of what it names at every use), and a run under 1,000 entries (providers, profiles and samples): split large files, use fewer aliases, or check fewer files per run.'),
  CONFIG_INVALID: gateFinding('CONFIG_INVALID', 'A config entry has the wrong shape',
    'A config file is a map with optional `providers`, `profiles` and `tokens` lists of maps; see the README.'),
  CONFIG_UNKNOWN_KEY: gateFinding('CONFIG_UNKNOWN_KEY', 'A config entry has a key oidc-gate does not know',
    'Remove the key or fix its spelling; unknown keys are refused so that a typo never passes silently.'),
  TOKEN_FILE_MISSING: gateFinding('TOKEN_FILE_MISSING', 'A sample token file does not exist or cannot be read',
    'token_file is relative to the config file; check the path.'),
  TOKEN_FILE_INVALID: gateFinding('TOKEN_FILE_INVALID', 'A sample token file is outside the repository, empty or too large',
    'Keep sample tokens inside the repository, one compact JWT per file.'),
  REQUEST_INVALID: gateFinding('REQUEST_INVALID', 'The engine refused the entry (HTTP 422 from the service)',
    'Fix the field named in the message; the README lists the fields of each entry kind.'),
  PROFILE_INVALID: gateFinding('PROFILE_INVALID', 'An issuer profile is invalid',
    'Fix the profile field named in the message; a profile needs an id, the policy fields and exactly one key source.'),
  PROFILE_DUPLICATE: gateFinding('PROFILE_DUPLICATE', 'Two issuer profiles share an id',
    'Give every profile a unique id across all config files and the issuer-profiles file.'),
  EXPECTATION_FAILED: gateFinding('EXPECTATION_FAILED', 'A sample token did not turn out as its `expect` says',
    'Either the trust policy changed in a way that breaks this sample, or the sample is out of date; see the findings.', false),
  MALFORMED_TOKEN: gateFinding('MALFORMED_TOKEN', 'A sample token is not a parseable compact JWS (HTTP 400 from the service)',
    'Check the sample token file: one compact JWT, three base64url segments.', false),
  INTERNAL_ERROR: gateFinding('INTERNAL_ERROR', 'oidc-gate failed unexpectedly while checking an entry',
    'This is a bug in oidc-gate, not in your configuration: please report it with the oidc-gate version and the entry kind. The other entries were still checked.', false),
} as const satisfies Record<string, FindingDefinition & { config: boolean }>;
