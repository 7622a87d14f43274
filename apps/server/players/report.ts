import { describeRequest, type SeenRequest } from './panel';
import type { Verdict } from './players';

/** A plain-text table: a header row, a rule, the rows; columns as wide as their widest cell. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  return [
    line(header),
    `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`,
    ...rows.map(line),
  ].join('\n');
}

const INTERESTING =
  /error|warn|fail|refus|denied|invalid|unable|cannot|HTTP\/1\.[01] \d{3}|^(GET|HEAD) |Range:|Opening|request:|header=|Mime|status|40\d|50\d/i;

/** What a failed check reports: the player's log lines that matter, its last lines, what the server saw. */
export function failureReport(title: string, verdict: Verdict, requests: SeenRequest[]): string {
  const lines = verdict.output
    .split('\n')
    .map((line) => (line.length > 220 ? `${line.slice(0, 220)}…` : line));
  const interesting = lines.filter((line) => INTERESTING.test(line) && !/\blua\b/.test(line)).slice(-30);
  const tail = lines.filter((line) => line.trim() !== '').slice(-12);
  return [
    `--- ${title}: ${verdict.detail}`,
    'the server saw from this player:',
    ...(requests.length
      ? requests.slice(0, 20).map((request) => `  ${describeRequest(request)}`)
      : ['  (nothing)']),
    "the player's log, lines about requests and errors:",
    ...interesting.map((line) => `  ${line}`),
    "the player's log, last lines:",
    ...tail.map((line) => `  ${line}`),
  ].join('\n');
}
