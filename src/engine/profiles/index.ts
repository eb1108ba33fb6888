export { compileIssuerProfiles, IssuerProfileError, loadIssuerProfiles, parseProfileDocument } from './load.ts';
export type { IssuerProfile, IssuerProfileRegistry, LoadIssuerProfilesOptions, ProfileProblem } from './load.ts';
export { DiscoveredJwks, discoveryUrl } from './discovery.ts';
export { issuerProfileSchema, issuerProfilesSchema, PROFILE_KEY_SOURCES } from './schema.ts';
