/**
 * Unix seconds, the wire format of every date docs/product/constants.md#dates-and-numbers gives as unix
 * (exp_date, date_registered, last_login, server_time…). The one conversion, on the server and in the
 * panel alike (decision 0097).
 */
export function unixSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/** Now, in whole unix seconds. */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
