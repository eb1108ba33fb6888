import { isIP } from 'node:net';
import { OutboundAllowError } from '../errors.ts';
import { inCidr, parseCidr, type Cidr, type Ip } from './address.ts';

const HOST_NAME = /^(?=.{1,253}$)([a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*\.?$/;

/**
 * Parse OUTBOUND_ALLOW: comma-separated (whitespace also accepted) host names, IPs or CIDRs.
 * Returns the normalised entries; throws OutboundAllowError naming the bad entry.
 */
export function parseOutboundAllow(value: string | undefined): string[] {
  if (value === undefined) return [];
  const out: string[] = [];
  for (const raw of value.split(/[\s,]+/)) {
    if (raw === '') continue;
    const entry = normaliseEntry(raw);
    if (entry === undefined) {
      throw new OutboundAllowError(`OUTBOUND_ALLOW entry "${raw}" is not a host name, an IP address or a CIDR`);
    }
    out.push(entry);
  }
  return out;
}

function normaliseEntry(raw: string): string | undefined {
  let text = raw.trim().toLowerCase();
  if (text.startsWith('[') && text.includes(']')) text = text.replace(/^\[([^\]]+)\]/, '$1');
  if (text.includes('/') || isIP(text) !== 0) return parseCidr(text) === undefined ? undefined : text;
  return HOST_NAME.test(text) ? text.replace(/\.$/, '') : undefined;
}

/** Compiled allow list: host names match the URL host exactly; IPs and CIDRs match dialled addresses. */
export class OutboundAllowList {
  readonly #hosts = new Set<string>();
  readonly #cidrs: Cidr[] = [];

  constructor(entries: readonly string[]) {
    for (const raw of entries) {
      const entry = normaliseEntry(raw);
      if (entry === undefined) throw new OutboundAllowError(`allow entry "${raw}" is not a host name, an IP address or a CIDR`);
      const cidr = entry.includes('/') || isIP(entry) !== 0 ? parseCidr(entry) : undefined;
      if (cidr !== undefined) this.#cidrs.push(cidr);
      else this.#hosts.add(entry);
    }
  }

  /** The URL host name (lower case, no brackets, no trailing dot) is exempt from the address check. */
  allowsHost(hostname: string): boolean {
    return this.#hosts.has(hostname);
  }

  allowsAddress(ip: Ip): boolean {
    return this.#cidrs.some((c) => inCidr(ip, c));
  }
}
