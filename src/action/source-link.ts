/**
 * Links from the job summary to a config file at the commit the run checked:
 * `${GITHUB_SERVER_URL}/${GITHUB_REPOSITORY}/blob/${GITHUB_SHA}/${path}#L${line}`. Built only from
 * values of the expected shape, each path segment percent-encoded, so a file name cannot end the link
 * or add to it; without those three variables (a local run) there are no links.
 */
import { markdownLink, type Markdown } from './markdown.ts';

export interface SourceLinks {
  /** `${server}/${repository}/blob/${sha}`, every part checked. */
  readonly base: string;
}

/** The runner's variables, when all three are set and look like what the runner sets. */
export function sourceLinks(env: NodeJS.ProcessEnv): SourceLinks | undefined {
  const server = env.GITHUB_SERVER_URL?.replace(/\/+$/, '');
  const repository = env.GITHUB_REPOSITORY;
  const sha = env.GITHUB_SHA;
  if (server === undefined || repository === undefined || sha === undefined) return undefined;
  if (!/^https?:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?$/.test(server)) return undefined;
  if (!/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/.test(repository)) return undefined;
  if (!/^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i.test(sha)) return undefined;
  return { base: `${server}/${repository}/blob/${sha}` };
}

/** encodeURIComponent leaves ! ' ( ) * as they are; a ( or ) would end or unbalance a Markdown link. */
function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * `file:line` (or `file`), linked to that line at the run's commit when there are links and the path
 * is one inside the repository; otherwise the same text, escaped.
 */
export function sourceCell(links: SourceLinks | undefined, file: string, line?: number): Markdown | string {
  const text = line !== undefined ? `${file}:${line}` : file;
  const segments = file.split('/');
  const inside = file !== '' && !file.startsWith('/') && segments.every((s) => s !== '' && s !== '.' && s !== '..');
  if (links === undefined || !inside) return text;
  const anchor = line !== undefined && Number.isSafeInteger(line) && line > 0 ? `#L${line}` : '';
  return markdownLink(text, `${links.base}/${segments.map(encodeSegment).join('/')}${anchor}`);
}
