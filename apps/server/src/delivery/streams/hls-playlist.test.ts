import { describe, expect, it } from 'vitest';
import { isMasterPlaylist, rewritePlaylist } from './hls-playlist';

// The proxy's playlist rewrite (decision 0040): every URI resolved against the playlist's own URL
// (RFC 3986 section 5) and replaced, with variant playlists told apart from media.
const rewrite = (text: string, base: string) =>
  rewritePlaylist(text, base, ({ absolute, playlist }) => `[${playlist ? 'P' : 'M'} ${absolute}]`);

describe('rewritePlaylist', () => {
  it('resolves relative, rooted, parent and absolute segment URIs against the playlist URL', () => {
    const text = [
      '#EXTM3U',
      '#EXT-X-TARGETDURATION:2',
      '#EXT-X-KEY:METHOD=AES-128,URI="keys/k1.key",IV=0x1',
      '#EXT-X-MAP:URI="init.mp4"',
      '#EXTINF:2,',
      'seg1.ts',
      '#EXTINF:2,',
      '/root/seg2.ts?t=1',
      '#EXTINF:2,',
      '../up/seg3.ts',
      '#EXTINF:2,',
      'https://cdn.example/seg4.ts',
      '#EXT-X-ENDLIST',
    ].join('\r\n');
    expect(rewrite(text, 'http://u:p@up.example:8080/live/a/b/index.m3u8?token=x').split('\n')).toEqual([
      '#EXTM3U',
      '#EXT-X-TARGETDURATION:2',
      '#EXT-X-KEY:METHOD=AES-128,URI="[M http://u:p@up.example:8080/live/a/b/keys/k1.key]",IV=0x1',
      '#EXT-X-MAP:URI="[M http://u:p@up.example:8080/live/a/b/init.mp4]"',
      '#EXTINF:2,',
      '[M http://u:p@up.example:8080/live/a/b/seg1.ts]',
      '#EXTINF:2,',
      '[M http://u:p@up.example:8080/root/seg2.ts?t=1]',
      '#EXTINF:2,',
      '[M http://u:p@up.example:8080/live/a/up/seg3.ts]',
      '#EXTINF:2,',
      '[M https://cdn.example/seg4.ts]',
      '#EXT-X-ENDLIST',
    ]);
  });

  it('marks variant playlists, renditions and I-frame lists as playlists; leaves inline keys alone', () => {
    const text = [
      '#EXTM3U',
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",NAME="pt",URI="audio/pt.m3u8"',
      '#EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=1000,URI="iframes.m3u8"',
      '#EXT-X-SESSION-KEY:METHOD=AES-128,URI="data:text/plain;base64,AAAA"',
      '#EXT-X-STREAM-INF:BANDWIDTH=800000,AUDIO="a"',
      'low/index.m3u8',
    ].join('\n');
    expect(isMasterPlaylist(text)).toBe(true);
    expect(rewrite(text, 'http://up.example/hls/master.m3u8').split('\n')).toEqual([
      '#EXTM3U',
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",NAME="pt",URI="[P http://up.example/hls/audio/pt.m3u8]"',
      '#EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=1000,URI="[P http://up.example/hls/iframes.m3u8]"',
      '#EXT-X-SESSION-KEY:METHOD=AES-128,URI="data:text/plain;base64,AAAA"',
      '#EXT-X-STREAM-INF:BANDWIDTH=800000,AUDIO="a"',
      '[P http://up.example/hls/low/index.m3u8]',
    ]);
  });
});
