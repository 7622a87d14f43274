import { describe, expect, it } from 'vitest';
import { liveFormatOfOutput } from './stream-kinds';
import { playlistLinks, streamUrl } from './playlist-links';

describe('playlistLinks', () => {
  it('builds the get.php, HLS and guide addresses from the base without its trailing slash', () => {
    const links = playlistLinks('http://tv.example.com:8080/', 'cliente01', 'Senha9x');
    expect(links).toEqual({
      playerApiBase: 'http://tv.example.com:8080',
      m3u: 'http://tv.example.com:8080/get.php?username=cliente01&password=Senha9x&type=m3u&output=ts',
      m3uPlus:
        'http://tv.example.com:8080/get.php?username=cliente01&password=Senha9x&type=m3u_plus&output=ts',
      hls: 'http://tv.example.com:8080/get.php?username=cliente01&password=Senha9x&type=m3u_plus&output=m3u8',
      epg: 'http://tv.example.com:8080/xmltv.php?username=cliente01&password=Senha9x',
    });
  });

  it('percent-encodes the characters the panel allows in passwords that would break a URL', () => {
    const links = playlistLinks('http://h', 'a@b!c1', 'x?y@z!');
    expect(links.m3u).toBe('http://h/get.php?username=a%40b!c1&password=x%3Fy%40z!&type=m3u&output=ts');
    expect(streamUrl('http://h', 'live', 'a@b', 'x?y', 7, 'ts')).toBe('http://h/live/a%40b/x%3Fy/7.ts');
  });
});

describe('liveFormatOfOutput', () => {
  it('maps the Xtream output aliases and falls back to ts', () => {
    expect(liveFormatOfOutput('m3u8')).toBe('m3u8');
    expect(liveFormatOfOutput('hls')).toBe('m3u8');
    expect(liveFormatOfOutput('mpegts')).toBe('ts');
    expect(liveFormatOfOutput('ts')).toBe('ts');
    expect(liveFormatOfOutput(undefined)).toBe('ts');
  });
});
