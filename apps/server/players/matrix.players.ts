import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startXtreamUpstream, type XtreamUpstream } from '../test/upstream/xtream-upstream';
import {
  createLine,
  createReseller,
  importLibrary,
  linePlaylist,
  setDeliveryMode,
  startPanel,
  type Panel,
  type PanelLine,
  type SeenRequest,
} from './panel';
import {
  discoverInGstreamer,
  PLAYER_AGENTS,
  playerVersions,
  playInMpv,
  playInVlc,
  probeDecodedVideo,
  recordInStreamlink,
  removePlayerFiles,
  type PlayerName,
  type Verdict,
} from './players';
import { failureReport, table } from './report';

/**
 * Decision 0065: a line sold by the panel plays in the real players customers use. A reseller creates the line
 * through the panel's API; the admin imports the library from an Xtream upstream (a real HTTP server on
 * 127.0.0.1 serving media ffmpeg made, its live HLS answered as nginx answers a file: `Range` honoured,
 * segments as rooted paths); then VLC, mpv, gst-discoverer, streamlink and ffprobe open the line's URLs
 * through the panel, relayed (proxy) and then redirected with a signed token (redirect); VLC and ffprobe also
 * play a past programme through both catch-up URL shapes (decision 0120). A cell passes
 * only on decoded video (players.ts). Cells run four at a time, never two of one player at once (so the
 * server's requests of a player's User-Agent in a cell's time are that cell's). Decision 0065.
 */
type Mode = 'proxy' | 'redirect';
type Target =
  | 'get.php playlist'
  | 'live .ts'
  | 'live .m3u8'
  | 'movie'
  | 'movie, seek 2 s'
  | 'episode'
  | 'catch-up /timeshift/'
  | 'catch-up timeshift.php';

interface Cell {
  player: PlayerName;
  target: Target;
  run: () => Promise<Verdict>;
}
interface CellResult {
  player: PlayerName;
  target: Target;
  mode: Mode;
  verdict: Verdict;
  requests: SeenRequest[];
}

const CONCURRENCY = 4;
const started = Date.now();
let upstream: XtreamUpstream;
let panel: Panel;
let line: PanelLine;
let sourceId = 0;
const results: CellResult[] = [];

beforeAll(async () => {
  upstream = await startXtreamUpstream({ rootedSegments: true });
  panel = await startPanel();
  const reseller = await createReseller(panel);
  // Five players are five devices (address + User-Agent, decision 0044): the line has room for them.
  line = await createLine(panel, reseller, { username: 'matriz01', password: 'Vx7Lq2Rb', screens: 10 });
  sourceId = await importLibrary(panel, {
    kind: 'xtream',
    name: 'Provedor de teste',
    url: upstream.url,
    username: upstream.username,
    password: upstream.password,
    delivery_mode: 'proxy',
  });
}, 120_000);

afterAll(async () => {
  removePlayerFiles();
  await panel?.close();
  await upstream?.close();
  if (results.length === 0) return;
  const versions = playerVersions();
  const modes: Mode[] = ['proxy', 'redirect'];
  const keys = [...new Map(results.map((result) => [`${result.player}|${result.target}`, result])).values()];
  const rows = keys.map(({ player, target }) => [
    `${player} ${versions[player]}`,
    target,
    ...modes.map((mode) => {
      const result = results.find((r) => r.player === player && r.target === target && r.mode === mode);
      if (!result) return '-';
      const seconds = (result.verdict.ms / 1000).toFixed(1);
      return `${result.verdict.pass ? 'pass' : 'FAIL'} ${seconds} s: ${result.verdict.detail}`.slice(0, 70);
    }),
  ]);
  const passed = results.filter((result) => result.verdict.pass).length;
  console.log(
    [
      '',
      'Real players × a line sold by the panel (decoded video only):',
      table(['player', 'target', 'proxy', 'redirect'], rows),
      `${passed} passed, ${results.length - passed} failed; the matrix took ${((Date.now() - started) / 1000).toFixed(0)} s`,
    ].join('\n'),
  );
});

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A programme of two hours ago on the playlist's first channel (the upstream keeps 3 days of its archive),
 * in both catch-up URL shapes (decision 0120); START in UTC, the panel's and the upstream's zone.
 */
function catchupUrls(live: string): Record<'catch-up /timeshift/' | 'catch-up timeshift.php', string> {
  const match = /^(.*)\/live\/([^/]+)\/([^/]+)\/(\d+)\.ts$/.exec(live);
  const [, base = '', user = '', pass = '', id = ''] = match ?? [];
  const at = new Date(Date.now() - 2 * 3_600_000);
  const start =
    `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}:` +
    `${pad(at.getUTCHours())}-${pad(at.getUTCMinutes())}`;
  return {
    'catch-up /timeshift/': `${base}/timeshift/${user}/${pass}/60/${start}/${id}.ts`,
    'catch-up timeshift.php': `${base}/streaming/timeshift.php?username=${user}&password=${pass}&stream=${id}&start=${start}&duration=60`,
  };
}

