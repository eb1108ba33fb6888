import type { RequestProblem } from '../errors.ts';
import type { Finding } from '../types.ts';
import type { Door } from './conditions.ts';

/** What a trust document lets in, for the tokens of one issuer. */
export interface TrustReading {
  /** The issuer whose tokens the doors are for. */
  readonly issuer: string;
  /** Every statement that can decide whether such a token gets in: Allow and Deny. */
  readonly doors: readonly Door[];
  /** Parts not evaluated (TRUST_CONDITION_UNSUPPORTED), each at its JSON Pointer. */
  readonly findings: readonly Finding[];
}

/**
 * One kind of trust document (an AWS IAM role trust policy today). A format turns a document into
 * doors whose conditions carry JSON Pointers into the request; everything after that (cases, breadth,
 * placing findings in files) is the same for every format. Adding a format is a module like
 * aws-format.ts and one entry in formats.ts.
 */
export interface TrustFormat {
  /** The request member (and config key) that holds a document of this format. */
  readonly member: string;
  /** What users call such a document, for messages. */
  readonly label: string;
  /** The request member's description in the request schema and the OpenAPI document: what it holds, how it is judged. */
  readonly description: string;
  /** The docs page of the format (what the system checks, the traps, how to fix), relative to the repository. */
  readonly docs: string;
  /**
   * Limits checked before anything is read: a document over them is refused (422), never judged. A
   * refusal of the document's shape rather than its size (a credential with both a subject and an
   * expression) says `limit: false`, so a config file reports it as invalid rather than too large.
   */
  refuse(document: Readonly<Record<string, unknown>>, at: string): (RequestProblem & { limit?: boolean })[];
  /**
   * The issuers to judge: every one the document lets in (a role can trust several providers), and the
   * one the request names. Each is judged on its own. At least one.
   */
  issuers(document: Readonly<Record<string, unknown>>, requested: string | undefined): string[];
  /** The doors for tokens of `issuer`. */
  read(document: Readonly<Record<string, unknown>>, issuer: string, at: string): TrustReading;
}
