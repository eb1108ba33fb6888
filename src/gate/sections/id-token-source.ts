/**
 * Where the job's own ID token comes from. Only a GitHub Actions job can request one (from the
 * runner's token service, when the workflow grants `permissions: id-token: write`); the action
 * passes a source built here around `core.getIDToken`, and the CLI passes none. The gate sees only
 * the source, so it stays the same for both faces.
 */

export type IdTokenOutcome =
  | { ok: true; token: string }
  /**
   * `permission`: the job may not request a token (the runner sets no request URL without
   * `id-token: write`); `failed`: the runner's token service did not answer with one.
   */
  | { ok: false; reason: 'permission' | 'failed' };

/** Requests the job's ID token for one audience. */
export type IdTokenSource = (audience: string) => Promise<IdTokenOutcome>;

/**
 * The runner's source: `getIDToken` is @actions/core's, which reads ACTIONS_ID_TOKEN_REQUEST_URL and
 * ACTIONS_ID_TOKEN_REQUEST_TOKEN. Their absence is checked first, so a missing permission is named
 * as such rather than as a failed request. Each audience is requested once per run. The error of a
 * failed request is not kept: the service's answer it may quote is nobody's business in a report.
 */
export function runnerIdTokenSource(
  env: NodeJS.ProcessEnv, getIDToken: (audience: string) => Promise<string>, onSecret?: (value: string) => void,
): IdTokenSource {
  const requested = new Map<string, Promise<IdTokenOutcome>>();
  return (audience) => {
    let outcome = requested.get(audience);
    if (outcome === undefined) {
      outcome = request(env, getIDToken, audience, onSecret);
      requested.set(audience, outcome);
    }
    return outcome;
  };
}

async function request(
  env: NodeJS.ProcessEnv, getIDToken: (audience: string) => Promise<string>, audience: string, onSecret: ((value: string) => void) | undefined,
): Promise<IdTokenOutcome> {
  const url = env.ACTIONS_ID_TOKEN_REQUEST_URL;
  const bearer = env.ACTIONS_ID_TOKEN_REQUEST_TOKEN;
  if (url === undefined || url === '' || bearer === undefined || bearer === '') return { ok: false, reason: 'permission' };
  onSecret?.(bearer);
  try {
    const token = await getIDToken(audience);
    if (typeof token !== 'string' || token === '') return { ok: false, reason: 'failed' };
    onSecret?.(token);
    return { ok: true, token };
  } catch {
    return { ok: false, reason: 'failed' };
  }
}
