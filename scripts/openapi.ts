/**
 * `npm run openapi` writes openapi.json from the engine's schemas; `--check` exits 1 when the
 * committed file differs, so CI catches a schema change that was not regenerated.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderOpenApiDocument } from '../src/server/app/openapi.ts';

const target = fileURLToPath(new URL('../openapi.json', import.meta.url));
const fresh = renderOpenApiDocument();

if (process.argv.includes('--check')) {
  let committed = '';
  try {
    committed = readFileSync(target, 'utf8');
  } catch {
    // A missing file is stale too.
  }
  if (committed !== fresh) {
    console.error('openapi.json is stale: run `npm run openapi` and commit the result.');
    process.exit(1);
  }
  console.log('openapi.json is up to date.');
} else {
  writeFileSync(target, fresh);
  console.log(`wrote ${target}`);
}
