import { hostname } from 'node:os';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const LOCK_FILE = 'panel.lock';

export interface DataDirLock {
  release(): void;
}

export interface LockContent {
  pid: number;
  host: string;
  holder: string;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite's data folder may be opened by one process at a time: a second writer (another server, or a
 * backup copying the files) would corrupt or tear it. The holder writes its pid to DATA_DIR/panel.lock;
 * a lock whose process is gone (kill -9, power loss) is taken over.
 */
export function acquireDataDirLock(dataDir: string, holder: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = resolve(dataDir, LOCK_FILE);
  const content: LockContent = { pid: process.pid, host: hostname(), holder };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(content), { flag: 'wx' });
      return { release: () => releaseIfOurs(file) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const current = readLock(file);
    const ours = current?.pid === process.pid && current.host === content.host;
    if (ours) return { release: () => undefined };
    if (current && current.host === content.host && isAlive(current.pid)) {
      throw new Error(
        `${dataDir} is in use by ${current.holder} (pid ${current.pid}); stop it first (lock: ${file})`,
      );
    }
    if (current && current.host !== content.host) {
      throw new Error(
        `${dataDir} is locked by ${current.holder} on host ${current.host}; remove ${file} if it is gone`,
      );
    }
    // The holder is gone: its lock is stale.
    rmSync(file, { force: true });
  }
  throw new Error(`could not lock ${dataDir}`);
}

/** Who holds the folder's lock, as its file says (alive or not). */
export function lockHolder(dataDir: string): LockContent | undefined {
  return readLock(resolve(dataDir, LOCK_FILE));
}

function readLock(file: string): LockContent | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as LockContent;
  } catch {
    return undefined;
  }
}

function releaseIfOurs(file: string): void {
  if (readLock(file)?.pid === process.pid) rmSync(file, { force: true });
}
