import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { stopWithin } from './graceful-shutdown';

const config = loadConfig();
// The database starts opening (on PGlite: WebAssembly and the data folder) while the rest of the server
// loads: a shorter start (decision 0018). buildApp owns it from here on.
const openingDatabase = openDatabase({
  url: config.DATABASE_URL,
  dataDir: config.DATA_DIR,
  poolSizes: { panel: config.DATABASE_POOL_PANEL, delivery: config.DATABASE_POOL_DELIVERY },
});
openingDatabase.catch(() => undefined);
const { buildApp } = await import('./app');
const app = await buildApp(config, { openingDatabase });

if (config.CAPTCHA_PROVIDER === 'none') {
  app.log.warn(
    'CAPTCHA_PROVIDER=none: sign-in has NO captcha. This exists for automated tests only; never run it in production.',
  );
}
if (app.seedResult.generatedAdminPassword) {
  // Printed once, on the start that created the admin; it is not stored anywhere in clear.
  console.log(
    `\n  First start: admin account created.\n  Usuário: ${config.ADMIN_USERNAME}\n  Senha:   ${app.seedResult.generatedAdminPassword}\n  Change it in Perfil → Alterar senha.\n`,
  );
}

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info(
    { signal, quietMs: config.SHUTDOWN_QUIET_MS, timeoutMs: config.SHUTDOWN_TIMEOUT_MS },
    'shutting down',
  );
  try {
    const { outcome, ms } = await stopWithin(app, {
      timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
      quietMs: config.SHUTDOWN_QUIET_MS,
    });
    if (outcome === 'closed') {
      app.log.info({ ms }, 'stopped: requests finished, workers stopped, database closed');
      process.exit(0);
    }
    app.log.error({ ms }, 'shutdown timed out (SHUTDOWN_TIMEOUT_MS): exiting with requests still open');
    process.exit(1);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

const address = await app.listen({ port: config.PORT, host: config.HOST });
app.log.info(`Painel em ${address.replace('0.0.0.0', 'localhost')} (database: ${app.database.kind})`);
