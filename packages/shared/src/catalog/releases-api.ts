import { z } from 'zod';

/**
 * The top bar's content-updates drawer (docs/product/screens.md#top-bar, decision 0058): the movies and
 * series added to the library in the last RELEASES_DAYS days, newest first, at most RELEASES_MAX of each.
 */
export const RELEASES_DAYS = 30;
export const RELEASES_MAX = 50;

/** The drawer's texts; the list headings are also the headings of the text it copies and shares. */
export const RELEASES_TEXTS = {
  title: 'Novidades',
  movies: 'Novos filmes',
  series: 'Novas séries',
  empty: 'Nenhum Resultado',
  copy: 'Copiar',
  send: 'Enviar no WhatsApp',
} as const;

/** One movie or series: its poster ('' when the source has none) and when it entered the library. */
export const releaseSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  image: z.string(),
  /** ISO 8601. */
  added_at: z.string(),
});
export type Release = z.infer<typeof releaseSchema>;

/** GET /api/catalog/releases. */
export const releasesSchema = z.object({
  days: z.number().int(),
  movies: z.array(releaseSchema),
  series: z.array(releaseSchema),
});
export type Releases = z.infer<typeof releasesSchema>;

/**
 * The text 'Copiar' puts on the clipboard and 'Enviar no WhatsApp' sends: a bold heading per non-empty
 * list (WhatsApp's *bold*), one title a line. Empty when both lists are.
 */
export function releasesShareText(releases: Pick<Releases, 'movies' | 'series'>): string {
  const section = (heading: string, items: readonly Release[]) =>
    items.length ? [`*${heading}*`, ...items.map((item) => `- ${item.title}`)].join('\n') : '';
  return [section(RELEASES_TEXTS.movies, releases.movies), section(RELEASES_TEXTS.series, releases.series)]
    .filter(Boolean)
    .join('\n\n');
}
