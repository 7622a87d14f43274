import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasVideo } from './ffprobe';
import { startXtreamUpstream, type XtreamUpstream } from './xtream-upstream';

// The test upstream itself must be right before the importer and proxy are tested against it.
let upstream: XtreamUpstream;
beforeAll(async () => {
  upstream = await startXtreamUpstream();
}, 120_000);
afterAll(() => upstream.close());

describe('test Xtream upstream', () => {
  it('refuses wrong credentials and lists its catalogue to the right ones', async () => {
    const wrong = await fetch(`${upstream.url}/player_api.php?username=x&password=y`).then((r) => r.json());
    expect(wrong).toEqual({ user_info: { auth: 0 } });
    const live = (await fetch(
      `${upstream.url}/player_api.php?username=${upstream.username}&password=${upstream.password}&action=get_live_streams`,
    ).then((r) => r.json())) as { stream_id: number }[];
    expect(live.map((item) => item.stream_id)).toEqual([1001, 1002]);
  });

  it('serves media ffprobe finds video in: live TS, live HLS, movie and episode', async () => {
    const credentials = `${upstream.username}/${upstream.password}`;
    for (const url of [
      `${upstream.url}/live/${credentials}/1001.ts`,
      `${upstream.url}/live/${credentials}/1001.m3u8`,
      `${upstream.url}/movie/${credentials}/2001.mp4`,
      `${upstream.url}/series/${credentials}/4001.mp4`,
    ]) {
      expect(await hasVideo(url), url).toBe(true);
    }
  });

  it('honours Range on files', async () => {
    const response = await fetch(upstream.mediaUrl('movie.mp4'), { headers: { range: 'bytes=0-99' } });
    expect(response.status).toBe(206);
    expect((await response.arrayBuffer()).byteLength).toBe(100);
  });
});
