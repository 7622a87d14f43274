import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { libraryFromUpstream } from '../../../test/content-factory';
import { createAccount, createLine } from '../../../test/factories';
import { startTestApp, type TestApp } from '../../../test/test-app';
import { verifyStreamToken } from './stream-tokens';
import { startXtreamUpstream, type XtreamUpstream } from '../../../test/upstream/xtream-upstream';

// Stream URLs on an app with a logger and STREAM_TOKEN_SECRET (decision 0040): the one log line per
// request holds the line's username, never its password, and proxy token URLs are shortened; redirects
// are signed with the configured secret.
const STREAM_TOKEN_SECRET = 'configured-stream-secret-0001';
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(String(chunk));
    done();
  },
});
let testApp: TestApp;
let upstream: XtreamUpstream;

beforeAll(async () => {
  testApp = await startTestApp({ LOG_LEVEL: 'info', STREAM_TOKEN_SECRET }, { logStream });
  upstream = await startXtreamUpstream();
}, 120_000);
afterAll(async () => {
  await testApp?.close();
  await upstream?.close();
});

describe('stream URLs with a logger and a configured secret', () => {
  it('log lines mask the password and shorten proxy tokens', async () => {
    const { app } = testApp;
    const library = await libraryFromUpstream(app, upstream, { deliveryMode: 'proxy' });
    const line = await createLine(app, await createAccount(app), { password: 'Segredo!42x' });
    const playlist = await app.inject({
      method: 'GET',
      url: `/live/${line.username}/${encodeURIComponent(line.password)}/${library.live.id}.m3u8`,
    });
    expect(playlist.statusCode).toBe(200);
    const variant = playlist.body.split('\n').find((row) => row.includes('/hls/')) ?? '';
    const token = /\/hls\/([^.]+)\./.exec(variant)?.[1] ?? '';
    expect(token.length).toBeGreaterThan(40);
    expect((await app.inject({ method: 'GET', url: new URL(variant).pathname })).statusCode).toBe(200);
    await app.inject({ method: 'GET', url: `/movie/${line.username}/wrong-${line.password}/1.mp4` });
    // Catch-up URLs (decision 0120): the password in the path and in the query.
    const password = encodeURIComponent(line.password);
    await app.inject({
      method: 'GET',
      url: `/timeshift/${line.username}/${password}/60/2026-01-01:00-00/1.ts`,
    });
    await app.inject({
      method: 'GET',
      url: `/streaming/timeshift.php?username=${line.username}&password=${password}&stream=1&start=1&duration=60`,
    });

    const all = logLines.join('');
    expect(all).toContain(`/live/${line.username}/***/${library.live.id}.m3u8`);
    expect(all).toContain(`/hls/${token.slice(0, 6)}…`);
    expect(all).toContain(`/timeshift/${line.username}/***/60/`);
    expect(all).toContain(`timeshift.php?username=${line.username}&password=***&stream=1`);
    expect(all).not.toContain('Segredo');
    expect(all).not.toContain(token);
  });

  it('redirects are signed with STREAM_TOKEN_SECRET', async () => {
    const { app } = testApp;
    const library = await libraryFromUpstream(app, upstream, { deliveryMode: 'redirect' });
    const line = await createLine(app, await createAccount(app));
    const response = await app.inject({
      method: 'GET',
      url: `/movie/${line.username}/${encodeURIComponent(line.password)}/${library.movie.id}.mp4`,
    });
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location));
    expect(verifyStreamToken(STREAM_TOKEN_SECRET, location)?.streamId).toBe(library.movie.id);
  });
});
