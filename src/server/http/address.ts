import type { AddressInfo } from 'node:net';

/** http://host:port of a listening address, with an IPv6 host in brackets. */
export function urlOf(address: AddressInfo): string {
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}
