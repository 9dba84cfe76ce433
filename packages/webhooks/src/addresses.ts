import ipaddr from 'ipaddr.js';

/** Why an address may not be called; each is a stable code. */
export type AddressRefusal =
  | 'loopback'
  | 'private'
  | 'shared'
  | 'link-local'
  | 'unique-local'
  | 'unspecified'
  | 'multicast'
  | 'broadcast'
  | 'reserved'
  | 'metadata';

/** Cloud instance-metadata services: named apart because they hand out credentials. */
const metadata = new Set(['169.254.169.254', '100.100.100.200', 'fd00:ec2::254']);

const v4Reasons: Record<string, AddressRefusal> = {
  unspecified: 'unspecified',
  broadcast: 'broadcast',
  multicast: 'multicast',
  linkLocal: 'link-local',
  loopback: 'loopback',
  carrierGradeNat: 'shared',
  private: 'private',
};

const v6Reasons: Record<string, AddressRefusal> = {
  unspecified: 'unspecified',
  linkLocal: 'link-local',
  multicast: 'multicast',
  loopback: 'loopback',
  uniqueLocal: 'unique-local',
  deprecatedSiteLocal: 'private',
};

const publicCarriers = new Set(['ipv4Mapped', 'rfc6052', '6to4']);

/**
 * IPv6 text with a dotted IPv4 tail written as two hex groups: ipaddr.js reads `::a.b.c.d` (the
 * IPv4-compatible form) as if it were the mapped `::ffff:a.b.c.d`.
 */
function hexTail(text: string): string {
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (!dotted) return text;
  const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
  return `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
}

/** An address parsed, or undefined when the text is no IP address. */
export function parseAddress(text: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  return ipaddr.isValid(bare) ? ipaddr.parse(bare.includes(':') ? hexTail(bare) : bare) : undefined;
}

/**
 * The IPv4 address an IPv6 address carries: mapped (::ffff:a.b.c.d), compatible (::a.b.c.d),
 * NAT64 (64:ff9b::a.b.c.d) and 6to4 (2002:aabb:ccdd::). Each reaches that IPv4 host somewhere.
 */
function embeddedV4(address: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const parts = address.parts;
  const tail = () => new ipaddr.IPv4([parts[6]! >> 8, parts[6]! & 255, parts[7]! >> 8, parts[7]! & 255]);
  const range = address.range();
  if (range === 'ipv4Mapped' || range === 'rfc6145' || range === 'rfc6052') return tail();
  if (range === '6to4') return new ipaddr.IPv4([parts[1]! >> 8, parts[1]! & 255, parts[2]! >> 8, parts[2]! & 255]);
  // IPv4-compatible: 96 zero bits then the IPv4 address (but not :: and ::1, which are their own).
  if (parts.slice(0, 6).every((part) => part === 0) && range !== 'unspecified' && range !== 'loopback') return tail();
  return undefined;
}

function v4Refusal(address: ipaddr.IPv4): AddressRefusal | undefined {
  if (metadata.has(address.toString())) return 'metadata';
  const range = address.range();
  if (range === 'unicast') return undefined;
  return v4Reasons[range] ?? 'reserved';
}

/**
 * Why `text` (an IPv4 or IPv6 address) may not receive webhooks, or undefined for a public
 * unicast address. IPv6 addresses that carry an IPv4 address answer for that address; IPv6 is
 * public only in 2000::/3 (global unicast).
 */
export function addressRefusal(text: string): AddressRefusal | undefined {
  const address = parseAddress(text);
  if (address === undefined) return 'reserved';
  if (address.kind() === 'ipv4') return v4Refusal(address as ipaddr.IPv4);
  const v6 = address as ipaddr.IPv6;
  if (metadata.has(v6.toString())) return 'metadata';
  const inner = embeddedV4(v6);
  const range = v6.range();
  // A public IPv4 address inside is fine in the forms in use (mapped, NAT64 on IPv6-only networks,
  // 6to4); the deprecated IPv4-compatible form and SIIT's are refused.
  if (inner !== undefined) return v4Refusal(inner) ?? (publicCarriers.has(range) ? undefined : 'reserved');
  if (range !== 'unicast') return v6Reasons[range] ?? 'reserved';
  return v6.match(ipaddr.IPv6.parse('2000::'), 3) ? undefined : 'reserved';
}
