import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONNECTION_MESSAGES } from '@panel/shared/online/online-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { startEndlessLive, type EndlessLive } from '../test/upstream/endless-live';
import { startXtreamUpstream, type XtreamUpstream } from '../test/upstream/xtream-upstream';
import {
  createLine,
  createReseller,
  describeRequest,
  importLibrary,
  linePlaylist,
  startPanel,
  type Panel,
  type PanelLine,
} from './panel';
import { playInMpv, probeDecodedVideo, removePlayerFiles, watchInMpv } from './players';
import { table } from './report';

/**
 * Screens as real players meet them (decisions 0044 and 0065), on 1-screen lines created by a
 * reseller through the panel's API, with live channels that never end (test/upstream/endless-live.ts)
 * imported by the admin as two M3U sources, one relayed (proxy), one redirected: a second device is
 * refused while the same device zaps; a HEAD never takes the screen; and how long a stopped player's
 * screen stays taken, measured by another device asking every half second. The server runs with short
 * timings so this stays fast.
 */
const TTL_SECONDS = 10;
const SWEEP_MS = 500;
const GRACE_SECONDS = 3;
const SERVER_ENV = {
  CONNECTION_TTL_SECONDS: String(TTL_SECONDS),
  CONNECTION_SWEEP_MS: String(SWEEP_MS),
  CONNECTION_GRACE_SECONDS: String(GRACE_SECONDS),
};
/** Whether this checkout's server knows CONNECTION_GRACE_SECONDS (else the setting is ignored). */
const serverHasGrace = 'CONNECTION_GRACE_SECONDS' in loadConfig({ CAPTCHA_PROVIDER: 'none', ...SERVER_ENV });

type Mode = 'proxy' | 'redirect';
const MODES: Mode[] = ['proxy', 'redirect'];

let endless: EndlessLive;
let upstream: XtreamUpstream;
let panel: Panel;
const work = mkdtempSync(join(tmpdir(), 'panel-players-screens-'));
const lines = {} as Record<Mode, { zap: PanelLine; head: PanelLine; free: PanelLine; hls: PanelLine }>;
const report: string[][] = [];
const started = Date.now();

const agent = (device: string) => `PanelScreensCheck/1.0 (${device})`;

beforeAll(async () => {
  endless = await startEndlessLive();
  upstream = await startXtreamUpstream();
  panel = await startPanel(SERVER_ENV);
  for (const mode of MODES) {
    const file = join(work, `${mode}.m3u`);
    const entry = (channel: number) => [
      `#EXTINF:-1 tvg-id="${mode}${channel}.br" tvg-name="Canal ${mode} ${channel}" group-title="Ao vivo ${mode}",Canal ${mode} ${channel}`,
      `${endless.url}?canal=${mode}${channel}`,
    ];
    // The proxied source also has an HLS channel (the test upstream's playlist of three 2-s segments).
    const hls = [
      `#EXTINF:-1 tvg-id="${mode}3.br" tvg-name="Canal ${mode} 3" group-title="Ao vivo ${mode}",Canal ${mode} 3`,
      upstream.mediaUrl('live.m3u8'),
    ];
    writeFileSync(
      file,
      ['#EXTM3U', ...entry(1), ...entry(2), ...(mode === 'proxy' ? hls : []), ''].join('\n'),
    );
    await importLibrary(panel, { kind: 'm3u', name: `Ao vivo ${mode}`, url: file, delivery_mode: mode });
  }
  const reseller = await createReseller(panel);
  let next = 0;
  const oneScreen = () =>
    createLine(panel, reseller, { username: `telas0${++next}x`, password: `Tk${next}w9Qz` });
  for (const mode of MODES) {
    lines[mode] = {
      zap: await oneScreen(),
      head: await oneScreen(),
      free: await oneScreen(),
      hls: await oneScreen(),
    };
  }
}, 120_000);

