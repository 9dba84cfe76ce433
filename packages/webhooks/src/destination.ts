import { lookup } from 'node:dns/promises';
import { type AddressRefusal, addressRefusal, parseAddress } from './addresses.js';
import { allowsAddress, allowsName, parseWebhookAllow, type WebhookAllow } from './allow.js';

/** Finds the addresses of a host name (A and AAAA); the default asks the system resolver. */
export type WebhookResolver = (host: string) => Promise<readonly string[]>;

/** Why a destination is refused: an address rule, or the URL itself. */
export type DestinationRefusal = AddressRefusal | 'invalid-url' | 'scheme' | 'not-https' | 'localhost' | 'unresolved';

/** How {@link checkDestination} judges a URL. */
export interface DestinationOptions {
  /** Destinations allowed despite the rules, over http too: parsed, or text as `WEBHOOK_ALLOW` holds it. */
  readonly allow?: WebhookAllow | string;
  /** Accept http:// everywhere (development); allow-listed destinations take it anyway. */
  readonly allowHttp?: boolean;
  /** The name resolver (tests give one to run the rules without DNS). */
  readonly resolve?: WebhookResolver;
  /** When a subscription is made: a name that does not resolve yet is accepted (it is checked at each delivery). */
  readonly atCreation?: boolean;
}

/** A destination that may be called, and the address to connect to (undefined: not resolved yet, at creation). */
export interface AcceptedDestination {
  /** Always true: the destination may be called. */
  readonly ok: true;
  /** The URL, parsed. */
  readonly url: URL;
  /** The host name as in the URL, without IPv6 brackets: the TLS server name and Host header. */
  readonly hostname: string;
  /** The port, the scheme's default when the URL names none. */
  readonly port: number;
  /** Every address checked; the first one is the one to connect to. */
  readonly addresses: readonly string[];
}

/** A destination refused, with a stable reason and a message that names the URL. */
export interface RefusedDestination {
  /** Always false: the destination may not be called. */
  readonly ok: false;
  /** The stable code of the rule that refused it. */
  readonly reason: DestinationRefusal;
  /** A sentence for people: the URL, the rule and the address that broke it. */
  readonly message: string;
}

/** What {@link checkDestination} found: accepted (`ok: true`) or refused with a reason. */
export type DestinationCheck = AcceptedDestination | RefusedDestination;

const describe: Record<DestinationRefusal, string> = {
  loopback: 'a loopback address',
  private: 'a private address',
  shared: 'a shared (carrier-grade NAT) address',
  'link-local': 'a link-local address',
  'unique-local': 'a unique-local address',
  unspecified: 'the unspecified address',
  multicast: 'a multicast address',
  broadcast: 'the broadcast address',
  reserved: 'a reserved or special-purpose address',
  metadata: 'a cloud metadata address',
  'invalid-url': 'not an absolute URL',
  scheme: 'neither https nor http',
  'not-https': 'http, and only https is allowed',
  localhost: 'a localhost name',
  unresolved: 'a name that does not resolve',
};

function refused(reason: DestinationRefusal, url: string, address?: string): RefusedDestination {
  const at = address === undefined ? '' : ` (${address})`;
  return { ok: false, reason, message: `Webhook URL ${url} is refused: it points at ${describe[reason]}${at}` };
}

/** The system resolver, every address, in the order it gives them. */
export const systemResolver: WebhookResolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

async function addressesOf(host: string, resolve: WebhookResolver): Promise<readonly string[]> {
  try {
    return await resolve(host);
  } catch {
    return [];
  }
}

/**
 * Whether webhooks may be sent to `url`: https (http when allowed), not a localhost name, and
 * every address the host resolves to public (see addressRefusal), unless the allow-list names the
 * host or covers the address. Connect only to the returned `addresses[0]`, so a later DNS answer
 * cannot move the request elsewhere.
 */
export async function checkDestination(url: string | URL, options: DestinationOptions = {}): Promise<DestinationCheck> {
  const text = String(url);
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    return refused('invalid-url', text);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return refused('scheme', text);
  const allow = typeof options.allow === 'string' ? parseWebhookAllow(options.allow) : options.allow;
  const hostname = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  const name = hostname.toLowerCase().replace(/\.$/, '');
  const port = Number(parsed.port || (parsed.protocol === 'https:' ? 443 : 80));
  const named = allowsName(allow, name, port);
  const literal = parseAddress(hostname) !== undefined;
  if (!named && !literal && (name === 'localhost' || name.endsWith('.localhost'))) return refused('localhost', text);
  const addresses = literal ? [hostname] : await addressesOf(hostname, options.resolve ?? systemResolver);
  const plainHttp = parsed.protocol === 'http:' && !options.allowHttp && !named;
  if (addresses.length === 0) {
    if (plainHttp) return refused('not-https', text);
    return options.atCreation ? { ok: true, url: parsed, hostname, port, addresses } : refused('unresolved', text);
  }
  for (const address of addresses) {
    if (named || allowsAddress(allow, address, port)) continue;
    const reason = addressRefusal(address);
    if (reason !== undefined) return refused(reason, text, address);
  }
  // http only where allowed: everywhere (allowHttp), or to hosts and addresses the allow-list names.
  if (plainHttp && !addresses.every((address) => allowsAddress(allow, address, port)))
    return refused('not-https', text);
  return { ok: true, url: parsed, hostname, port, addresses };
}
