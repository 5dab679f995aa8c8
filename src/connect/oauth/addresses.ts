/**
 * Which addresses an OAuth metadata URL or endpoint may reach (#35). A hostile MCP server names the URLs mcpact
 * fetches during sign-in (its `resource_metadata`, the authorization servers in its metadata, their endpoints), so
 * each is checked where it is connected to, after name resolution: a private or link-local address would let the
 * server reach into the network mcpact runs in (a CI runner's metadata service at 169.254.169.254, an admin page
 * on 10.0.0.1). Loopback is allowed only while the MCP server itself is on loopback (local development and tests).
 */
import { BlockList, isIP } from 'node:net';

export type AddressKind = 'loopback' | 'private' | 'link-local' | 'public';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv4');
PRIVATE.addSubnet('fc00::', 7, 'ipv6');
PRIVATE.addSubnet('ff00::', 8, 'ipv6');
PRIVATE.addAddress('::', 'ipv6');

const LINK_LOCAL = new BlockList();
LINK_LOCAL.addSubnet('169.254.0.0', 16, 'ipv4');
LINK_LOCAL.addSubnet('fe80::', 10, 'ipv6');

/** The kind of an IP address (v4, v6, or v4 mapped into v6); a string that is no IP address is undefined. */
export function addressKind(address: string): AddressKind | undefined {
  const bare = address.replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  const ip = mapped ? mapped[1]! : bare;
  const family = isIP(ip);
  if (family === 0) return undefined;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (LOOPBACK.check(ip, type)) return 'loopback';
  if (LINK_LOCAL.check(ip, type)) return 'link-local';
  if (PRIVATE.check(ip, type)) return 'private';
  return 'public';
}

/** True for a host that is loopback by name or address: `localhost` (and names under it), 127.0.0.0/8, ::1. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === 'localhost' || host.endsWith('.localhost') || addressKind(host) === 'loopback';
}
