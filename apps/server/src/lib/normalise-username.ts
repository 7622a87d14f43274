/** One spelling of a typed user name for counting attempts: the same person's 'Ana ' and 'ana' are one key. */
export function normaliseUsername(username: string): string {
  return username.normalize('NFKC').trim().toLowerCase();
}
