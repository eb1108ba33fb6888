/** `oidc-gate init` on the command line: its help and options, and the command its options make. */
import { DEFAULT_INIT_OUTPUT } from '../../gate/index.ts';
import type { CommandSpec } from '../command-spec.ts';
import { UsageError } from '../errors.ts';
import type { DiscoverySource } from './init-discovery.ts';

export interface InitArgs {
  name: 'init';
  source: DiscoverySource;
  output?: string;
  force: boolean;
}

export const INIT: CommandSpec = {
  name: 'init',
  args: '(--issuer URL | --discovery FILE) [options]',
  summary: 'write a starter config from a provider\'s discovery document',
  about: [
    'Writes a starter config file: one provider and one issuer profile built from the provider\'s',
    'discovery document (issuer, jwks_uri, signing algorithms), and one sample token entry, commented',
    'out, to fill in with a token file. --issuer fetches the document as the service does (https only;',
    'private and loopback addresses only when OUTBOUND_ALLOW names them); --discovery reads it from a',
    'file, or - for stdin, and fetches nothing. Nothing is written when the document fails the',
    'discovery checks, or over an existing file without --force. Algorithms the lint refuses (HS256,',
    'lower-case names, ...) are left out and named in a comment when they are names oidc-gate knows;',
    'any other name is printed here and never written: no text of the document goes into a comment,',
    'and its values are written as quoted data.',
  ],
  options: [
    { name: 'issuer', value: 'URL', help: ['fetch the discovery document of this issuer'] },
    { name: 'discovery', value: 'FILE', help: ['read the discovery document from FILE (- for stdin); nothing is fetched'] },
    { name: 'output', value: 'FILE', help: [`where to write the config (default ${DEFAULT_INIT_OUTPUT} in the repository)`] },
    { name: 'force', help: ['replace the output file when it exists'] },
  ],
  positionals: 0,
  noArguments: 'takes no arguments: name the provider with --issuer URL or --discovery FILE.',
  examples: [
    'oidc-gate init --issuer https://accounts.google.com',
    'curl -s https://gitlab.com/.well-known/openid-configuration | oidc-gate init --discovery - --output .github/oidc-gate/gitlab.yml',
  ],
  exit: 'Exit status: 0 written, 1 the discovery document fails its checks (nothing written), 2 usage error.',
};

export function initArgs(values: Record<string, string>): InitArgs {
  const { issuer, discovery } = values;
  if ((issuer === undefined) === (discovery === undefined)) {
    throw new UsageError(issuer === undefined
      ? 'needs the provider: --issuer URL (fetch its discovery document) or --discovery FILE (read it offline).'
      : 'takes --issuer or --discovery, not both.', { command: 'init' });
  }
  return {
    name: 'init',
    source: issuer !== undefined ? { issuer } : { file: discovery as string },
    ...(values.output !== undefined ? { output: values.output } : {}),
    force: values.force !== undefined,
  };
}
