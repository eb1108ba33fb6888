import { isIP } from 'node:net';

/**
 * IP address classification for the guarded fetcher, which dials public unicast addresses only, so a
 * URL in a request or a fetched document cannot reach the host's own services or a cloud metadata
 * endpoint. Addresses are handled as 16-byte arrays (IPv4 as its IPv4-mapped IPv6 form), so one range
 * table and one prefix comparison serve both families and an IPv4-mapped IPv6 address can never slip
 * past an IPv4 rule.
 */

export type Ip = Uint8Array;

/** Parse an IPv4 or IPv6 literal (no brackets, no zone id) into 16 bytes; undefined when it is not one. */
export function parseIp(text: string): Ip | undefined {
  const family = isIP(text);
  if (family === 4) return v4ToMapped(parseV4(text));
  if (family === 6) return parseV6(text);
  return undefined;
}

function parseV4(text: string): number[] {
  return text.split('.').map((p) => Number(p));
}

function v4ToMapped(octets: number[]): Ip {
  const bytes = new Uint8Array(16);
  bytes[10] = 0xff;
  bytes[11] = 0xff;
  bytes.set(octets, 12);
  return bytes;
}

function parseV6(text: string): Ip {
  const [head = '', tail] = text.split('::') as [string, string | undefined];
  const toGroups = (part: string): number[] => {
    if (part === '') return [];
    const out: number[] = [];
    for (const piece of part.split(':')) {
      if (piece.includes('.')) {
        const [a = 0, b = 0, c = 0, d = 0] = parseV4(piece);
        out.push((a << 8) | b, (c << 8) | d);
      } else {
        out.push(parseInt(piece, 16));
      }
    }
    return out;
  };
  const h = toGroups(head);
  const t = tail === undefined ? undefined : toGroups(tail);
  const groups = t === undefined ? h : [...h, ...new Array<number>(8 - h.length - t.length).fill(0), ...t];
  const bytes = new Uint8Array(16);
  groups.forEach((g, i) => {
    bytes[i * 2] = g >> 8;
    bytes[i * 2 + 1] = g & 0xff;
  });
  return bytes;
}

export interface Cidr {
  base: Ip;
  /** Prefix length in bits over the 16-byte form (an IPv4 /n is stored as /(96+n)). */
  bits: number;
}

/** "10.0.0.0/8", "fd00::/8", or a single address (a /32 or /128). Undefined when malformed. */
export function parseCidr(text: string): Cidr | undefined {
  const slash = text.indexOf('/');
  const addr = slash === -1 ? text : text.slice(0, slash);
  const family = isIP(addr);
  if (family === 0) return undefined;
  const base = parseIp(addr);
  if (base === undefined) return undefined;
  const max = family === 4 ? 32 : 128;
  let bits = max;
  if (slash !== -1) {
    const p = text.slice(slash + 1);
    if (!/^\d{1,3}$/.test(p)) return undefined;
    bits = Number(p);
    if (bits > max) return undefined;
  }
  return { base, bits: family === 4 ? bits + 96 : bits };
}

export function inCidr(ip: Ip, cidr: Cidr): boolean {
  const full = cidr.bits >> 3;
  for (let i = 0; i < full; i++) if (ip[i] !== cidr.base[i]) return false;
  const rest = cidr.bits & 7;
  if (rest === 0) return true;
  const mask = (0xff << (8 - rest)) & 0xff;
  return ((ip[full] ?? 0) & mask) === ((cidr.base[full] ?? 0) & mask);
}

function cidrs(list: Array<[string, string]>): Array<{ cidr: Cidr; label: string }> {
  return list.map(([text, label]) => ({ cidr: parseCidr(text) as Cidr, label }));
}

/** Cloud metadata endpoints, named separately so the refusal says what was targeted. */
const METADATA = cidrs([
  ['169.254.169.254/32', 'cloud metadata'],
  ['fd00:ec2::254/128', 'cloud metadata'],
  ['100.100.100.200/32', 'cloud metadata'],
]);

