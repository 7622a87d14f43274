export type QueryValue = string | number | boolean | null | undefined;

/**
 * `?a=1&b=x` of a list call. Empty strings, null and undefined are left out, so an empty filter means
 * "no filter" and never reaches the server as `search=`.
 */
export function toQueryString(params: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
