/**
 * How every browser of the project starts: Debian's Chromium (installed by scripts/ensure-chromium.sh;
 * Playwright never downloads one), headless on a VM without GPU, with nothing running in the background
 * that could take CPU from what is measured or tested.
 */
export const CHROMIUM_LAUNCH = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
