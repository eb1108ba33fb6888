/**
 * Makes the sample issuer key and token the README's HTTP service section sends to the service
 * (`node examples/service/generate.ts`; the output is committed). The service takes no instant to
 * judge a token at, so the token is valid for ten years from 2026-01-01: the README's requests keep
 * answering "valid" until 2036. The private key lives only in memory here: the files hold a public
 * key and one signed token, nothing that could sign another.
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

const here = path.dirname(new URL(import.meta.url).pathname);

const b64url = (data: string | Buffer): string => Buffer.from(data).toString('base64url');
const seconds = (iso: string): number => Date.parse(iso) / 1000;

const issuer = generateKeyPairSync('rsa', { modulusLength: 2048 });
const header = { alg: 'RS256', kid: 'issuer-example-2026', typ: 'JWT' };
const payload = {
  iss: 'https://issuer.example.com',
  sub: 'orders-worker',
  aud: 'api://orders',
  scope: 'orders:read orders:write',
  iat: seconds('2026-01-01T00:00:00Z'),
  exp: seconds('2036-01-01T00:00:00Z'),
};
const input = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(payload))}`;
const token = `${input}.${b64url(sign('sha256', Buffer.from(input), issuer.privateKey))}`;

writeFileSync(path.join(here, 'issuer.pub.pem'), issuer.publicKey.export({ type: 'spki', format: 'pem' }).toString());
writeFileSync(path.join(here, 'token.jwt'), `${token}\n`);
console.log(`wrote issuer.pub.pem and token.jwt under ${here}`);
