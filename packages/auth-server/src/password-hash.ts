import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * scrypt cost: N = 2^15, r = 8, p = 1 takes 32 MiB and roughly 0.1 to 0.25 s of one core per
 * check (measured on our small build machines), in line with OWASP's advice for scrypt. Stored with every hash, so that a later change of
 * these numbers keeps old hashes checkable.
 */
const defaultCost = { n: 2 ** 15, r: 8, p: 1 };
const keyLength = 32;
const saltLength = 16;
const format = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([A-Za-z0-9_-]{16,})\$([A-Za-z0-9_-]{32,})$/;

/** A parsed password hash: `scrypt$N$r$p$salt$key`, salt and key in base64url. */
interface ParsedHash {
  readonly n: number;
  readonly r: number;
  readonly p: number;
  readonly salt: Buffer;
  readonly key: Buffer;
}

function derive(password: string, salt: Buffer, cost: { n: number; r: number; p: number }, length: number) {
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(
      password.normalize('NFC'),
      salt,
      length,
      // scrypt needs 128 * N * r bytes; leave room above Node's 32 MiB default.
      { N: cost.n, r: cost.r, p: cost.p, maxmem: 256 * cost.n * cost.r + 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
}

/** Reads a stored hash; undefined when it is not one this package makes. */
export function parsePasswordHash(hash: string): ParsedHash | undefined {
  const match = format.exec(hash);
  if (!match) return undefined;
  const [n, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // N a power of two above 1; limits keep a hostile hash from taking the process's memory: a check
  // needs 128 * N * r bytes, held at 256 MiB (OWASP's strongest scrypt setting needs 128 MiB), and
  // the libuv pool may run four at once.
  const sane = n > 1 && (n & (n - 1)) === 0 && r >= 1 && p >= 1 && p <= 16 && 128 * n * r <= 256 * 1024 * 1024;
  if (!sane) return undefined;
  return { n, r, p, salt: Buffer.from(match[4]!, 'base64url'), key: Buffer.from(match[5]!, 'base64url') };
}

/**
 * Hashes a password with scrypt and a fresh random salt, as `scrypt$N$r$p$salt$key`: what the
 * `users` option of the authorization server takes (and what `corral-hash-password` prints).
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(saltLength);
  const key = await derive(password, salt, defaultCost, keyLength);
  const { n, r, p } = defaultCost;
  return `scrypt$${n}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** Whether `password` matches the parsed hash, compared in constant time. */
export async function passwordMatches(password: string, hash: ParsedHash): Promise<boolean> {
  const key = await derive(password, hash.salt, hash, hash.key.length);
  return timingSafeEqual(key, hash.key);
}
