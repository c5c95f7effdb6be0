// Debian's Chromium (no browser download) and the flags every tool here starts it with: the
// end-to-end tests, Lighthouse and the slow-phone measure. No sandbox (containers run as root), no
// GPU, and none of the background traffic (updates, sync) that would share the throttled network.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
