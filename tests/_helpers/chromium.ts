// Headless Debian Chromium for the browser tests, driven by playwright-core. .ci/run installs
// the `chromium` package; without it the tests fail with this message, not a stack trace.
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { type BrowserContext, chromium } from "playwright-core";

/** Where Debian installs Chromium. */
export const CHROMIUM = "/usr/bin/chromium";

/**
 * Launch Chromium with a fresh profile in `userDataDir`. The flags keep it off the network
 * (this machine refuses outside connections, and Chromium retries them many at a time).
 */
export function launchChromium(
  userDataDir: string,
  options: { acceptDownloads?: boolean } = {},
): Promise<BrowserContext> {
  assert.ok(
    existsSync(CHROMIUM),
    `${CHROMIUM} not found: install Debian's chromium (apt-get install -y chromium) to run the browser tests`,
  );
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    ...options,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}
