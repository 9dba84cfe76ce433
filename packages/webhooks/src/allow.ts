import { CorralError } from '@corral/errors';
import ipaddr from 'ipaddr.js';
import { parseAddress } from './addresses.js';

/** One allow-list entry: a host name, or an address range (a single address is a /32 or /128). */
export interface WebhookAllowEntry {
  /** The entry as written. */
  readonly text: string;
  /** The host name, lower case without a trailing dot; absent for an address range. */
  readonly name?: string;
  /** The range's address and prefix length; absent for a host name. */
  readonly range?: readonly [address: string, prefixLength: number];
  /** The one port allowed, when the entry names it. */
  readonly port?: number;
}

/** Destinations that may be called despite the address rules, over http too (see {@link parseWebhookAllow}). */
export interface WebhookAllow {
  /** The entries, in the order given. */
  readonly entries: readonly WebhookAllowEntry[];
}

const hostName = /^[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*$/;

function refuse(entry: string, why: string): never {
  throw new CorralError(
    'CORRAL_INVALID_WEBHOOK_ALLOW',
    `Webhook allow-list entry "${entry}" is not usable: ${why}. ` +
      'Give host names, host:port, IP addresses ([::1]:port for IPv6 with a port) or CIDR ranges, separated by commas',
  );
}

function portOf(entry: string, text: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port < 1 || port > 65535) refuse(entry, `"${text}" is not a port (1 to 65535)`);
  return port;
}

function single(address: ipaddr.IPv4 | ipaddr.IPv6): [string, number] {
  return [address.toString(), address.kind() === 'ipv4' ? 32 : 128];
}

function parseEntry(entry: string): WebhookAllowEntry {
  if (entry.includes('/')) {
    if (!ipaddr.isValidCIDR(entry)) refuse(entry, 'not a CIDR range such as 10.0.0.0/8 or fd00::/8');
    const [address, bits] = ipaddr.parseCIDR(entry);
    return { range: [address.toString(), bits], text: entry };
  }
  const bracketed = /^\[([^\]]+)\](?::(.*))?$/.exec(entry);
  if (bracketed) {
    const [, address = '', port] = bracketed;
    if (!ipaddr.IPv6.isValid(address)) refuse(entry, `"${address}" is not an IPv6 address`);
    const range = single(ipaddr.IPv6.parse(address));
    return port === undefined ? { range, text: entry } : { range, port: portOf(entry, port), text: entry };
  }
  // More than one colon without brackets: a bare IPv6 address (no port possible).
  if (entry.indexOf(':') !== entry.lastIndexOf(':')) {
    if (!ipaddr.IPv6.isValid(entry)) refuse(entry, 'not an IPv6 address (write [address]:port to add a port)');
    return { range: single(ipaddr.IPv6.parse(entry)), text: entry };
  }
  const [host = '', portText] = entry.split(':');
  const port = portText === undefined ? undefined : portOf(entry, portText);
  const withPort = port === undefined ? {} : { port };
  if (ipaddr.IPv4.isValidFourPartDecimal(host))
    return { range: single(ipaddr.IPv4.parse(host)), ...withPort, text: entry };
  const name = host.toLowerCase().replace(/\.$/, '');
  if (!hostName.test(name)) refuse(entry, `"${host}" is not a host name`);
  return { name, ...withPort, text: entry };
}

/**
 * Reads an allow-list such as `WEBHOOK_ALLOW`: comma-separated host names, `host:port`, IP
 * addresses (`[::1]:8080` with a port) and CIDR ranges. Blank entries are skipped; a bad one
 * throws a CorralError (CORRAL_INVALID_WEBHOOK_ALLOW) naming it.
 */
export function parseWebhookAllow(text: string | readonly string[]): WebhookAllow {
  const items = typeof text === 'string' ? text.split(',') : text;
  const entries = items.map((item) => item.trim()).filter((item) => item !== '');
  return { entries: entries.map(parseEntry) };
}

const portMatches = (entry: WebhookAllowEntry, port: number) => entry.port === undefined || entry.port === port;

/** Whether the allow-list names this host (lower case, no trailing dot) at this port. */
export function allowsName(allow: WebhookAllow | undefined, name: string, port: number): boolean {
  return (allow?.entries ?? []).some((entry) => entry.name === name && portMatches(entry, port));
}

/** Whether the allow-list covers this address at this port (an IPv4-mapped address as its IPv4 one). */
export function allowsAddress(allow: WebhookAllow | undefined, address: string, port: number): boolean {
  const given = parseAddress(address);
  if (given === undefined) return false;
  const mapped = given.kind() === 'ipv6' && (given as ipaddr.IPv6).isIPv4MappedAddress();
  const parsed = mapped ? (given as ipaddr.IPv6).toIPv4Address() : given;
  return (allow?.entries ?? []).some((entry) => {
    if (entry.range === undefined || !portMatches(entry, port)) return false;
    const [text, bits] = entry.range;
    const base = parseAddress(text)!;
    const candidate =
      base.kind() === 'ipv6' && parsed.kind() === 'ipv4' ? (parsed as ipaddr.IPv4).toIPv4MappedAddress() : parsed;
    return candidate.kind() === base.kind() && candidate.match(base as never, bits);
  });
}
