import { jsonString, millisecondsText } from './json-text.ts';

/**
 * What the access line says about one request: identifiers and outcome only, never a body, a header
 * value or a query string.
 */
export interface AccessLine {
  requestId: string;
  /** `METHOD /path` as the route table spells it, or a placeholder: never a path as sent. */
  endpoint: string;
  /** 0: the client left before its body arrived. */
  status: number;
  outcome: string;
  /** Whole microseconds from the request headers to the answer; absent for bytes that never became a request. */
  durationMicros?: number;
}

/**
 * The access line's members (Logger.infoMembers), every string through jsonString: whatever a request id
 * holds, the line stays one JSON object. Exactly JSON.stringify's members for the same fields.
 */
export function accessMembers(line: AccessLine): string {
  const members = `"request_id":${jsonString(line.requestId)},"endpoint":${jsonString(line.endpoint)},"status":${line.status},"outcome":${jsonString(line.outcome)}`;
  return line.durationMicros === undefined ? members : `${members},"duration_ms":${millisecondsText(line.durationMicros)}`;
}
