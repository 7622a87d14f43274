import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runPlayer, startPlayer, type PlayerExit, type PlayerProcess } from './player-process';

/**
 * The real players of the matrix (decision 0065), each driven headless with a timeout, each deciding
 * "plays" only from decoded video — never from an HTTP status:
 * - VLC 3 (`cvlc`, dummy video and audio outputs, `-vv`): its decoder's "Received first picture".
 * - mpv (`--vo=null --ao=null -v`): "VO: [null] WxH", the video output configured with a decoded frame's
 *   size.
 * - gst-discoverer-1.0: a `video #N:` stream in its report (the stream's caps, read by demuxing and parsing).
 * - streamlink: what it wrote to a file, then ffprobe decodes that file's video frames.
 * - ffprobe: `-count_frames` over the first packets: a video stream with decoded frames.
 * VLC refuses to run as root: as root it runs as the user scripts/ensure-players.sh creates.
 */
export type PlayerName = 'VLC' | 'mpv' | 'gst-discoverer' | 'streamlink' | 'ffprobe';

export interface Verdict {
  pass: boolean;
  /** What was seen: the decoded picture's line, the stream found, or why not. */
  detail: string;
  /** The player's own output (its log). */
  output: string;
  ms: number;
}

/** How each player names itself to the server (its default User-Agent), to find its requests there. */
export const PLAYER_AGENTS: Record<PlayerName, RegExp> = {
  VLC: /^VLC\//,
  mpv: /^libmpv/,
  'gst-discoverer': /GStreamer/,
  streamlink: /Firefox\//,
  ffprobe: /^Lavf\//,
};

const TIMEOUT_MS = 15_000;
const VLC_USER = process.env.PLAYERS_USER ?? 'panelplayer';

const lastMatch = (output: string, pattern: RegExp) => [...output.matchAll(pattern)].at(-1)?.[0] ?? '';
const firstLine = (output: string, pattern: RegExp) =>
  output.split('\n').find((line) => pattern.test(line)) ?? '';

function exitText(exit: PlayerExit): string {
  if (exit.timedOut) return `no decoded video within ${Math.round(exit.ms / 1000)} s`;
  return `exited ${exit.signal ?? exit.code} without decoded video`;
}

/** A playlist played from its first entry: the entry opened, decoded before any other entry was opened. */
function firstEntryDecoded(
  output: string,
  entries: string[],
  opened: (url: string) => string,
  decoded: RegExp,
): boolean {
  const [first, ...others] = entries;
  if (!first) return false;
  const openedAt = output.indexOf(opened(first));
  if (openedAt < 0) return false;
  const decodedAt = output.slice(openedAt).search(decoded);
  if (decodedAt < 0) return false;
  const before = output.slice(0, openedAt + decodedAt);
  return others.every((url) => !before.includes(opened(url)));
}

// ---------------------------------------------------------------------------------------------- VLC

let vlcHome: string | undefined;
let streamlinkDir: string | undefined;

