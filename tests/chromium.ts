/**
 * Debian's Chromium (`apt-get install chromium`; CHROMIUM_PATH for another) with the flags this machine's notes ask
 * for: no sandbox as root, and no background networking, which the closed network refuses many times over.
 * Shared by the end-to-end suite and the smoke test.
 */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
  ],
};
