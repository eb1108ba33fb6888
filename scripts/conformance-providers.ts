/**
 * Provider conformance: what discovery and lint say about real provider documents.
 *
 *   node scripts/conformance-providers.ts <dir>     (or npm run conformance -- <dir>)
 *
 * <dir> holds `{ source, metadata, jwks }` files (the shared conformance providers folder). They are
 * read at run time and served from a local HTTPS server with a throwaway CA; nothing is copied into
 * the project. The documents are served exactly as published: the engine asks for the provider's real
 * URLs (https://accounts.google.com/.well-known/openid-configuration), and a routing fetcher sends each
 * request through the guarded fetcher to the local server, under /<provider>/<host>/<path>. So issuers,
 * templates, trailing slashes and http:// members are judged as the provider wrote them.
 *
 * A provider whose document is published somewhere other than under its issuer is discovered where it
 * is published: Entra ID's tenant-independent documents, at /common/v2.0 and /organizations/v2.0, whose
 * issuer is the https://login.microsoftonline.com/{tenantid}/v2.0 template.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { createEngineContext } from '../src/engine/context.ts';
import { discoverProvider, withDiscoveredJwksUri } from '../src/engine/discovery/discover.ts';
import { discoveryUris } from '../src/engine/discovery/fetch.ts';
import { lintOidcConfig } from '../src/engine/lint/lint.ts';
import { createGuardedFetcher } from '../src/engine/net/fetcher.ts';
import { templateDiscoveryBase } from '../src/engine/issuer-template.ts';
import type { Fetcher } from '../src/engine/net/types.ts';
import type { Finding, LintRequest } from '../src/engine/types.ts';

export interface ProviderRow {
  provider: string;
  /** The discovery document's URL: the provider's real one, served from the local server. */
  discoveryUri: string | null;
  /** Discovery and lint both without errors. */
  valid: boolean;
  errors: number;
  warnings: number;
  /** Codes in finding order, with counts: "JWKS_KEY_TOO_SMALL ×2". */
  discoveryCodes: string[];
  lintCodes: string[];
  /** Discovery codes when the issuer is written with its trailing slash toggled (exactness check). */
  toggledSlashCodes: string[];
  /** Short, key-free notes from the evidence (sizes, algorithms, members), for the report. */
  notes: string[];
}

interface ProviderFile {
  metadata: Record<string, unknown>;
  jwks: unknown;
}

/**
 * A throwaway CA and a 127.0.0.1 certificate, made with openssl in a temp dir that is removed. They are
 * valid for 90 days so that the local server's certificate never draws ENDPOINT_CERT_EXPIRING: the
 * table shows what the providers' documents draw, and TLS is not theirs here.
 */
