import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import type { AuditTarget } from '../config/settings.ts';
import { StartupError } from '../config/settings.ts';
import type { RequestState } from '../http/request.ts';
import type { Sink } from '../log/log.ts';

/** One audit line. Only digests and codes: never a token, a secret, a key or a request body. */
export interface AuditRecord {
  time: string;
  request_id: string;
  endpoint: string;
  /** Truncated SHA-256 of the API key that authenticated the call; null when none did. */
  api_key_fingerprint: string | null;
  /** valid | invalid | rejected (4xx) | error (5xx) | ok (healthz, openapi) | aborted (client left mid-upload; status 0) */
  outcome: string;
  status: number;
  finding_codes: string[];
  /** sha256:<hex> of the token in a validate request, null otherwise. */
  token_fingerprint: string | null;
  duration_ms: number;
}

export interface AuditLog {
  readonly enabled: boolean;
  write(record: AuditRecord): void;
  close(): Promise<void>;
}

/** The audit line of a request answered with `status` (0: nobody was answered). */
export function auditRecordOf(state: RequestState, status: number, now: number): AuditRecord {
  return {
    time: new Date(now).toISOString(),
    request_id: state.id,
    endpoint: state.endpoint,
    api_key_fingerprint: state.keyFingerprint,
    outcome: state.outcome,
    status,
    finding_codes: state.findingCodes,
    token_fingerprint: state.tokenFingerprint,
    duration_ms: now - state.start,
  };
}

export const disabledAudit: AuditLog = { enabled: false, write: () => undefined, close: async () => undefined };

export async function openAudit(target: AuditTarget, stdout: Sink, onError: (error: Error) => void): Promise<AuditLog> {
  if (target.kind === 'off') return disabledAudit;
  if (target.kind === 'stdout') {
    return { enabled: true, write: (r) => void stdout.write(`${JSON.stringify(r)}\n`), close: async () => undefined };
  }
  // Append, owner-only: the file names which keys called and which tokens were seen (as digests).
  const stream: WriteStream = createWriteStream(target.path, { flags: 'a', mode: 0o600 });
  try {
    await once(stream, 'open');
  } catch (error) {
    throw new StartupError(`AUDIT_LOG file "${target.path}" cannot be opened for appending (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  // A write failure later (disk full) is reported, and must not take the service down with it.
  stream.on('error', onError);
  return {
    enabled: true,
    write: (r) => void stream.write(`${JSON.stringify(r)}\n`),
    close: () => new Promise<void>((resolve) => stream.end(resolve)),
  };
}
