import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { networkInterfaces } from 'node:os';

/**
 * Which hosts a camera address may point at (docs/decisions/0304). The server connects to whatever address a user
 * types, so in a cloud deployment an address on the server's own network (loopback, private ranges, link-local
 * with the cloud metadata service at 169.254.169.254) would let a user probe the inside. Those are refused unless
 * ALLOW_PRIVATE_CAMERA_ADDRESSES is true, as it is by default for the embedded install whose simulated cameras
 * run on 127.0.0.1. Addresses that are never a camera (unspecified, multicast, broadcast) are always refused.
 *
 * The check is made on every address the host name resolves to (getaddrinfo, as ffmpeg resolves it), so
 * "localhost", "2130706433" or "0x7f.1" cannot slip through as names.
 */

export type AddressClass = 'public' | 'loopback' | 'private' | 'link-local' | 'documentation' | 'never';

const NEVER = new BlockList();
NEVER.addSubnet('0.0.0.0', 8, 'ipv4');
NEVER.addSubnet('224.0.0.0', 4, 'ipv4');
NEVER.addSubnet('240.0.0.0', 4, 'ipv4');
NEVER.addAddress('::', 'ipv6');
NEVER.addSubnet('ff00::', 8, 'ipv6');

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

const LINK_LOCAL = new BlockList();
LINK_LOCAL.addSubnet('169.254.0.0', 16, 'ipv4');
LINK_LOCAL.addSubnet('fe80::', 10, 'ipv6');

const PRIVATE = new BlockList();
PRIVATE.addSubnet('10.0.0.0', 8, 'ipv4');
PRIVATE.addSubnet('172.16.0.0', 12, 'ipv4');
PRIVATE.addSubnet('192.168.0.0', 16, 'ipv4');
PRIVATE.addSubnet('100.64.0.0', 10, 'ipv4'); // carrier-grade NAT
PRIVATE.addSubnet('192.0.0.0', 24, 'ipv4'); // IETF protocol assignments
PRIVATE.addSubnet('198.18.0.0', 15, 'ipv4'); // benchmarking
PRIVATE.addSubnet('fc00::', 7, 'ipv6'); // unique local

/** Ranges reserved for examples (RFC 5737, RFC 3849): no camera is there, so a probe there is a probe of something else. */
const DOCUMENTATION = new BlockList();
DOCUMENTATION.addSubnet('192.0.2.0', 24, 'ipv4');
DOCUMENTATION.addSubnet('198.51.100.0', 24, 'ipv4');
DOCUMENTATION.addSubnet('203.0.113.0', 24, 'ipv4');
DOCUMENTATION.addSubnet('2001:db8::', 32, 'ipv6');

/** Classifies an IP literal (v4, v6, or v4-mapped v6). */
export function classifyIp(ip: string): AddressClass {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mapped) return classifyIp(mapped);
  const family = isIP(ip) === 4 ? 'ipv4' : isIP(ip) === 6 ? 'ipv6' : undefined;
  if (!family) throw new Error(`not an IP address: ${ip}`);
  if (NEVER.check(ip, family)) return 'never';
  if (LOOPBACK.check(ip, family)) return 'loopback';
  if (LINK_LOCAL.check(ip, family)) return 'link-local';
  if (PRIVATE.check(ip, family)) return 'private';
  if (DOCUMENTATION.check(ip, family)) return 'documentation';
  return 'public';
}

export type HostCheck =
  | { ok: true; addresses: string[] }
  | { ok: false; reason: 'not_allowed'; message: string }
  | { ok: false; reason: 'unresolved'; message: string };

export type Resolver = (host: string) => Promise<string[]>;

export const systemResolver: Resolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** Every address of this machine's network interfaces (a public one too: its own services listen there). */
export const systemOwnAddresses = (): string[] =>
  Object.values(networkInterfaces()).flatMap((list) =>
    (list ?? []).map((i) => i.address.replace(/%.*$/, '')),
  );

/** The same address however it is written (IPv4-mapped IPv6, letter case). */
const canonical = (ip: string) => (/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1] ?? ip).toLowerCase();

const REFUSED: Partial<Record<AddressClass | 'own', string>> = {
  loopback: 'loopback addresses are not allowed for cameras on this server',
  private: 'private network addresses are not allowed for cameras on this server',
  'link-local': 'private network addresses are not allowed for cameras on this server',
  documentation: 'documentation (example) addresses are not allowed for cameras on this server',
  own: 'this server’s own addresses are not allowed for cameras',
};

export async function checkCameraHost(
  host: string,
  opts: { allowPrivate: boolean; resolve?: Resolver; ownAddresses?: () => string[] },
): Promise<HostCheck> {
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await (opts.resolve ?? systemResolver)(host);
  } catch {
    return { ok: false, reason: 'unresolved', message: `the host name ${host} could not be found` };
  }
  if (addresses.length === 0)
    return { ok: false, reason: 'unresolved', message: `the host name ${host} could not be found` };
  const own = opts.allowPrivate
    ? undefined
    : new Set((opts.ownAddresses ?? systemOwnAddresses)().map(canonical));
  for (const a of addresses) {
    const c = classifyIp(a);
    if (c === 'never')
      return { ok: false, reason: 'not_allowed', message: `${host} is not a camera address` };
    if (opts.allowPrivate) continue;
    const refused = c !== 'public' ? REFUSED[c] : own?.has(canonical(a)) ? REFUSED.own : undefined;
    if (refused) return { ok: false, reason: 'not_allowed', message: refused };
  }
  return { ok: true, addresses };
}
