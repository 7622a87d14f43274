/**
 * How every browser of the project starts: Debian's Chromium (installed by scripts/ensure-chromium.sh;
 * Playwright never downloads one), headless on a VM without GPU, with nothing running in the background
 * that could take CPU from what is measured or tested. The journeys' made-up domains resolve to the local
 * panel, so a page can open a reseller's domain as a customer would (decision 0069).
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
    '--host-resolver-rules=MAP *.revenda-e2e.test 127.0.0.1, MAP *.painel-e2e.test 127.0.0.1',
  ],
};
