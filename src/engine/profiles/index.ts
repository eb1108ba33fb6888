export { compileIssuerProfiles, loadIssuerProfiles, type LoadIssuerProfilesOptions } from './load.ts';
export type { ProfileCompileOptions } from './compile.ts';
export { parseProfileDocument } from './document.ts';
export { IssuerProfileError, type ProfileProblem } from '../errors.ts';
export { discoveryUrl } from './discovery.ts';
export { issuerProfileSchema } from './schema.ts';
