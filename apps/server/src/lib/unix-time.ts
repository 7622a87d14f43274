/** Unix seconds, the wire format of the dates docs/product/constants.md#dates-and-numbers gives as unix (date_registered, last_login, exp_date). */
export function unixSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}
