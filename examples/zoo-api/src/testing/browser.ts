import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';

/** Debian's chromium; `.ci/run` installs it when missing. */
export const chromiumPath = '/usr/bin/chromium';

/** Whether the browser tests can run here; in CI a missing browser is a failure, never a silent skip. */
export function browserAvailable(): boolean {
  const available = existsSync(chromiumPath);
  if (!available && process.env.CI)
    throw new Error(`${chromiumPath} is missing: .ci/run should have installed Debian's chromium`);
  return available;
}

/** Where screenshots go: CI keeps the folder as an artifact; git ignores it. */
export const artifacts = fileURLToPath(new URL('../../../../test-artifacts/', import.meta.url));

/** Debian's chromium, headless, making no requests of its own (updates, sync, QUIC). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}
