import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Real media for the playback tests, made by ffmpeg (scripts/ensure-ffmpeg.sh installs it): a few seconds
 * of test pattern and tone as MPEG-TS (live), the same as an HLS playlist with segments, and two MP4s with
 * `moov` first (movie, episode). Made once per machine and version in the temp folder; concurrent test
 * files race safely (each builds in its own folder, the first rename wins).
 */
const VERSION = 'v1';

export interface TestMedia {
  dir: string;
  /** MPEG-TS, H.264 + AAC. */
  liveTs: string;
  /** HLS playlist (VOD list, relative segment names in the same folder). */
  liveM3u8: string;
  movieMp4: string;
  episodeMp4: string;
}

function files(dir: string): TestMedia {
  return {
    dir,
    liveTs: join(dir, 'live.ts'),
    liveM3u8: join(dir, 'live.m3u8'),
    movieMp4: join(dir, 'movie.mp4'),
    episodeMp4: join(dir, 'episode.mp4'),
  };
}

function ffmpeg(args: string[]): void {
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: 'pipe' });
}

const pattern = (seconds: number, source: string) => [
  '-f',
  'lavfi',
  '-i',
  `${source}=size=320x240:rate=25:duration=${seconds}`,
  '-f',
  'lavfi',
  '-i',
  `sine=frequency=440:duration=${seconds}`,
  '-c:v',
  'libx264',
  '-preset',
  'ultrafast',
  '-pix_fmt',
  'yuv420p',
  '-g',
  '25',
  '-c:a',
  'aac',
  '-b:a',
  '64k',
  '-shortest',
];

export function testMedia(): TestMedia {
  const dir = join(tmpdir(), `panel-test-media-${VERSION}`);
  const ready = files(dir);
  if (existsSync(ready.episodeMp4)) return ready;
  if (spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status !== 0) {
    throw new Error('ffmpeg is missing: run `bash scripts/ensure-ffmpeg.sh` (npm test does)');
  }
  const building = `${dir}.${process.pid}.${Date.now()}`;
  mkdirSync(building, { recursive: true });
  const made = files(building);
  ffmpeg([...pattern(6, 'testsrc'), '-f', 'mpegts', made.liveTs]);
  ffmpeg([
    '-i',
    made.liveTs,
    '-c',
    'copy',
    '-f',
    'hls',
    '-hls_time',
    '2',
    '-hls_list_size',
    '0',
    '-hls_segment_filename',
    join(building, 'segment%03d.ts'),
    made.liveM3u8,
  ]);
  ffmpeg([...pattern(4, 'smptebars'), '-movflags', '+faststart', made.movieMp4]);
  ffmpeg([...pattern(3, 'testsrc2'), '-movflags', '+faststart', made.episodeMp4]);
  try {
    renameSync(building, dir);
  } catch {
    // Another process finished first: its folder is as good as ours.
    rmSync(building, { recursive: true, force: true });
  }
  return ready;
}
