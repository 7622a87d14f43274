// The altcha widget set up to run under the panel's content security policy (decision 0023): the
// `external` build injects no <style> and bundles no blob: workers; its stylesheet and the proof-of-work
// workers are files of the build instead, so `worker-src 'self'` is enough.
import 'altcha/external';
import 'altcha/altcha.css';
// eslint-disable-next-line import-x/no-unresolved -- the package's exports map gives i18n a types file it does not ship; Vite resolves the script itself
import 'altcha/i18n/pt-br';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import ShaWorker from 'altcha/workers/sha?worker';

// The same algorithms the default build registers; the server issues PBKDF2/SHA-256 (decision 0004).
for (const hash of ['SHA-256', 'SHA-384', 'SHA-512']) {
  globalThis.$altcha.algorithms.set(`PBKDF2/${hash}`, () => new Pbkdf2Worker());
  globalThis.$altcha.algorithms.set(hash, () => new ShaWorker());
}
