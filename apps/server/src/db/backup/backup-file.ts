import { closeSync, openSync, readSync } from 'node:fs';

export type BackupKind = 'pglite' | 'postgres';

/** Which engine a backup file is for, from its first bytes: pg_dump's "PGDMP", or gzip (PGlite's tar). */
export function backupKindOf(file: string): BackupKind {
  const head = Buffer.alloc(5);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, head, 0, 5, 0);
  } finally {
    closeSync(fd);
  }
  if (head.toString('latin1') === 'PGDMP') return 'postgres';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  throw new Error(`${file} is not a backup made by npm run backup`);
}