afterAll(async () => {
  removePlayerFiles();
  await panel?.close();
  await endless?.close();
  await upstream?.close();
  rmSync(work, { recursive: true, force: true });
  if (report.length === 0) return;
  console.log(
    [
      '',
      `Screens with real players (TTL ${TTL_SECONDS} s, sweep ${SWEEP_MS} ms, grace ${GRACE_SECONDS} s${serverHasGrace ? '' : ': unknown to this server'}):`,
      table(['check', 'mode', 'result', 'what happened'], report),
      `the screen checks took ${((Date.now() - started) / 1000).toFixed(0)} s`,
    ].join('\n'),
  );
});

/** The line's channels of this mode's source, as its playlist lists them (the third: HLS, proxy only). */
async function channelsOf(line: PanelLine, mode: Mode): Promise<[string, string, string]> {
  const { channels } = await linePlaylist(panel, line);
  const url = (channel: number) =>
    channels.find((entry) => entry.name === `Canal ${mode} ${channel}`)?.url ?? '';
  return [url(1), url(2), url(3)];
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const requestsOf = (device: string) =>
  panel.requests.filter((request) => request.userAgent === agent(device));

/** What the panel answers a device's GET now: the status and, for a refusal, its message. */
async function ask(url: string, device: string): Promise<{ status: number; message?: string }> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { 'user-agent': agent(device) },
    redirect: 'manual',
    signal: controller.signal,
  });
  if (response.status >= 400) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    return { status: response.status, message: body.message };
  }
  // Allowed: the device leaves at once (a relay's body is never read).
  controller.abort();
  return { status: response.status };
}

function record(check: string, mode: Mode, pass: boolean, what: string): void {
  report.push([check, mode, pass ? 'pass' : 'FAIL', what]);
}

describe.each(MODES)('screens of a 1-screen line with real players (%s)', (mode) => {
  it('a second device is refused with the screens message; the same device zapping is allowed', async () => {
    const [first, second] = await channelsOf(lines[mode].zap, mode);
    const deviceA = watchInMpv(first, { userAgent: agent('device A') });
    try {
      expect(await deviceA.reachedWithin(20_000), 'device A plays the first channel').toBe(true);
      const deviceB = await probeDecodedVideo(second, { userAgent: agent('device B') });
      const refusal = requestsOf('device B')[0];
      const answer = await ask(second, 'device B');
      const zap = watchInMpv(second, { userAgent: agent('device A') });
      const zapped = await zap.reachedWithin(20_000);
      await zap.stop();
      const refused = !deviceB.pass && refusal?.status === 403 && answer.status === 403;
      const message = answer.message === CONNECTION_MESSAGES.screensLimit;
      record(
        'device B while A plays',
        mode,
        refused && message,
        `ffprobe ${deviceB.pass ? 'decoded video' : 'no video'}; ${refusal ? describeRequest(refusal) : 'no request'}; message "${answer.message ?? ''}"`,
      );
      record(
        'device A zaps',
        mode,
        zapped,
        zapped ? 'mpv decoded the second channel' : 'mpv decoded nothing',
      );
      expect(deviceB.pass, 'device B decodes nothing').toBe(false);
      expect(refusal?.status, 'the panel refuses device B').toBe(403);
      expect(answer).toEqual({ status: 403, message: CONNECTION_MESSAGES.screensLimit });
      expect(zapped, 'device A zaps to the second channel').toBe(true);
    } finally {
      await deviceA.stop();
    }
  });

  it('a HEAD takes no screen: another device plays right after it', async () => {
    const [first] = await channelsOf(lines[mode].head, mode);
    const head = await fetch(first, {
      method: 'HEAD',
      headers: { 'user-agent': agent('device C') },
      redirect: 'manual',
    });
    const deviceD = await playInMpv(first, { userAgent: agent('device D') });
    const refused = requestsOf('device D').find((request) => request.status === 403);
    record(
      'HEAD (C), then device D',
      mode,
      deviceD.pass,
      `HEAD → ${head.status}; D: ${deviceD.pass ? deviceD.detail : `${deviceD.detail}${refused ? `, ${describeRequest(refused)}` : ''}`}`,
    );
    expect(deviceD.pass, `device D plays after a HEAD (${deviceD.detail})`).toBe(true);
  });

  it('a stopped player gives its screen back within the policy', async () => {
    const [first] = await channelsOf(lines[mode].free, mode);
    // Proxy: the panel relays, so it knows when the player left; the screen is held the grace after the
    // last byte. Redirect without an edge: the panel heard only the start; the screen is held the TTL.
    await screenFreeCheck('screen free after stop (.ts)', mode, first, ['device E', 'device F'], {
      seconds: mode === 'proxy' ? GRACE_SECONDS : TTL_SECONDS,
      from: mode === 'proxy' ? 'stop' : 'last request',
      text:
        mode === 'proxy'
          ? `grace ${GRACE_SECONDS} s after the last byte`
          : `TTL ${TTL_SECONDS} s after the start`,
    });
  }, 60_000);
});

