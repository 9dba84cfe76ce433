#!/usr/bin/env node
// corral-hash-password: prints the scrypt hash of a password for the `users` option (or the zoo's
// OAUTH_USERS). The password is read from standard input, never from the command line, where it
// would stay in the shell's history and be visible to other users in the process list.
import { createInterface } from 'node:readline';
import { hashPassword } from './password-hash.js';

async function readPassword(): Promise<string> {
  const input = process.stdin;
  if (!input.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of input) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks)
      .toString('utf8')
      .replace(/\r?\n$/, '');
  }
  // At a terminal: ask, without echoing what is typed.
  process.stderr.write('Password: ');
  const lines = createInterface({ input, terminal: false });
  const { execFileSync } = await import('node:child_process');
  try {
    execFileSync('stty', ['-echo'], { stdio: 'inherit' });
  } catch {
    // No stty: the password shows as it is typed.
  }
  try {
    for await (const line of lines) return line;
    return '';
  } finally {
    lines.close();
    try {
      execFileSync('stty', ['echo'], { stdio: 'inherit' });
    } catch {}
    process.stderr.write('\n');
  }
}

const password = await readPassword();
if (password === '') {
  process.stderr.write('corral-hash-password: no password given (type it, or pipe it in on standard input)\n');
  process.exit(1);
}
process.stdout.write(`${await hashPassword(password)}\n`);