/** Removes the players' temporary folders (a test file's afterAll). */
export function removePlayerFiles(): void {
  for (const dir of [vlcHome, streamlinkDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  vlcHome = undefined;
  streamlinkDir = undefined;
}

/** A HOME VLC may write to (its config and cache), whoever it runs as. */
function vlcHomeDir(): string {
  if (!vlcHome) {
    vlcHome = mkdtempSync(join(tmpdir(), 'panel-players-vlc-'));
    chmodSync(vlcHome, 0o777);
  }
  return vlcHome;
}

function vlcCommand(args: string[]): [string, string[]] {
  const vlc = ['env', `HOME=${vlcHomeDir()}`, 'cvlc', ...args];
  if (process.getuid?.() === 0) return ['runuser', ['-u', VLC_USER, '--', ...vlc]];
  return [vlc[0] ?? 'env', vlc.slice(1)];
}

const VLC_PICTURE = /Received first picture/;

function vlcArgs(url: string, extra: string[]): string[] {
  return [
    '-I',
    'dummy',
    '--no-media-library',
    '--no-video-title-show',
    '--vout=dummy',
    '--aout=dummy',
    '-vv',
    '--play-and-exit',
    '--run-time=6',
    ...extra,
    url,
  ];
}

export interface PlayOptions {
  /** Seek: start this many seconds in (VLC --start-time, mpv --start). */
  startSeconds?: number;
  /** The URL is a playlist with these entries: its first entry must be the one decoded. */
  playlistEntries?: string[];
  /** Another device: mpv --user-agent, ffprobe -user_agent. */
  userAgent?: string;
}

export async function playInVlc(url: string, options: PlayOptions = {}): Promise<Verdict> {
  const extra = options.startSeconds ? [`--start-time=${options.startSeconds}`] : [];
  const entries = options.playlistEntries;
  const seek = options.startSeconds ? new RegExp(`starting at time: ${options.startSeconds}s`) : undefined;
  const decoded = (output: string) => {
    if (entries)
      return firstEntryDecoded(output, entries, (entry) => `\`${entry}' successfully opened`, VLC_PICTURE);
    if (seek) {
      const at = output.search(seek);
      return at >= 0 && VLC_PICTURE.test(output.slice(at));
    }
    return VLC_PICTURE.test(output);
  };
  const [command, args] = vlcCommand(vlcArgs(url, extra));
  const exit = await runPlayer(command, args, { timeoutMs: TIMEOUT_MS, until: decoded });
  const pass = decoded(exit.output);
  return {
    pass,
    detail: pass
      ? `first picture${seek ? ` after seeking to ${options.startSeconds} s` : ''}`
      : exitText(exit),
    output: exit.output,
    ms: exit.ms,
  };
}

// ---------------------------------------------------------------------------------------------- mpv

const MPV_VO = /VO: \[null\] \d+x\d+/;

function mpvArgs(url: string, options: PlayOptions): string[] {
  return [
    '--no-config',
    '--ytdl=no',
    '--input-terminal=no',
    '--vo=null',
    '--ao=null',
    '--frames=25',
    '-v',
    ...(options.startSeconds ? [`--start=${options.startSeconds}`] : []),
    ...(options.userAgent ? [`--user-agent=${options.userAgent}`] : []),
    url,
  ];
}

function mpvDecoded(options: PlayOptions): (output: string) => boolean {
  const entries = options.playlistEntries;
  if (entries) return (output) => firstEntryDecoded(output, entries, (entry) => `Playing: ${entry}`, MPV_VO);
  if (options.startSeconds) {
    const restart = new RegExp(`playback restart complete @ ${options.startSeconds}\\.`);
    return (output) => MPV_VO.test(output) && restart.test(output);
  }
  return (output) => MPV_VO.test(output);
}

export async function playInMpv(url: string, options: PlayOptions = {}): Promise<Verdict> {
  const decoded = mpvDecoded(options);
  const exit = await runPlayer('mpv', mpvArgs(url, options), { timeoutMs: TIMEOUT_MS, until: decoded });
  const pass = decoded(exit.output);
  return {
    pass,
    detail: pass
      ? `${lastMatch(exit.output, new RegExp(MPV_VO, 'g'))}${options.startSeconds ? ` after seeking to ${options.startSeconds} s` : ''}`
      : exitText(exit),
    output: exit.output,
    ms: exit.ms,
  };
}

/** mpv playing until stopped (a device watching): `decoded` settles once its video output is configured. */
export function watchInMpv(url: string, options: PlayOptions = {}): PlayerProcess {
  return startPlayer('mpv', [...mpvArgs(url, options).filter((arg) => !arg.startsWith('--frames'))], {
    timeoutMs: 120_000,
    until: mpvDecoded(options),
  });
}

// ----------------------------------------------------------------------------------- gst-discoverer

const GST_VIDEO = /^\s*video #\d+: .*$/m;

export async function discoverInGstreamer(url: string): Promise<Verdict> {
  const exit = await runPlayer('gst-discoverer-1.0', ['-t', '15', url], {
    timeoutMs: TIMEOUT_MS,
    // souphttpsrc's requests and answers, for a failure's report.
    env: { GST_DEBUG: 'souphttpsrc:5,hlsdemux:4', GST_DEBUG_NO_COLOR: '1' },
  });
  const video = GST_VIDEO.exec(exit.stdout)?.[0]?.trim();
  return {
    pass: Boolean(video),
    detail: video ?? (firstLine(exit.stdout, /error|Error/) || exitText(exit)),
    output: exit.output,
    ms: exit.ms,
  };
}

// ------------------------------------------------------------------------------------------ ffprobe

/** ffprobe decodes the first video packets of a URL or file: a video stream with decoded frames. */
export async function probeDecodedVideo(target: string, options: PlayOptions = {}): Promise<Verdict> {
  const exit = await runPlayer(
    'ffprobe',
    [
      '-v',
      target.startsWith('http') ? 'debug' : 'error',
      ...(options.userAgent ? ['-user_agent', options.userAgent] : []),
      '-rw_timeout',
      '10000000',
      '-select_streams',
      'v:0',
      '-count_frames',
      '-read_intervals',
      '%+#12',
      '-show_entries',
      'stream=codec_type,codec_name,width,height,nb_read_frames',
      '-of',
      'json',
      target,
    ],
    { timeoutMs: TIMEOUT_MS },
  );
  let stream: {
    codec_type?: string;
    codec_name?: string;
    width?: number;
    height?: number;
    nb_read_frames?: string;
  } = {};
  try {
    stream = (JSON.parse(exit.stdout) as { streams?: (typeof stream)[] }).streams?.[0] ?? {};
  } catch {
    // No JSON: ffprobe failed before it could describe anything.
  }
  const frames = Number(stream.nb_read_frames ?? 0);
  const pass = stream.codec_type === 'video' && frames > 0;
  return {
    pass,
    detail: pass
      ? `${stream.codec_name ?? '?'} ${stream.width ?? '?'}x${stream.height ?? '?'}, ${frames} frames decoded`
      : (firstLine(exit.output, /error|Error|Invalid|refused|403|404/) || exitText(exit)).trim(),
    output: exit.output,
    ms: exit.ms,
  };
}

// ---------------------------------------------------------------------------------------- streamlink

/** streamlink writes the stream (hls:// for .m3u8, httpstream:// otherwise) to a file; ffprobe decodes it. */
export async function recordInStreamlink(url: string): Promise<Verdict> {
  streamlinkDir ??= mkdtempSync(join(tmpdir(), 'panel-players-streamlink-'));
  const hls = /\.m3u8(\?|$)/.test(url);
  const file = join(streamlinkDir, `${Date.now()}-${Math.random().toString(36).slice(2)}.ts`);
  const started = Date.now();
  // A live channel never ends: HLS stops after 4 s of media, a plain stream is stopped after 8 s.
  const exit = await runPlayer(
    'streamlink',
    [
      '--loglevel',
      'debug',
      '--force',
      '--output',
      file,
      ...(hls ? ['--hls-duration', '4'] : []),
      `${hls ? 'hls' : 'httpstream'}://${url}`,
      'best',
    ],
    { timeoutMs: hls ? TIMEOUT_MS : 8000 },
  );
  const probe = await probeDecodedVideo(file);
  rmSync(file, { force: true });
  return {
    pass: probe.pass,
    detail: probe.pass
      ? `file: ${probe.detail}`
      : `file: ${probe.detail}; ${firstLine(exit.output, /error|Error/).trim() || exitText(exit)}`,
    output: `${exit.output}\n[ffprobe of the file]\n${probe.output}`,
    ms: Date.now() - started,
  };
}

/** The versions the matrix ran with, for its report. */
export function playerVersions(): Record<PlayerName, string> {
  const version = (command: string, args: string[], pattern: RegExp) => {
    try {
      const text = execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      return pattern.exec(text)?.[1] ?? '?';
    } catch {
      return 'missing';
    }
  };
  return {
    VLC: version('dpkg-query', ['-W', '-f=${Version}', 'vlc-bin'], /^(.+)$/),
    mpv: version('mpv', ['--version'], /mpv (\S+)/),
    'gst-discoverer': version('gst-launch-1.0', ['--version'], /GStreamer (\S+)/),
    streamlink: version('streamlink', ['--version'], /streamlink (\S+)/),
    ffprobe: version('ffprobe', ['-version'], /ffprobe version (\S+)/),
  };
}
