/**
 * The oldest Node.js the CLI runs on. 20.12 is the first Node 20 with crypto.hash, which the key
 * cache and token fingerprints use; everything else the CLI needs is older. Many images still ship
 * Node 20, so an older one gets one line saying what to install, never a stack trace from deep inside.
 */
const MINIMUM_NODE = { major: 20, minor: 12 } as const;

/** The line to print when `version` (process.versions.node, such as "18.19.1") is too old; undefined when it will do. */
export function nodeVersionProblem(version: string): string | undefined {
  const [major = 0, minor = 0] = version.split('.').map((part) => Number.parseInt(part, 10));
  if (major > MINIMUM_NODE.major || (major === MINIMUM_NODE.major && minor >= MINIMUM_NODE.minor)) return undefined;
  return `oidc-gate needs Node.js ${MINIMUM_NODE.major}.${MINIMUM_NODE.minor} or later; this is Node.js ${version}. Install a current Node.js (24 is what oidc-gate is built on).`;
}
