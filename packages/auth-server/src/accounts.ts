import { CorralError } from '@corral/errors';
import type { UserAccount } from './options.js';
import { hashPassword, parsePasswordHash, passwordMatches } from './password-hash.js';

/** The people who may sign in, checked once at start. */
export interface Accounts {
  /** Scopes of a known user name, for findAccount and the grant. */
  scopesOf(username: string): readonly string[] | undefined;
  /**
   * The user name if the password is right. An unknown name costs the same scrypt work as a known
   * one, so the time taken does not tell which names exist.
   */
  check(username: string, password: string): Promise<string | undefined>;
}

const invalid = (message: string) => new CorralError('CORRAL_INVALID_USER', `createAuthorizationServer: ${message}`);

/** Checks every account (names unique, hashes readable) and answers sign-in attempts. */
export async function accountsFrom(users: readonly UserAccount[]): Promise<Accounts> {
  const byName = new Map<string, { hash: NonNullable<ReturnType<typeof parsePasswordHash>>; scopes: string[] }>();
  for (const [index, user] of users.entries()) {
    if (typeof user?.username !== 'string' || user.username === '')
      throw invalid(`users[${index}].username must be a non-empty string`);
    if (byName.has(user.username)) throw invalid(`users[${index}].username "${user.username}" appears twice`);
    const hash = typeof user.passwordHash === 'string' ? parsePasswordHash(user.passwordHash) : undefined;
    if (!hash)
      throw invalid(
        `users[${index}].passwordHash is not a scrypt hash (scrypt$N$r$p$salt$key); make one with corral-hash-password`,
      );
    if (!Array.isArray(user.scopes) || !user.scopes.every((s) => typeof s === 'string' && /^[\x21-\x7e]+$/.test(s)))
      throw invalid(`users[${index}].scopes must be a list of scope names`);
    byName.set(user.username, { hash, scopes: [...user.scopes] });
  }
  // Checked against when the name is unknown, so that both cases take as long.
  const decoy = parsePasswordHash(await hashPassword('not the password of anyone'))!;
  return {
    scopesOf: (username) => byName.get(username)?.scopes,
    async check(username, password) {
      const account = byName.get(username);
      const matches = await passwordMatches(password, account?.hash ?? decoy);
      return account && matches ? username : undefined;
    },
  };
}
