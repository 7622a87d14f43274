import type { SyncProgress, SyncStatus } from '@panel/shared/content-sources/content-sources-api';
import type { CategoryKind, DeliveryMode, SourceKind } from '@panel/shared/content/stream-kinds';

/**
 * Texts only the content-sources screen shows (docs/product/screens.md#content-sources). The rules'
 * messages and the server's refusals are CONTENT_MESSAGES in @panel/shared/content/content-sources-api.
 */
export const CONTENT_TEXTS = {
  title: 'Fontes de Conteúdo',
  sourcesTab: 'Fontes',
  categoriesTab: 'Categorias',
  newSource: 'Nova fonte',
  empty: 'Nenhuma fonte cadastrada',
  emptyHint: 'Cadastre um servidor Xtream ou uma lista M3U para importar canais, filmes e séries.',
  sync: 'Sincronizar',
  edit: 'Editar',
  remove: 'Remover',
  removeTitle: 'Remover fonte',
  removeConfirm: (name: string) =>
    `Deseja realmente remover a fonte "${name}"? Os canais, filmes e séries importados dela deixam de ser oferecidos.`,
  editTitle: (name: string) => `Editar fonte - ${name}`,
  save: 'Salvar',
  create: 'Criar',
  name: 'Nome',
  kind: 'Tipo',
  xtreamUrl: 'URL do servidor',
  xtreamUrlPlaceholder: 'http://servidor.exemplo.com:8080',
  username: 'Usuário',
  password: 'Senha',
  passwordKeep: 'Deixe em branco para manter a senha atual',
  m3uUrl: 'Lista M3U (URL ou caminho no servidor)',
  m3uUrlPlaceholder: 'http://… ou /caminho/lista.m3u',
  xmltvUrl: 'Guia XMLTV (URL ou caminho no servidor, opcional)',
  deliveryMode: 'Entrega dos canais',
  deliveryRedirect:
    'Redirecionamento: o aplicativo do cliente busca o vídeo direto na origem (endereço assinado).',
  deliveryProxy:
    'Proxy: o vídeo passa por este servidor; necessário quando a origem não pode ser exposta (Xtream).',
  interval: 'Intervalo de sincronização (minutos)',
  intervalHint: 'Em branco: só sincroniza quando você pedir (5 a 10080 minutos)',
  guideOffset: 'Ajuste de horário do guia',
  guideOffsetHint:
    'Somado aos horários dos programas: +03:00 mostra o guia 3 horas mais tarde. Vale na hora para o guia já importado.',
  guideOffsetShort: 'Ajuste do guia',
  noGuideOffset: 'Sem ajuste',
  schedule: 'Sincronização',
  guide: 'Guia',
  delivery: 'Entrega',
  every: (minutes: number) => (minutes % 60 === 0 ? `A cada ${minutes / 60} h` : `A cada ${minutes} min`),
  manualOnly: 'Manual',
  lastSync: 'Última sincronização',
  never: 'Nunca',
  summaryTitle: 'Resultado',
  summaryLine: (added: number, updated: number, retired: number) =>
    `${added} novos · ${updated} atualizados · ${retired} retirados`,
  programmes: (count: number) => `${count} programas no guia`,
  seconds: (seconds: number) => `em ${Math.round(seconds)} s`,
  progressItems: (done: number) => `${done} itens`,
  progressOf: (done: number, total: number) => `${done} / ${total}`,
  categoriesEmpty: 'Nenhuma categoria importada',
  categoryFilter: 'Buscar categoria',
  categoryName: 'Categoria',
  items: (count: number) => (count === 1 ? '1 item' : `${count} itens`),
  categoryBouquets: 'Bouquets',
  noBouquets: 'Nenhum bouquet',
  adult: 'Adulto',
  editBouquets: 'Bouquets',
  bouquetsTitle: (name: string) => `Bouquets da categoria ${name}`,
  bouquetsHint: 'Os clientes com um destes bouquets veem a categoria e o seu conteúdo.',
  bouquetsSaved: 'Bouquets atualizados com sucesso',
} as const;

export const SOURCE_KIND_LABELS: Record<SourceKind, string> = { xtream: 'Xtream', m3u: 'M3U' };

export const DELIVERY_LABELS: Record<DeliveryMode, string> = {
  redirect: 'Redirecionamento',
  proxy: 'Proxy',
};

export const SYNC_STATUS_LABELS: Record<SyncStatus, { label: string; color: string }> = {
  idle: { label: 'Nunca sincronizada', color: 'gray' },
  running: { label: 'Sincronizando', color: 'blue' },
  ok: { label: 'Sincronizada', color: 'teal' },
  failed: { label: 'Falhou', color: 'red' },
};

/**
 * What a running sync is doing, as the progress bar says it. 'playlist' is an M3U read in one pass (its
 * kinds are mixed), written out so the map holds every phase the importer reports.
 */
export const SYNC_PHASE_LABELS: Record<SyncProgress['phase'] | 'playlist', string> = {
  categories: 'Categorias',
  live: 'Canais',
  movies: 'Filmes',
  series: 'Séries',
  episodes: 'Episódios',
  playlist: 'Lista M3U',
  epg: 'Guia (EPG)',
  retiring: 'Retirando itens removidos',
};

export const CATEGORY_KIND_LABELS: Record<CategoryKind, string> = {
  live: 'Canais',
  movie: 'Filmes',
  series: 'Séries',
};
