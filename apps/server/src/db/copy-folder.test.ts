import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyFolder } from './copy-folder';

const work = mkdtempSync(join(tmpdir(), 'panel-copy-folder-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('copyFolder (the PGlite template copy, decision 0111)', () => {
  it('copies every file of every level, empty folders included', async () => {
    const from = join(work, 'from');
    mkdirSync(join(from, 'base/5'), { recursive: true });
    mkdirSync(join(from, 'pg_notify'));
    for (let index = 0; index < 40; index++)
      writeFileSync(join(from, 'base/5', String(index)), `page ${index}`);
    writeFileSync(join(from, 'PG_VERSION'), '17\n');
    await copyFolder(from, join(work, 'to'));
    expect(readFileSync(join(work, 'to/PG_VERSION'), 'utf8')).toBe('17\n');
    expect(readdirSync(join(work, 'to/base/5')).sort()).toEqual(readdirSync(join(from, 'base/5')).sort());
    expect(readFileSync(join(work, 'to/base/5/39'), 'utf8')).toBe('page 39');
    expect(existsSync(join(work, 'to/pg_notify'))).toBe(true);
    expect(existsSync(join(work, 'to.copying'))).toBe(false);
  });

  it('starts over from a copy a killed start left half done, and never exposes it', async () => {
    const from = join(work, 'source');
    mkdirSync(from);
    writeFileSync(join(from, 'a'), 'a');
    mkdirSync(join(work, 'again.copying'));
    writeFileSync(join(work, 'again.copying/stale'), 'from a killed start');
    await copyFolder(from, join(work, 'again'));
    expect(readdirSync(join(work, 'again'))).toEqual(['a']);
    expect(existsSync(join(work, 'again.copying'))).toBe(false);
  });
});
