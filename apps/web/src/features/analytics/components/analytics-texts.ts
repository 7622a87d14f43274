import type { AnalyticsPeriod, AnalyticsType } from '@panel/shared/analytics/analytics-api';

/** Texts of the analytics screens (docs/product/screens.md#analytics). */
export const ANALYTICS_TEXTS = {
  title: 'Analytics',
  period: 'Período',
  poster: 'Poster',
  itemTitle: 'Título',
  views: 'Views',
  share: '%',
  actions: 'Ações',
  noPoster: 'Sem imagem',
} as const;

/** The screen's subtitle: the menu labels (movies, series, channels, 24h channels). */
export const ANALYTICS_TYPE_LABELS: Record<AnalyticsType, string> = {
  streams: 'Filmes',
  series: 'Séries',
  channels: 'Canais',
  lives: 'Canais 24h',
};

/** The period select, in the presets' order: the whole period is 90 days, today is 1. */
export const ANALYTICS_PERIOD_LABELS: Record<AnalyticsPeriod, string> = {
  90: 'Todo o período (90 dias)',
  1: 'Hoje',
  3: '3 dias',
  7: '7 dias',
  14: '14 dias',
  30: '30 dias',
  60: '60 dias',
};
