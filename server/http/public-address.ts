import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Whether an address the server is asked to call (an institute's issuer, an LMS's token URL, an LRS) is on the
 * public internet: never the machine itself, a private network, link-local (cloud metadata), carrier-grade NAT,
 * or any other range no school's service lives on. Read from the URL's host as the WHATWG parser normalises it
 * ("0x7f000001" is 127.0.0.1 by then), with a trailing dot dropped, and — before each call — from what the name
 * resolves to, so "127.0.0.1.nip.io" or a name pointed at 10.0.0.5 is caught too.
 */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** Whether an address is in one of the ranges (BlockList's `check`, named apart from zod's for the i18n scan). */
const inReservedRange = NOT_PUBLIC.check.bind(NOT_PUBLIC);

/** An IP address (v4, v6, v4-mapped v6) that is public. */
export function isPublicIp(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !inReservedRange(address, 'ipv4');
  if (family !== 6) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPublicIp(mapped[1]);
  return !inReservedRange(address, 'ipv6');
}

/** The host as a name or an address, without brackets or a trailing dot, in lower case. */
const hostOf = (url: URL) =>
  url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.+$/, '')
    .toLowerCase();

const LOCAL_NAMES = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/;

/** Whether the URL's host, as written, may be public: an address in a public range, or a name not kept for local use. */
export function hostMayBePublic(url: URL): boolean {
  const host = hostOf(url);
  if (host === '') return false;
  if (isIP(host)) return isPublicIp(host);
  return !LOCAL_NAMES.test(host) && host.includes('.');
}

/** Whether every address the URL's host resolves to is public (false when it does not resolve). */
export async function resolvesPublicly(url: URL): Promise<boolean> {
  if (!hostMayBePublic(url)) return false;
  const host = hostOf(url);
  if (isIP(host)) return true;
  try {
    const addresses = await lookup(host, { all: true, verbatim: true });
    return addresses.length > 0 && addresses.every((entry) => isPublicIp(entry.address));
  } catch {
    return false;
  }
}
