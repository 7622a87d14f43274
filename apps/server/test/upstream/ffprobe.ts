import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface ProbedStream {
  codec_type: string;
  codec_name?: string;
}

/**
 * What a real player finds at a URL: `ffprobe -v error -show_streams -of json URL` (the contract's check,
 * 15 s). Asynchronous on purpose: the server under test usually runs in the same process, and a
 * synchronous child would block the event loop that has to answer it.
 */
export async function probeStreams(url: string, extraArgs: string[] = []): Promise<ProbedStream[]> {
  const { stdout } = await run(
    'ffprobe',
    ['-v', 'error', ...extraArgs, '-show_streams', '-of', 'json', url],
    {
      timeout: 15_000,
    },
  );
  return (JSON.parse(stdout) as { streams?: ProbedStream[] }).streams ?? [];
}

export async function hasVideo(url: string): Promise<boolean> {
  return (await probeStreams(url)).some((stream) => stream.codec_type === 'video');
}
