import pg from 'pg';
import { createHash } from 'node:crypto';
import { openDatabase } from '../src/db/database';
import { playlistStreamsPage, playlistEpisodesPage } from '../src/delivery/content/content-read.repository';
import { playlistChunks } from '../src/delivery/player/playlist.service';
const h = await openDatabase({ url: 'postgres://postgres@127.0.0.1:5432/panel_bench_starts', dataDir: '/tmp/x' });
const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:5432/panel_bench_starts' });
const { rows: [line] } = await pool.query(`select * from lines where username='benchplay001'`);
const rendering = { plus: true, urlPrefix: { live: 'http://x/live/u/p/', movie: 'http://x/movie/u/p/', series: 'http://x/series/u/p/' }, liveExtension: 'ts' };
for (let r = 0; r < 2; r++) {
  const t0 = performance.now(); let n = 0; const hash = createHash('sha1');
  for (const kind of ['live', 'movie'] as const) {
    let after; for (;;) { const p = await playlistStreamsPage(h.db, kind, line.bouquets, rendering, after, 2000); if (!p) break; n++; hash.update(p.body); after = p.last; if (p.count < 2000) break; }
  }
  let afterId = 0; for (;;) { const p = await playlistEpisodesPage(h.db, line.bouquets, rendering, afterId, 2000); if (!p) break; n++; hash.update(p.body); afterId = p.last.id; if (p.count < 2000) break; }
  console.log('keyset pages', n, hash.digest('hex').slice(0, 12), 'ms', (performance.now() - t0).toFixed(0));
  const t1 = performance.now(); const h2 = createHash('sha1'); let first = 0; let c = 0;
  for await (const chunk of playlistChunks(h.db, { ...line, bouquets: line.bouquets }, 'http://x', 'm3u_plus', 'ts')) { if (!c++) first = performance.now() - t1; h2.update(chunk); }
  console.log('cursor chunks', c, 'first byte ms', first.toFixed(0), 'ms', (performance.now() - t1).toFixed(0));
}
await h.close(); await pool.end();
