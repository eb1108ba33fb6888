/**
 * Certificates with chosen expiry dates, made with the machine's openssl (`openssl ca` takes explicit
 * -startdate/-enddate, so a certificate can expire in 3 days, in 60, or have expired already). Keys and
 * files live in a temp dir that is removed before the function returns.
 */
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const DAY_MS = 86_400_000;

/** openssl's date form for -startdate/-enddate: YYYYMMDDHHMMSSZ. */
function opensslDate(ms: number): string {
  return new Date(ms).toISOString().replace(/[-:T]/g, '').replace(/\.\d+Z$/, 'Z');
}

/** A minimal `openssl ca` setup in dir: a database, a serial and a policy that asks for a CN only. */
function caConfig(dir: string): string {
  writeFileSync(join(dir, 'index.txt'), '');
  writeFileSync(join(dir, 'serial'), `${Math.floor(Math.random() * 1e9).toString(16).padStart(8, '0')}\n`);
  writeFileSync(join(dir, 'ca.cnf'), [
    '[ca]', 'default_ca = d', '[d]', `database = ${join(dir, 'index.txt')}`, `new_certs_dir = ${dir}`, `serial = ${join(dir, 'serial')}`,
    'default_md = sha256', 'policy = p', 'unique_subject = no', '[p]', 'commonName = supplied', '',
  ].join('\n'));
  return join(dir, 'ca.cnf');
}

function inTempDir<T>(work: (dir: string, run: (args: string[]) => void) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'oidc-gate-audit-certs-'));
  try {
    return work(dir, (args) => {
      execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface Validity {
  /** notAfter, ms since the epoch. */
  notAfter: number;
  /** notBefore, ms since the epoch; a day before notAfter's start when absent (or a day before now, whichever is earlier). */
  notBefore?: number;
}

/** Valid from yesterday until `days` days from now (negative: expired that many days ago). */
export function expiringIn(days: number, now = Date.now()): Validity {
  const notAfter = now + days * DAY_MS;
  return { notAfter, notBefore: Math.min(now, notAfter) - 30 * DAY_MS };
}

/** A self-signed certificate for `key` (its private half), as base64 DER: one x5c entry. */
export function x5cCertificate(key: KeyObject, validity: Validity, subject = '/CN=idp.example.com'): string {
  return inTempDir((dir, run) => {
    writeFileSync(join(dir, 'key.pem'), key.export({ type: 'pkcs8', format: 'pem' }));
    run(['req', '-new', '-key', 'key.pem', '-subj', subject, '-out', 'req.csr']);
    run(['ca', '-batch', '-config', caConfig(dir), '-selfsign', '-keyfile', 'key.pem', '-in', 'req.csr', '-out', 'cert.pem', '-notext',
      '-startdate', opensslDate(validity.notBefore ?? validity.notAfter - 30 * DAY_MS), '-enddate', opensslDate(validity.notAfter)]);
    return certificateDer(readFileSync(join(dir, 'cert.pem'), 'utf8')).toString('base64');
  });
}

/** A CA and TLS server certificates it signs for 127.0.0.1, each with its own expiry. */
export interface TlsPki {
  caPem: string;
  /** A server certificate and key for 127.0.0.1 and localhost, valid as asked. */
  serverCertificate(validity: Validity): { cert: string; key: string; notAfter: string };
}

export function makeTlsPki(): TlsPki {
  const ca = inTempDir((dir, run) => {
    run(['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem',
      '-days', '365', '-subj', '/CN=oidc-gate audit test CA', '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign']);
    return { pem: readFileSync(join(dir, 'ca.pem'), 'utf8'), key: readFileSync(join(dir, 'ca.key'), 'utf8') };
  });
  return {
    caPem: ca.pem,
    serverCertificate: (validity) => inTempDir((dir, run) => {
      writeFileSync(join(dir, 'ca.pem'), ca.pem);
      writeFileSync(join(dir, 'ca.key'), ca.key);
      writeFileSync(join(dir, 'ext.cnf'), 'subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n');
      run(['req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', 'srv.key', '-out', 'srv.csr', '-subj', '/CN=127.0.0.1']);
      run(['ca', '-batch', '-config', caConfig(dir), '-cert', 'ca.pem', '-keyfile', 'ca.key', '-in', 'srv.csr', '-out', 'srv.pem', '-notext',
        '-extfile', 'ext.cnf', '-startdate', opensslDate(validity.notBefore ?? validity.notAfter - 30 * DAY_MS), '-enddate', opensslDate(validity.notAfter)]);
      return { cert: readFileSync(join(dir, 'srv.pem'), 'utf8'), key: readFileSync(join(dir, 'srv.key'), 'utf8'), notAfter: whole(validity.notAfter) };
    }),
  };
}

/** notAfter as the certificate holds it: whole seconds, ISO 8601. */
export function whole(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString();
}

function certificateDer(pem: string): Buffer {
  const body = /-----BEGIN CERTIFICATE-----([\s\S]+?)-----END CERTIFICATE-----/.exec(pem)?.[1] ?? '';
  return Buffer.from(body.replace(/\s+/g, ''), 'base64');
}

/** A fresh signing key pair and its public JWK. */
export function ecKey(): { privateKey: KeyObject; jwk: Record<string, unknown> } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { privateKey, jwk: publicKey.export({ format: 'jwk' }) as Record<string, unknown> };
}

export function rsaKey(): { privateKey: KeyObject; jwk: Record<string, unknown> } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { privateKey, jwk: publicKey.export({ format: 'jwk' }) as Record<string, unknown> };
}
