import { describe, expect, it } from 'vitest';
import { nonPublicReason, parseCidr, parseIp, inCidr, formatIp } from '../../src/engine/net/address.ts';
import { OutboundAllowList, parseOutboundAllow } from '../../src/engine/net/allow.ts';
import { OutboundAllowError } from '../../src/engine/errors.ts';

describe('parseOutboundAllow', () => {
  it('splits on commas and whitespace, lower-cases, strips brackets and trailing dots', () => {
    expect(parseOutboundAllow(' IdP.Example.com., 10.0.0.0/8 ,::1\n[fd00::1] 192.168.1.5')).toEqual([
      'idp.example.com', '10.0.0.0/8', '::1', 'fd00::1', '192.168.1.5',
    ]);
    expect(parseOutboundAllow(undefined)).toEqual([]);
    expect(parseOutboundAllow('')).toEqual([]);
  });

  it.each(['https://idp.example.com', '10.0.0.0/33', 'fd00::/129', 'bad_host!', '10.0.0.0/x', '*.example.com'])('rejects %s naming the entry', (entry) => {
    expect(() => parseOutboundAllow(`ok.example, ${entry}`)).toThrow(OutboundAllowError);
    expect(() => parseOutboundAllow(entry)).toThrow(entry);
  });
});

describe('OutboundAllowList', () => {
  it('matches IPv4 CIDRs against IPv4-mapped IPv6 addresses as well', () => {
    const list = new OutboundAllowList(['10.0.0.0/8']);
    expect(list.allowsAddress(parseIp('10.9.8.7')!)).toBe(true);
    expect(list.allowsAddress(parseIp('::ffff:10.9.8.7')!)).toBe(true);
    expect(list.allowsAddress(parseIp('11.0.0.1')!)).toBe(false);
  });

  it('host names match exactly, not as suffixes', () => {
    const list = new OutboundAllowList(['idp.example']);
    expect(list.allowsHost('idp.example')).toBe(true);
    expect(list.allowsHost('evil-idp.example')).toBe(false);
    expect(list.allowsHost('x.idp.example')).toBe(false);
  });
});

describe('address classification', () => {
  it.each([
    ['127.0.0.1', 'loopback'], ['0.0.0.0', 'unspecified / this network'], ['10.0.0.1', 'private'],
    ['172.31.255.255', 'private'], ['192.168.0.1', 'private'], ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.255', 'carrier-grade NAT'], ['169.254.169.254', 'cloud metadata'], ['100.100.100.200', 'cloud metadata'],
    ['fd00:ec2::254', 'cloud metadata'], ['169.254.1.1', 'link-local'], ['224.0.0.251', 'multicast'],
    ['255.255.255.255', 'broadcast'], ['240.0.0.1', 'reserved'], ['192.0.2.1', 'documentation'],
    ['::', 'unspecified'], ['::1', 'loopback'], ['::ffff:127.0.0.1', 'loopback'], ['::ffff:192.168.1.1', 'private'],
    ['::127.0.0.1', 'loopback'], ['::8.8.8.8', 'IPv4-compatible IPv6 (deprecated)'],
    ['64:ff9b::10.0.0.1', 'NAT64 of private'], ['64:ff9b:1::1', 'local-use NAT64'], ['2002:c0a8:101::1', '6to4 of private'],
    ['fc00::1', 'unique local (private)'], ['fdff::1', 'unique local (private)'], ['fe80::1', 'link-local'],
    ['febf::1', 'link-local'], ['fec0::1', 'site-local (deprecated)'], ['ff02::1', 'multicast'],
    ['100::1', 'reserved'], ['2001:db8::1', 'documentation'], ['2001::1', 'IETF protocol assignment (Teredo, ORCHID, ...)'], ['3fff::1', 'documentation'],
  ])('%s is %s', (addr, reason) => {
    expect(nonPublicReason(parseIp(addr)!)).toBe(reason);
  });

  it.each(['8.8.8.8', '1.1.1.1', '100.63.255.255', '100.128.0.0', '172.15.255.255', '172.32.0.0', '169.253.0.1',
    '223.255.255.255', '2606:4700:4700::1111', '2a00:1450::1', '64:ff9b::8.8.8.8', '2002:808:808::1'])('%s is public', (addr) => {
    expect(nonPublicReason(parseIp(addr)!)).toBeUndefined();
  });

  it('parses CIDRs and prints addresses', () => {
    expect(inCidr(parseIp('fe80::abcd')!, parseCidr('fe80::/10')!)).toBe(true);
    expect(inCidr(parseIp('fec0::1')!, parseCidr('fe80::/10')!)).toBe(false);
    expect(parseCidr('1.2.3.4/33')).toBeUndefined();
    expect(parseCidr('nope')).toBeUndefined();
    expect(formatIp(parseIp('::ffff:1.2.3.4')!)).toBe('1.2.3.4');
    expect(formatIp(parseIp('fd00:ec2::254')!)).toBe('fd00:ec2:0:0:0:0:0:254');
  });
});
