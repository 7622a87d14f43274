/**
 * npm run content:import -- --xtream URL --username U --password P [--name N] [--delivery proxy|redirect]
 * npm run content:import -- --m3u FILE|URL [--xmltv FILE|URL] [--name N] [--delivery proxy|redirect]
 *
 * Imports (or re-syncs) a content source from the command line (docs/product/api.md#content-import,
 * decision 0038), with the same sync service the server runs: against DATABASE_URL, or the embedded
 * PGlite in DATA_DIR while no server has it open (the data-folder lock refuses otherwise). The source is
 * the one with that URL, created when there is none. Prints progress and the summary; exits 1 on failure.
 */
import { parseArgs } from 'node:util';
import { contentSourceInputSchema } from '@panel/shared/content/content-sources-api';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/database';
import { seedDatabase } from '../src/db/seed';
import {
  findSourceByUrl,
  insertSourceRow,
  updateSourceRow,
} from '../src/modules/content-import/content-sources.repository';
import { sourceValues } from '../src/modules/content-import/content-sources.service';
import { createSyncRunner } from '../src/modules/content-import/content-sync.service';
import { userPath } from './backup-cli';

const USAGE = `Usage:
  npm run content:import -- --xtream URL --username U --password P [--name N] [--delivery proxy|redirect]
  npm run content:import -- --m3u FILE|URL [--xmltv FILE|URL] [--name N] [--delivery proxy|redirect]`;

const { values } = parseArgs({
  options: {
    xtream: { type: 'string' },
    username: { type: 'string' },
    password: { type: 'string' },
    m3u: { type: 'string' },
    xmltv: { type: 'string' },
    name: { type: 'string' },
    delivery: { type: 'string' },
  },
  allowPositionals: false,
});

/** A file path is taken from the folder the command was typed in; URLs as they are. */
const location = (value: string) => (/^https?:\/\//i.test(value) ? value : userPath(value));

function input() {
  if (Boolean(values.xtream) === Boolean(values.m3u)) return undefined;
  const common = {
    ...(values.delivery ? { delivery_mode: values.delivery } : {}),
  };
  return values.xtream
    ? {
        kind: 'xtream',
        name: values.name ?? 'Servidor Xtream',
        url: values.xtream,
        username: values.username,
        password: values.password,
        ...common,
      }
    : {
        kind: 'm3u',
        name: values.name ?? 'Lista M3U',
        url: location(values.m3u ?? ''),
        xmltv_url: values.xmltv ? location(values.xmltv) : null,
        ...common,
      };
}

async function main(): Promise<number> {
  const given = input();
  if (!given) {
    console.error(USAGE);
    return 2;
  }
  const parsed = contentSourceInputSchema.safeParse(given);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    console.error(`${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'inválido'}\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    // A database the server never opened gets its bouquets (and admin) now, so imported categories join
    // the bouquets as they would on a running server.
    const seeded = await seedDatabase(database.db, {
      username: config.ADMIN_USERNAME,
      password: config.ADMIN_PASSWORD,
    });
    if (seeded.generatedAdminPassword) {
      console.log(
        `Primeiro uso do banco: conta admin criada.\n  Usuário: ${config.ADMIN_USERNAME}\n  Senha:   ${seeded.generatedAdminPassword}`,
      );
    }
    const wanted = sourceValues(parsed.data);
    const existing = await findSourceByUrl(database.db, wanted.kind, wanted.url);
    // An existing source takes the credentials (and guide, delivery) given now; its name and interval stay.
    const changes = {
      username: wanted.username,
      password: wanted.password,
      ...(wanted.kind === 'm3u' && values.xmltv ? { xmltvUrl: wanted.xmltvUrl } : {}),
      ...(values.delivery ? { deliveryMode: wanted.deliveryMode } : {}),
    };
    const source = existing
      ? ((await updateSourceRow(database.db, existing.id, changes)) ?? existing)
      : await insertSourceRow(database.db, wanted);
    console.log(
      `${existing ? 'Sincronizando' : 'Fonte criada:'} #${source.id} ${source.name} (${source.kind})`,
    );
    const runner = createSyncRunner({
      db: database.db,
      timeoutMs: config.UPSTREAM_TIMEOUT_MS,
      onError: (_id, error) => console.error(error),
    });
    const stop = () => void runner.stop();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    const outcome = await runner.runNow(source.id, (progress) => {
      const total = progress.total === null ? '' : `/${progress.total}`;
      console.log(`  ${progress.phase}: ${progress.done}${total}`);
    });
    if (!outcome) {
      console.error('Uma sincronização desta fonte já está em andamento.');
      return 1;
    }
    if (outcome.status === 'failed') {
      console.error(`Falhou: ${outcome.error}`);
      return 1;
    }
    const summary = outcome.summary;
    const line = (label: string, counts: { added: number; updated: number; retired: number }) =>
      `  ${label.padEnd(11)} +${counts.added} ~${counts.updated} -${counts.retired}`;
    console.log(
      [
        `Concluído em ${summary.seconds} s (+ adicionados, ~ atualizados, - retirados):`,
        line('categorias', summary.categories),
        line('canais', summary.live),
        line('filmes', summary.movies),
        line('séries', summary.series),
        line('episódios', summary.episodes),
        `  guia       ${summary.epgProgrammes} programas`,
      ].join('\n'),
    );
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`content:import failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
