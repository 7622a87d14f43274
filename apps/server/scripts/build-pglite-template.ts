/**
 * Writes the PGlite template of a first start (src/db/pglite-template.ts, decision 0018). Run by the build
 * (scripts/build-if-needed.mjs at the root) when it is missing or stale (another PGlite, other migrations).
 *
 *   node --import tsx scripts/build-pglite-template.ts
 */
import { buildPgliteTemplate, PGLITE_TEMPLATE_DIR } from '../src/db/pglite-template';

const started = performance.now();
await buildPgliteTemplate();
console.log(
  `PGlite template written to ${PGLITE_TEMPLATE_DIR} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
