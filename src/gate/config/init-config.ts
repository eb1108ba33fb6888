/**
 * The starter config `oidc-gate init` writes: one provider and one issuer profile built from a
 * provider's discovery document, and one sample token entry left commented out until the user has a
 * token file. Values from the document are written as quoted YAML scalars whenever they are not
 * plainly safe, so a document cannot add keys, comments or lines to the file; and no text of the
 * document ever goes into a comment (a comment is where `check` looks for `# oidc-gate: ignore[…]`),
 * only names the engine itself lists, written as it spells them.
 */
import { verifyPolicySchema } from '../../engine/index.ts';
import { REPOSITORY_URL } from '../outputs/sarif.ts';
import { PLACEHOLDER_PREFIX } from './placeholders.ts';

/** Where `oidc-gate init` writes when --output is not given: inside the directory the gate reads by default. */
export const DEFAULT_INIT_OUTPUT = '.github/oidc-gate/oidc.yml';

/**
 * The config schema as published on the repository (the file `npm run schema` writes, served raw):
 * a user's repository has no schema/ folder a relative modeline could point at.
 */
export const CONFIG_SCHEMA_URL = `${REPOSITORY_URL.replace('https://github.com/', 'https://raw.githubusercontent.com/')}/main/schema/oidc-gate.schema.json`;

export interface Starter {
  issuer: string;
  jwksUri: string;
  /** The signing algorithms to allow, already free of any the gate reports as weak or unknown. */
  algorithms: readonly string[];
  /** Algorithms the document advertised that were left out, each with why. */
  dropped: readonly { alg: string; why: string }[];
  /** Where the document came from, for the file's header comment (a URL or a file name). */
  source: string;
}

/** A YAML scalar: plain when that cannot change its meaning, otherwise double-quoted (JSON strings are valid YAML). */
export function yamlScalar(value: string): string {
  const word = /^[A-Za-z][A-Za-z0-9._-]*$/.test(value) && !/^(?:true|false|yes|no|on|off|null|y|n)$/i.test(value);
  const url = /^https?:\/\/[A-Za-z0-9.-]+(?::\d+)?(?:\/[A-Za-z0-9._~/-]*)?$/.test(value);
  const plain = word || url;
  // Every character outside printable ASCII is escaped, so no line separator or bidi control reaches the file.
  return plain ? value : JSON.stringify(value).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A name for the entries, from the issuer's host: `accounts.google.com` gives accounts-google-com. */
export function entryName(issuer: string): string {
  let host = '';
  try {
    host = new URL(issuer).hostname;
  } catch {
    // A malformed issuer is reported by discovery before a config is built; the name only needs to be valid.
  }
  const name = host.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60);
  return name === '' ? 'my-provider' : name;
}

/** A comment line whose text came from outside: kept on one line, printable ASCII only. */
function comment(text: string): string {
  return `# ${text.replace(/[^\x20-\x7e]/g, '?')}`;
}

/** The algorithm names a policy may list (the registered JWS names and none), as the engine spells them. */
const ALGORITHM_NAMES: readonly string[] = verifyPolicySchema.properties.allowed_algs.items.enum;

/** What the file says about the algorithms left out, and which of them it could not name (init prints those). */
export interface DroppedNote {
  /** Comment lines, without indentation: only init's own words and names from ALGORITHM_NAMES. */
  lines: string[];
  /** The names the file does not repeat: they are no name the engine knows, so they stay out of every comment. */
  unnamed: string[];
}

/**
 * The comment on the algorithms left out. A name is written only when it is one the engine lists (the
 * engine's own string is written, not the document's), or as that name "in another letter case"; any
 * other name is counted, never quoted: a comment is where `check` reads `# oidc-gate: ignore[…]`.
 */
export function droppedNote(dropped: Starter['dropped']): DroppedNote {
  const lines: string[] = [];
  const unnamed: string[] = [];
  const unnamedCodes = new Set<string>();
  const add = (line: string): void => {
    if (!lines.includes(line)) lines.push(line);
  };
  for (const { alg, why } of dropped) {
    // The code is the engine's (WEAK_ALGORITHM, UNKNOWN_ALGORITHM); the shape check keeps it so.
    const code = /^[A-Z][A-Z0-9_]*$/.test(why) ? why : 'refused';
    const known = ALGORITHM_NAMES.find((name) => name === alg);
    const folded = ALGORITHM_NAMES.find((name) => name.toLowerCase() === alg.toLowerCase());
    if (known !== undefined) add(`#   ${known}: ${code}`);
    else if (folded !== undefined) add(`#   ${folded} in another letter case: ${code}`);
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

export function buildStarterConfig(starter: Starter): string {
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
