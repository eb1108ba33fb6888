/**
 * npm run conformance -- <dir>
 * <dir> is the shared conformance folder, or its wycheproof/ or providers/ subfolder. Nothing is copied.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { printWycheproof, runWycheproof } from './conformance-wycheproof.ts';

const arg = process.argv[2];
if (arg === undefined) {
  console.error('usage: npm run conformance -- <conformance dir>');
  process.exit(2);
}
const dir = resolve(arg);
const wycheproofDir = existsSync(join(dir, 'json_web_signature_test.json')) ? dir : join(dir, 'wycheproof');
const providersDir = existsSync(join(dir, 'providers')) ? join(dir, 'providers') : dir.endsWith('providers') ? dir : undefined;

let ran = false;
if (existsSync(join(wycheproofDir, 'json_web_signature_test.json'))) {
  printWycheproof(await runWycheproof(wycheproofDir));
  ran = true;
}
if (providersDir !== undefined && existsSync(providersDir)) {
  const { runProviderConformance } = (await import('./conformance-providers.ts')) as { runProviderConformance: (d: string) => Promise<unknown> };
  await runProviderConformance(providersDir);
  ran = true;
}
if (!ran) {
  console.error(`no Wycheproof or provider files under ${dir}`);
  process.exit(2);
}