function makePki(): { ca: string; cert: string; key: string } {
  const dir = mkdtempSync(join(tmpdir(), 'oidc-gate-conformance-'));
  try {
    const run = (args: string[]): void => {
      execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
    };
    run(['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem',
      '-days', '90', '-subj', '/CN=oidc-gate conformance CA', '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign']);
    run(['req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', 'srv.key', '-out', 'srv.csr', '-subj', '/CN=127.0.0.1']);
    writeFileSync(join(dir, 'ext.cnf'), 'subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth\n');
    run(['x509', '-req', '-in', 'srv.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'srv.pem', '-days', '90', '-extfile', 'ext.cnf']);
    return { ca: readFileSync(join(dir, 'ca.pem'), 'utf8'), cert: readFileSync(join(dir, 'srv.pem'), 'utf8'), key: readFileSync(join(dir, 'srv.key'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Where each provider publishes its discovery document, when that is not under its issuer: Entra ID's
 * tenant-independent documents (Microsoft's "Access tokens in the Microsoft identity platform" page names
 * both locations and the {tenantid} issuer they publish).
 */
export const PUBLISHED_AT: Readonly<Record<string, string>> = {
  'entra-common': 'https://login.microsoftonline.com/common/v2.0',
  'entra-organizations': 'https://login.microsoftonline.com/organizations/v2.0',
};

/** The local path a provider's real URL is served at: /<provider>/<host><path>. */
export function localPath(provider: string, url: string): string {
  const u = new URL(url);
  return `/${provider}/${u.host}${decodeURIComponent(u.pathname)}`;
}

/**
 * A fetcher that answers for real provider URLs from the local server: each request goes through
 * `inner` (the guarded fetcher, TLS and limits included) to <origin>/<provider>/<host>/<path>, and the
 * answer names the URL that was asked for.
 */
export function routedFetcher(inner: Fetcher, origin: string, provider: string): Fetcher {
  return {
    online: true,
    async getJson(url, options) {
      let local: string;
      try {
        // Refused as the guarded fetcher would refuse the real URL: only http(s), plain http only when allowed.
        const scheme = new URL(url).protocol;
        if (scheme !== 'https:' && !(scheme === 'http:' && options?.allowHttp === true)) {
          return { ok: false, url, reason: 'blocked', detail: `${scheme} is not fetched` };
        }
        local = `${origin}${encodeURI(localPath(provider, url))}`;
      } catch {
        return { ok: false, url, reason: 'blocked', detail: 'not an absolute URL' };
      }
      const result = await inner.getJson(local, { ...options, allowHttp: false });
      return { ...result, url };
    },
  };
}

function countCodes(findings: readonly Finding[]): string[] {
  const counts = new Map<string, number>();
  for (const f of findings) counts.set(f.code, (counts.get(f.code) ?? 0) + 1);
  return [...counts].map(([code, n]) => (n > 1 ? `${code} ×${n}` : code));
}

function note(f: Finding): string | undefined {
  const e = f.evidence ?? {};
  switch (f.code) {
    case 'JWKS_KEY_TOO_SMALL': return `key ${String(e.kid ?? e.key_index)}: ${String(e.kty)} ${String(e.bits)} bits`;
    case 'WEAK_ALGORITHM':
    case 'UNKNOWN_ALGORITHM': return `allows ${String(e.alg)}`;
    case 'METADATA_MISSING':
    case 'DISCOVERY_INVALID': return `${f.code === 'METADATA_MISSING' ? 'missing' : 'bad'} ${String(e.member)}`;
    case 'JWKS_PRIVATE_KEY_EXPOSED': return `key ${String(e.kid ?? e.key_index)} has ${String(e.members)}`;
    case 'JWKS_INVALID': return `key ${String(e.kid ?? e.key_index)}: ${String(e.problems)}`;
    case 'JWKS_DUPLICATE_KID': return `kid ${String(e.kid)} on keys ${String(e.key_indexes)}`;
    case 'ISSUER_INVALID': return String(e.problems);
    case 'JWKS_NONSTANDARD_ENCODING': return `key ${String(e.kid ?? e.key_index)}: ${String(e.members)} in standard base64`;
    case 'JWKS_X5C_EXPIRED':
    case 'JWKS_X5C_EXPIRING': return `key ${String(e.kid ?? e.key_index)}: certificate until ${String(e.not_after)}`;
    case 'JWKS_X5C_MISMATCH': return `key ${String(e.kid ?? e.key_index)}: certificate holds ${String(e.certificate_key)}`;
    case 'DISCOVERY_ALG_NONE': return `ID tokens signed with ${String(e.alg)}`;
    case 'DISCOVERY_PKCE_MISSING': return e.methods === null ? 'no PKCE methods published' : `PKCE methods ${String(e.methods)}`;
    case 'DISCOVERY_PKCE_METHOD_INVALID': return `unregistered PKCE methods ${String(e.methods)}`;
    case 'DISCOVERY_IMPLICIT_FLOW': return `response types ${(e.response_types as string[]).map((t) => `"${t}"`).join(', ')}`;
    default: return undefined;
  }
}

/**
 * The instant the documents are judged at: the end of the month the snapshots were taken, so an x5c
 * certificate is judged as it stood when the provider served it, not on the day the script runs.
 */
export const SNAPSHOT_AT = '2024-10-31T00:00:00Z';

export async function runProviderConformance(dir: string, options: { print?: boolean; at?: string } = {}): Promise<ProviderRow[]> {
  const files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
  const pki = makePki();
  const routes = new Map<string, unknown>();
  const server = https.createServer({ cert: pki.cert, key: pki.key }, (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'https://x').pathname);
    const body = routes.get(path);
    res.writeHead(body === undefined ? 404 : 200, { 'content-type': body === undefined ? 'text/plain' : 'application/json' });
    res.end(body === undefined ? 'not found' : JSON.stringify(body));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', () => ok()));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const at = Date.parse(options.at ?? SNAPSHOT_AT);
  const guarded = createGuardedFetcher({ allow: ['127.0.0.1'], ca: pki.ca });

  const rows: ProviderRow[] = [];
  try {
    for (const file of files) {
      const provider = basename(file, '.json');
      const doc = JSON.parse(readFileSync(join(dir, file), 'utf8')) as ProviderFile;
      const metadata = doc.metadata;
      const published = String(metadata.issuer);
      // The issuer a user configures: where the document is published (Entra's /common/v2.0), else its issuer.
      const issuer = PUBLISHED_AT[provider] ?? templateDiscoveryBase(published) ?? published;
      const jwksUri = String(metadata.jwks_uri);
      const ctx = createEngineContext({ fetcher: routedFetcher(guarded, origin, provider), now: () => at });
      const uris = discoveryUris(issuer);
      if (uris !== undefined) routes.set(localPath(provider, uris.openid), metadata);
      try {
        routes.set(localPath(provider, jwksUri), doc.jwks);
      } catch {
        // A jwks_uri that is no URL: lint reports it.
      }

      const discovery = await discoverProvider({ issuer }, ctx);
      const toggled = await discoverProvider({ issuer: issuer.endsWith('/') ? issuer.slice(0, -1) : `${issuer}/` }, ctx);
      const algs = metadata.id_token_signing_alg_values_supported;
      const request: LintRequest = withDiscoveredJwksUri({
        issuer,
        client_id: 'conformance',
        audiences: ['conformance'],
        jwks_uri: jwksUri,
        redirect_uris: [],
        alg_policy: { allowed_algs: Array.isArray(algs) && algs.length > 0 ? (algs as string[]) : ['RS256'] },
      }, discovery);
      const lint = await lintOidcConfig(request, ctx);
      const all = [...discovery.findings, ...lint.findings];
      const errors = all.filter((f) => f.severity === 'error').length;
      rows.push({
        provider,
        discoveryUri: discovery.discovery_uri,
        valid: discovery.valid && lint.valid,
        errors,
        warnings: all.length - errors,
        discoveryCodes: countCodes(discovery.findings),
        lintCodes: countCodes(lint.findings),
        toggledSlashCodes: countCodes(toggled.findings),
        notes: [...new Set(all.map(note).filter((n): n is string => n !== undefined))],
      });
    }
  } finally {
    server.closeAllConnections();
    await new Promise<void>((ok) => server.close(() => ok()));
  }
  if (options.print ?? true) console.log(formatProviderTable(rows));
  return rows;
}

function cell(s: string): string {
  return s.replace(/\|/g, '\\|');
}

export function formatProviderTable(rows: readonly ProviderRow[]): string {
  const lines = [
    '| provider | valid | errors | warnings | discovery findings | lint findings | issuer with trailing slash toggled | notes |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.provider} | ${r.valid ? 'yes' : 'no'} | ${r.errors} | ${r.warnings} | ${cell(r.discoveryCodes.join(', ') || '-')} | ${cell(r.lintCodes.join(', ') || '-')} | ${cell(r.toggledSlashCodes.join(', ') || '-')} | ${cell(r.notes.join('; ') || '-')} |`),
  ];
  return lines.join('\n');
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === import.meta.filename) {
  const dir = process.argv[2];
  if (dir === undefined) {
    console.error('usage: node scripts/conformance-providers.ts <providers dir>');
    process.exit(2);
  }
  await runProviderConformance(resolve(dir));
}
