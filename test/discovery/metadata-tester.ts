/**
 * The discovery family of the check tester (test/helpers/check-tester.ts): runs one metadata check
 * alone on a discovery document, as discovery runs it once the document is fetched and is a JSON
 * object. A case changes the examples' sound document (code flow, PKCE S256, RS256 ID tokens), on
 * which every metadata check is silent.
 */
import type { DiscoveryMetadataCheck } from '../../src/engine/discovery/checks/context.ts';
import { discoveryDocument } from '../../src/engine/discovery/findings.ts';
import { testCheck, type CheckCases, type CheckFamily } from '../helpers/check-tester.ts';

/** Where every case's document was found. */
export const DISCOVERY_URI = 'https://idp.example.com/.well-known/openid-configuration';

export interface DocumentCase {
  name: string;
  /** Members changed in the sound document; a member set to undefined is dropped. */
  document?: Record<string, unknown>;
}

export type DocumentCases = CheckCases<DocumentCase>;

/** Runs each check alone; its findings are compared in full, evidence members included. */
const metadataChecks: CheckFamily<DocumentCase> = {
  run: (check, c) => (check as DiscoveryMetadataCheck).check({ document: discoveryDocument(structuredClone(c.document ?? {})), discoveryUri: DISCOVERY_URI }),
  runs: 'alone',
  evidence: 'exact',
};

export function runMetadataCheck(check: DiscoveryMetadataCheck, cases: DocumentCases): void {
  testCheck(check, cases, metadataChecks);
}