describe('screens of a 1-screen line with real players (proxy, HLS)', () => {
  it('a stopped HLS player gives its screen back the grace after its last request', async () => {
    const [, , hls] = await channelsOf(lines.proxy.hls, 'proxy');
    await screenFreeCheck(
      'screen free after stop (.m3u8)',
      'proxy',
      hls.replace(/\.ts$/, '.m3u8'),
      ['device G', 'device H'],
      {
        seconds: GRACE_SECONDS,
        from: 'last request',
        text: `grace ${GRACE_SECONDS} s after the last playlist or segment request`,
      },
    );
  }, 60_000);
});

/**
 * A device plays until decoded video, stops; another device asks for the channel every half second until
 * the panel lets it in. The time is measured from the stop or from the player's last request to the panel.
 */
async function screenFreeCheck(
  check: string,
  mode: Mode,
  url: string,
  [player, poller]: [string, string],
  policy: { seconds: number; from: 'stop' | 'last request'; text: string },
): Promise<void> {
  const watching = watchInMpv(url, { userAgent: agent(player) });
  expect(await watching.reachedWithin(20_000), `${player} plays`).toBe(true);
  const stoppedAt = Date.now();
  await watching.stop();
  const lastRequestAt = Math.max(...requestsOf(player).map((request) => request.at));
  let freeAt = 0;
  let polls = 0;
  while (Date.now() - stoppedAt < (TTL_SECONDS + 10) * 1000) {
    polls++;
    const answer = await ask(url, poller);
    if (answer.status < 400) {
      freeAt = Date.now();
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const measured = freeAt ? (freeAt - (policy.from === 'stop' ? stoppedAt : lastRequestAt)) / 1000 : Infinity;
  const within = measured >= policy.seconds - 1 && measured <= policy.seconds + 2;
  if (!within) {
    const at = (ms: number) => `${ms >= stoppedAt ? '+' : ''}${seconds(ms - stoppedAt)}`;
    const asks = requestsOf(poller);
    console.log(
      [
        `--- ${check} (${mode}): the player's requests (times from its stop) and the other device's answers`,
        ...requestsOf(player).map((request) => `  ${at(request.at)} ${describeRequest(request)}`),
        ...[asks[0], asks.at(-2), asks.at(-1)]
          .filter((request) => request !== undefined)
          .map((request) => `  ${at(request.at)} ${describeRequest(request)}`),
      ].join('\n'),
    );
  }
  record(
    check,
    mode,
    within,
    freeAt
      ? `free ${seconds(freeAt - stoppedAt)} after the stop, ${seconds(freeAt - lastRequestAt)} after its last request (${polls} asks); policy: ${policy.text}`
      : `still taken ${TTL_SECONDS + 10} s after the stop`,
  );
  expect(measured, `seconds until free (policy ${policy.seconds} s)`).toBeGreaterThanOrEqual(
    policy.seconds - 1,
  );
  expect(measured, `seconds until free (policy ${policy.seconds} s)`).toBeLessThanOrEqual(policy.seconds + 2);
}
