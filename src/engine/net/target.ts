/**
 * Whether a target may be dialled: the checks on the URL that need no DNS (scheme, user info, IP
 * literals), and the DNS lookup the socket uses, which refuses a name that resolves to an address not
 * allowed. The lookup runs inside the connection, so the address checked is the one dialled.
 */
import type { LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { TargetRefusedError } from '../errors.ts';
import { formatIp, nonPublicReason, parseIp } from './address.ts';
import type { OutboundAllowList } from './allow.ts';

/** Name resolution: the addresses of `hostname` in `family` (0: either). */
export type Resolve = (hostname: string, family: number) => Promise<LookupAddress[]>;

/** The URL without user info, for messages and results. */
export function redact(url: URL): string {
  if (url.username === '' && url.password === '') return url.href;
  const copy = new URL(url.href);
  copy.username = '';
  copy.password = '';
  return copy.href;
}

export function bareHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '').toLowerCase();
}

/** Scheme, user info and IP-literal checks that need no DNS. Undefined when the hop may proceed. */
export function checkUrl(url: URL, previousProtocol: string | undefined, allowHttp: boolean, allow: OutboundAllowList): string | undefined {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `scheme ${url.protocol} is not allowed; only https is fetched`;
  if (url.protocol === 'http:') {
    if (previousProtocol === 'https:') return 'redirect from https to http refused';
    if (!allowHttp) return 'http:// refused; only https is fetched';
  }
  if (url.username !== '' || url.password !== '') return 'URLs with user info are refused';
  const host = bareHost(url);
  if (allow.allowsHost(host)) return undefined;
  // Node does not call `lookup` for IP literals, so they are checked here instead.
  if (isIP(host) !== 0) {
    const ip = parseIp(host);
    if (ip === undefined) return `address ${host} could not be parsed`;
    const reason = nonPublicReason(ip);
    if (reason !== undefined && !allow.allowsAddress(ip)) return `address ${formatIp(ip)} is ${reason}; not dialled (add it to OUTBOUND_ALLOW to permit)`;
  }
  return undefined;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * The socket's `lookup`: resolves with `resolveHost` and, unless the URL host is exempt, fails with a
 * TargetRefusedError when any answer is an address not allowed, so the socket is never opened.
 */
export function guardedLookup(allow: OutboundAllowList, hostExempt: boolean, resolveHost: Resolve) {
  return (hostname: string, opts: { family?: number | string; all?: boolean }, callback: LookupCallback): void => {
    const family = opts.family === 'IPv4' ? 4 : opts.family === 'IPv6' ? 6 : typeof opts.family === 'number' ? opts.family : 0;
    resolveHost(hostname, family).then((addresses) => {
      if (addresses.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
      if (!hostExempt) {
        // Every answer is checked, not just the first: a mixed answer is how rebinding is usually staged.
        for (const a of addresses) {
          const ip = parseIp(a.address);
          const reason = ip === undefined ? 'unparseable' : nonPublicReason(ip);
          if (reason !== undefined && (ip === undefined || !allow.allowsAddress(ip))) {
            return callback(new TargetRefusedError(`${hostname} resolves to ${a.address}, which is ${reason}; not dialled (add it to OUTBOUND_ALLOW to permit)`), []);
          }
        }
      }
      if (opts.all === true) return callback(null, addresses);
      const first = addresses[0] as LookupAddress;
      return callback(null, first.address, first.family);
    }, (err: unknown) => callback(err as NodeJS.ErrnoException, []));
  };
}