function cellsFor(entries: string[], playlistUrl: string): Cell[] {
  const live = entries.find((url) => url.includes('/live/')) ?? '';
  const catchup = catchupUrls(live);
  const urls: Record<'live .ts' | 'live .m3u8' | 'movie' | 'episode', string> = {
    'live .ts': live,
    'live .m3u8': live.replace(/\.ts$/, '.m3u8'),
    movie: entries.find((url) => url.includes('/movie/')) ?? '',
    episode: entries.find((url) => url.includes('/series/')) ?? '',
  };
  const media = ['live .ts', 'live .m3u8', 'movie', 'episode'] as const;
  return [
    // VLC first: the slowest to start, the longest column.
    {
      player: 'VLC',
      target: 'get.php playlist',
      run: () => playInVlc(playlistUrl, { playlistEntries: entries }),
    },
    {
      player: 'mpv',
      target: 'get.php playlist',
      run: () => playInMpv(playlistUrl, { playlistEntries: entries }),
    },
    ...media.flatMap((target): Cell[] => [
      { player: 'VLC', target, run: () => playInVlc(urls[target]) },
      { player: 'mpv', target, run: () => playInMpv(urls[target]) },
      { player: 'gst-discoverer', target, run: () => discoverInGstreamer(urls[target]) },
      { player: 'streamlink', target, run: () => recordInStreamlink(urls[target]) },
      { player: 'ffprobe', target, run: () => probeDecodedVideo(urls[target]) },
    ]),
    { player: 'VLC', target: 'movie, seek 2 s', run: () => playInVlc(urls.movie, { startSeconds: 2 }) },
    { player: 'mpv', target: 'movie, seek 2 s', run: () => playInMpv(urls.movie, { startSeconds: 2 }) },
    ...(['catch-up /timeshift/', 'catch-up timeshift.php'] as const).flatMap((target): Cell[] => [
      { player: 'VLC', target, run: () => playInVlc(catchup[target]) },
      { player: 'ffprobe', target, run: () => probeDecodedVideo(catchup[target]) },
    ]),
  ];
}

/** Runs the cells CONCURRENCY at a time, one per player at a time; answers their results in cell order. */
async function runCells(cells: Cell[], mode: Mode): Promise<CellResult[]> {
  const pending = [...cells];
  const busy = new Set<PlayerName>();
  const done = new Map<Cell, CellResult>();
  const waiting: (() => void)[] = [];
  const worker = async (): Promise<void> => {
    for (;;) {
      const index = pending.findIndex((cell) => !busy.has(cell.player));
      const [cell] = index < 0 ? [] : pending.splice(index, 1);
      if (!cell) {
        if (pending.length === 0) return;
        // Every cell left is of a player already running: wait until one finishes.
        await new Promise<void>((resolve) => waiting.push(resolve));
        continue;
      }
      busy.add(cell.player);
      const from = Date.now();
      const verdict = await cell.run().catch((error: unknown): Verdict => ({
        pass: false,
        detail: String(error),
        output: String(error),
        ms: 0,
      }));
      const to = Date.now();
      busy.delete(cell.player);
      for (const wake of waiting.splice(0)) wake();
      const requests = panel.requests.filter(
        (request) =>
          request.at >= from && request.at <= to && PLAYER_AGENTS[cell.player].test(request.userAgent),
      );
      done.set(cell, { player: cell.player, target: cell.target, mode, verdict, requests });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, () => worker()));
  return cells.map((cell) => done.get(cell) as CellResult);
}

async function playMode(mode: Mode): Promise<void> {
  const { url, entries } = await linePlaylist(panel, line);
  expect(entries.length).toBe(7);
  const cellResults = await runCells(cellsFor(entries, url), mode);
  results.push(...cellResults);
  const failed = cellResults.filter((result) => !result.verdict.pass);
  for (const result of failed) {
    console.log(
      failureReport(`${result.player} × ${result.target} (${mode})`, result.verdict, result.requests),
    );
  }
  expect(failed.map((result) => `${result.player} × ${result.target}: ${result.verdict.detail}`)).toEqual([]);
}

describe('a line sold by the panel plays in real players', () => {
  it('relayed by the panel (proxy)', () => playMode('proxy'), 150_000);

  it('redirected to the source with a signed token (redirect)', async () => {
    await setDeliveryMode(panel, sourceId, 'redirect');
    await playMode('redirect');
  }, 150_000);
});