/** IPv4 space that is not public unicast (IANA special-purpose registry), checked on the embedded form too. */
const V4_BLOCKED = cidrs([
  ['0.0.0.0/8', 'unspecified / this network'],
  ['10.0.0.0/8', 'private'],
  ['100.64.0.0/10', 'carrier-grade NAT'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link-local'],
  ['172.16.0.0/12', 'private'],
  ['192.0.0.0/24', 'IETF protocol assignment'],
  ['192.0.2.0/24', 'documentation'],
  ['192.88.99.0/24', 'reserved (6to4 relay)'],
  ['192.168.0.0/16', 'private'],
  ['198.18.0.0/15', 'benchmarking'],
  ['198.51.100.0/24', 'documentation'],
  ['203.0.113.0/24', 'documentation'],
  ['224.0.0.0/4', 'multicast'],
  ['255.255.255.255/32', 'broadcast'],
  ['240.0.0.0/4', 'reserved'],
]);

/** IPv6 ranges inside global unicast 2000::/3 that are still not public. */
const V6_BLOCKED_IN_GLOBAL = cidrs([
  ['2001::/23', 'IETF protocol assignment (Teredo, ORCHID, ...)'],
  ['2001:db8::/32', 'documentation'],
  ['3fff::/20', 'documentation'],
]);

const V4_MAPPED = parseCidr('::ffff:0:0/96') as Cidr;
const V4_COMPAT = parseCidr('::/96') as Cidr;
const NAT64 = parseCidr('64:ff9b::/96') as Cidr;
const NAT64_LOCAL = parseCidr('64:ff9b:1::/48') as Cidr;
const SIX_TO_FOUR = parseCidr('2002::/16') as Cidr;
const GLOBAL_UNICAST = parseCidr('2000::/3') as Cidr;
const ULA = parseCidr('fc00::/7') as Cidr;
const LINK_LOCAL_6 = parseCidr('fe80::/10') as Cidr;
const SITE_LOCAL_6 = parseCidr('fec0::/10') as Cidr;
const MULTICAST_6 = parseCidr('ff00::/8') as Cidr;

function classifyV4(octets: Uint8Array): string | undefined {
  const ip = v4ToMapped([...octets]);
  for (const { cidr, label } of METADATA) if (inCidr(ip, cidr)) return label;
  for (const { cidr, label } of V4_BLOCKED) if (inCidr(ip, cidr)) return label;
  return undefined;
}

/**
 * Why this address must not be dialled, or undefined when it is public unicast. IPv6 forms that
 * carry an IPv4 address (mapped, compatible, NAT64, 6to4) are judged by the address they carry.
 */
export function nonPublicReason(ip: Ip): string | undefined {
  for (const { cidr, label } of METADATA) if (inCidr(ip, cidr)) return label;
  if (inCidr(ip, V4_MAPPED)) return classifyV4(ip.subarray(12, 16));
  if (inCidr(ip, V4_COMPAT)) {
    if (ip.every((b) => b === 0)) return 'unspecified';
    const v4 = classifyV4(ip.subarray(12, 16));
    if (ip[15] === 1 && ip.subarray(0, 15).every((b) => b === 0)) return 'loopback';
    return v4 === undefined ? 'IPv4-compatible IPv6 (deprecated)' : v4;
  }
  if (inCidr(ip, NAT64)) {
    const v4 = classifyV4(ip.subarray(12, 16));
    return v4 === undefined ? undefined : `NAT64 of ${v4}`;
  }
  if (inCidr(ip, NAT64_LOCAL)) return 'local-use NAT64';
  if (inCidr(ip, SIX_TO_FOUR)) {
    const v4 = classifyV4(ip.subarray(2, 6));
    return v4 === undefined ? undefined : `6to4 of ${v4}`;
  }
  if (inCidr(ip, ULA)) return 'unique local (private)';
  if (inCidr(ip, LINK_LOCAL_6)) return 'link-local';
  if (inCidr(ip, SITE_LOCAL_6)) return 'site-local (deprecated)';
  if (inCidr(ip, MULTICAST_6)) return 'multicast';
  if (!inCidr(ip, GLOBAL_UNICAST)) return 'reserved';
  for (const { cidr, label } of V6_BLOCKED_IN_GLOBAL) if (inCidr(ip, cidr)) return label;
  return undefined;
}

/** Text form used in messages: IPv4-mapped addresses are shown as IPv4. */
export function formatIp(ip: Ip): string {
  if (inCidr(ip, V4_MAPPED)) return [...ip.subarray(12, 16)].join('.');
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push((((ip[i] ?? 0) << 8) | (ip[i + 1] ?? 0)).toString(16));
  return groups.join(':');
}
