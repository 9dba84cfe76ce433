import { request } from 'undici';

/** The parts of an authorization server's metadata (RFC 8414 / OpenID discovery) this adapter uses. */
export interface IssuerMetadata {
  readonly issuer: string;
  readonly jwks_uri?: string;
  readonly introspection_endpoint?: string;
  readonly token_endpoint?: string;
}

/** Where an issuer may publish its metadata: the OpenID form first, then RFC 8414's. */
function metadataUrls(issuer: string): string[] {
  const url = new URL(issuer);
  const path = url.pathname.replace(/\/$/, '');
  return [
    `${url.origin}${path}/.well-known/openid-configuration`,
    `${url.origin}/.well-known/oauth-authorization-server${path}`,
  ];
}

/**
 * Fetches the issuer's metadata. The document must name the configured issuer exactly; anything
 * else could send clients to another server's keys.
 */
export async function discoverIssuer(issuer: string, timeoutMs: number): Promise<IssuerMetadata> {
  const failures: string[] = [];
  for (const url of metadataUrls(issuer)) {
    try {
      const response = await request(url, {
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        headers: { accept: 'application/json' },
      });
      if (response.statusCode !== 200) {
        await response.body.dump();
        failures.push(`${url}: HTTP ${response.statusCode}`);
        continue;
      }
      const metadata = (await response.body.json()) as IssuerMetadata;
      if (metadata.issuer !== issuer)
        throw new Error(
          `metadata at ${url} names issuer ${JSON.stringify(metadata.issuer)}, expected ${JSON.stringify(issuer)}`,
        );
      return metadata;
    } catch (error) {
      failures.push(`${url}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  throw new Error(`Could not discover the metadata of issuer ${issuer}: ${failures.join('; ')}`);
}
