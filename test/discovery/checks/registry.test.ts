import { describe } from 'vitest';
import { DISCOVERY_METADATA_CHECKS } from '../../../src/engine/discovery/checks/registry.ts';
import { testRegistry } from '../../helpers/check-registry.ts';

describe('the discovery metadata check registry', () => {
  testRegistry({
    checks: DISCOVERY_METADATA_CHECKS,
    area: 'discover',
    checksDir: new URL('../../../src/engine/discovery/checks/', import.meta.url),
    notChecks: ['context.ts', 'registry.ts'],
    testsDir: new URL('./', import.meta.url),
    runner: 'runMetadataCheck',
  });
});
