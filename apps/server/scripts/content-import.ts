/**
 * npm run content:import -- --xtream URL --username U --password P [--name N] [--delivery proxy|redirect]
 * npm run content:import -- --m3u FILE|URL [--xmltv FILE|URL] [--name N] [--delivery proxy|redirect]
 *
 * Imports (or re-syncs) a content source from the command line (docs/product/api.md#content-import,
 * decisions 0038 and 0072), with the same sync service the server runs. The source is the one with that
 * URL, created when there is none. Against DATABASE_URL, or the embedded PGlite in DATA_DIR: while a server
 * holds that folder, the import is handed to it (its control file in DATA_DIR, decision 0072) and followed
 * here; otherwise the folder is opened here. Prints progress and the summary; exits 1 on failure.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  CONTENT_MESSAGES,
  type ContentSource,
  type SyncProgress,
  type SyncSummary,
} from '@panel/shared/content-sources/content-sources-api';
import { loadConfig, type Config } from '../src/config';
import { parseSourceImport, type SourceImport } from '../src/panel/content-sources/source-import';
import {
  callImportControl,
  findImportControl,
  IMPORT_PATH,
  type ImportControlFile,
  type ImportStarted,
} from '../src/panel/content-sources/import-control';
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

const TEXTS = {
  handedOver: (pid: number, dataDir: string) =>
    `O painel em execução (pid ${pid}) usa o banco em ${dataDir}: a importação é feita por ele e aparece também em 'Fontes de Conteúdo'.`,
  unreachable: (pid: number, reason: string) =>
    `O painel em execução (pid ${pid}) não aceitou a importação: ${reason}\nUse a tela 'Fontes de Conteúdo' ou pare o painel e tente de novo.`,
  unreadable: (reason: string) =>
    `Não foi possível ler o arquivo de controle do painel (${reason}); rode o comando com o mesmo usuário do painel.`,
  continues: "Interrompido aqui; a importação continua no painel: acompanhe em 'Fontes de Conteúdo'.",
  source: (existing: boolean, source: { id: number; name: string; kind: string }) =>
    `${existing ? 'Sincronizando' : 'Fonte criada:'} #${source.id} ${source.name} (${source.kind})`,
  progress: (progress: Pick<SyncProgress, 'phase' | 'done' | 'total'>) =>
    `  ${progress.phase}: ${progress.done}${progress.total === null ? '' : `/${progress.total}`}`,
  failed: (error: string) => `Falhou: ${error}`,
  firstUse: (username: string, password: string) =>
    `Primeiro uso do banco: conta admin criada.\n  Usuário: ${username}\n  Senha:   ${password}`,
};

function printSummary(summary: SyncSummary): void {
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
}

const POLL_MS = 300;

/**
 * The server holding the folder runs the import, as its 'Sincronizar' button would (decision 0072); this
 * follows the source's progress until its sync ends. Interrupting here leaves the server's sync running.
 */
async function handOver(control: ImportControlFile, request: unknown, dataDir: string): Promise<number> {
  console.log(TEXTS.handedOver(control.pid, dataDir));
  let started: ImportStarted;
  try {
    started = await callImportControl<ImportStarted>(control, 'POST', IMPORT_PATH, request);
  } catch (error) {
    console.error(TEXTS.unreachable(control.pid, (error as Error).message));
    return 1;
  }
  console.log(TEXTS.source(started.existing, started.source));
  process.once('SIGINT', () => {
    console.error(TEXTS.continues);
    process.exit(130);
  });
  let source: ContentSource = started.source;
  let shown = '';
  for (;;) {
    if (source.sync_progress) {
      const text = TEXTS.progress(source.sync_progress);
      if (text !== shown) console.log(text);
      shown = text;
    }
    if (source.sync_status !== 'running') break;
    await new Promise((done) => setTimeout(done, POLL_MS));
    try {
      source = await callImportControl<ContentSource>(control, 'GET', `${IMPORT_PATH}/sources/${source.id}`);
    } catch (error) {
      console.error(TEXTS.unreachable(control.pid, (error as Error).message));
      return 1;
    }
  }
  if (source.sync_status === 'failed' || !source.sync_summary) {
    console.error(TEXTS.failed(source.sync_error ?? ''));
    return 1;
  }
  printSummary(source.sync_summary);
  return 0;
}

/** No server holds the database: it is opened here (the PGlite folder's lock refuses any other holder). */
async function importHere(config: Config, request: SourceImport): Promise<number> {
  // Loaded only here: a hand-over needs neither the database nor the sync service.
  const [{ openDatabase }, { seedDatabase }, { createContentSourcesService }, { createSyncRunner }] =
    await Promise.all([
      import('../src/db/database'),
      import('../src/db/seed'),
      import('../src/panel/content-sources/content-sources.service'),
      import('../src/panel/content-sources/content-sync.service'),
    ]);
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    // A database the server never opened gets its bouquets (and admin) now, so imported categories join
    // the bouquets as they would on a running server.
    const seeded = await seedDatabase(database.db, {
      username: config.ADMIN_USERNAME,
      password: config.ADMIN_PASSWORD,
    });
    if (seeded.generatedAdminPassword) {
      console.log(TEXTS.firstUse(config.ADMIN_USERNAME, seeded.generatedAdminPassword));
    }
    const runner = createSyncRunner({
      db: database.db,
      timeoutMs: config.UPSTREAM_TIMEOUT_MS,
      onError: (_id, error) => console.error(error),
    });
    const { row: source, existing } = await createContentSourcesService(database.db, runner).importByUrl(
      request,
    );
    console.log(TEXTS.source(existing, source));
    const stop = () => void runner.stop();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    const outcome = await runner.runNow(source.id, (progress) => console.log(TEXTS.progress(progress)));
    if (!outcome) {
      console.error(CONTENT_MESSAGES.syncRunning);
      return 1;
    }
    if (outcome.status === 'failed') {
      console.error(TEXTS.failed(outcome.error));
      return 1;
    }
    printSummary(outcome.summary);
    return 0;
  } finally {
    await database.close();
  }
}

async function main(): Promise<number> {
  const given = input();
  if (!given) {
    console.error(USAGE);
    return 2;
  }
  const parsed = parseSourceImport(given);
  if (!parsed.ok) {
    console.error(`${parsed.field}: ${parsed.message}\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  if (!config.DATABASE_URL && !config.DATA_DIR.startsWith('memory://')) {
    let control: ImportControlFile | undefined;
    try {
      control = findImportControl(config.DATA_DIR);
    } catch (error) {
      console.error(TEXTS.unreadable((error as Error).message));
      return 1;
    }
    if (control) return handOver(control, given, resolve(config.DATA_DIR));
  }
  return importHere(config, parsed.value);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`content:import failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
