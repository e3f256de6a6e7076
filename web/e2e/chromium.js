// Debian's Chromium for the browser tests, driven by playwright-core (never a browser that a
// tool downloads): its path (the environment variable CHROMIUM overrides it) and the launch
// options that keep it headless and off the network services it would call.
export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

/** Options for playwright-core's `launchPersistentContext`, with `more` added. */
export function chromiumOptions(more = {}) {
  return {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
    ...more,
  };
}
