import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { PanelApi } from '../fixtures/api';
import { syncSource } from '../fixtures/library';

/** A small library of one source: two films, a series of two episodes and a channel, named with `tag`. */
export interface SeededLibrary {
  sourceId: number;
  movie: string;
  otherMovie: string;
  series: string;
  channel: string;
}

/** Writes the playlist on the server's own disk (the e2e server runs on this machine) and syncs it. */
export async function seedLibrary(
  adminApi: PanelApi,
  tag: string,
  posterUrl: string,
): Promise<SeededLibrary> {
  const library = {
    movie: `Matrix ${tag}`,
    otherMovie: `Up ${tag}`,
    series: `Dark ${tag}`,
    channel: `Canal ${tag}`,
  };
  const path = join(mkdtempSync(join(tmpdir(), 'panel-e2e-garbage-')), `lista-${tag}.m3u`);
  const cdn = 'http://cdn.invalid';
  writeFileSync(
    path,
    [
      '#EXTM3U',
      `#EXTINF:-1 tvg-logo="${posterUrl}" group-title="Filmes ${tag}",${library.movie}`,
      `${cdn}/movie/u/p/${tag}1.mp4`,
      `#EXTINF:-1 group-title="Filmes ${tag}",${library.otherMovie}`,
      `${cdn}/movie/u/p/${tag}2.mp4`,
      `#EXTINF:-1 group-title="Séries ${tag}",${library.series} S01E01`,
      `${cdn}/series/u/p/${tag}3.mp4`,
      `#EXTINF:-1 group-title="Séries ${tag}",${library.series} S01E02`,
      `${cdn}/series/u/p/${tag}4.mp4`,
      `#EXTINF:-1 tvg-id="canal${tag}" group-title="Canais ${tag}",${library.channel}`,
      `${cdn}/live/u/p/${tag}5.ts`,
      '',
    ].join('\n'),
  );
  const source = await adminApi.call<{ id: number }>('POST', '/admin/content/sources', {
    kind: 'm3u',
    name: `Remoções ${tag}`,
    url: path,
  });
  await syncSource(adminApi, source.id);
  return { sourceId: source.id, ...library };
}

type PlayerItem = { name: string; stream_id?: number; series_id?: number };

/** What a line's player app lists (player_api.php) for `action`. */
export async function playerList(
  request: APIRequestContext,
  line: { username: string; password: string },
  action: 'get_vod_streams' | 'get_series' | 'get_live_streams',
): Promise<PlayerItem[]> {
  const response = await request.get(
    `/player_api.php?username=${line.username}&password=${line.password}&action=${action}`,
  );
  expect(response.status()).toBe(200);
  return (await response.json()) as PlayerItem[];
}

/**
 * Views as a streaming server reports them (docs/ingest-api.md#views-post-apiingestv1views): `counts` per
 * item id, today. The admin creates the server and its token first.
 */
export async function reportViews(
  request: APIRequestContext,
  adminApi: PanelApi,
  tag: string,
  counts: { streamId: number; count: number }[],
): Promise<void> {
  const server = await adminApi.call<{ token: string }>('POST', '/admin/streaming-servers', {
    name: `Views ${tag}`,
  });
  const response = await request.post('/api/ingest/v1/views', {
    headers: { authorization: `Bearer ${server.token}` },
    data: {
      batch_id: `views-${tag}`,
      views: counts.map(({ streamId, count }) => ({ stream_id: streamId, count })),
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The analytics row (or card) of `title`. */
export function analyticsRow(page: Page, title: string): Locator {
  return page
    .getByTestId('analytics-table-row')
    .or(page.getByTestId('analytics-table-card'))
    .filter({ hasText: title });
}

/** The content-removal row (or card) of `title`. */
export function removalRow(page: Page, title: string): Locator {
  return page
    .getByTestId('removals-table-row')
    .or(page.getByTestId('removals-table-card'))
    .filter({ hasText: title });
}
