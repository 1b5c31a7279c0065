import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { ROOT } from './cli.js';

const CANDIDATES = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
].filter((p): p is string => Boolean(p));

export const SCREENSHOTS = join(ROOT, 'test-artifacts', 'dashboard');

/**
 * Debian's Chromium (or CHROMIUM_PATH), or undefined. Under CI a missing browser is a
 * failure, never a skip: .ci/run installs it.
 */
export function chromiumPath(): string | undefined {
  const found = CANDIDATES.find((p) => existsSync(p));
  if (!found && process.env.CI) {
    throw new Error(
      'no Chromium found (CI is set, so the browser tests fail rather than skip): apt-get install chromium, or set CHROMIUM_PATH',
    );
  }
  return found;
}

export const NO_BROWSER_HINT =
  'dashboard browser tests skipped: no Chromium found. Install it (Debian/Ubuntu: sudo apt-get install chromium) or set CHROMIUM_PATH.';

export async function launchChromium(executablePath: string): Promise<Browser> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  // launch() gives every run a fresh temporary profile (its own user data dir).
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
