/**
 * The baseline of P5: the rows the panel's /users shows, as one static HTML page (no script, one small
 * style block) with the same columns and texts. What a browser needs to paint a page of 50 rows when
 * nothing but HTML is involved: the panel's first paint is measured as a ratio to it (decision 0034).
 */

/** The fields of a row of `GET /api/users` the page shows (packages/shared lines/line-api). */
interface ListedLine {
  enabled: number;
  exp_date: number;
  is_trial: number;
  system: number;
  username: string;
  password: string;
  full_name: string | null;
  macaddr: string | null;
  reseller_notes: string | null;
  master_username: string;
  package_id: number;
  max_connections: number;
}

const HEADERS = [
  'Status',
  'Revenda',
  'Usuário',
  'Senha',
  'Cliente',
  'Mac',
  'Expira em',
  'Nota',
  'Plano',
  'Telas',
  'Serviço',
  'Ações',
];
const SYSTEMS: Record<number, string> = { 1: 'IPTV', 2: 'P2P', 3: 'Híbrido' };
/** Brasília, as the panel shows dates. */
const PANEL_OFFSET_SECONDS = -3 * 3600;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function panelDateTime(unixSeconds: number): string {
  const iso = new Date((unixSeconds + PANEL_OFFSET_SECONDS) * 1000).toISOString();
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)} ${iso.slice(11, 16)}`;
}

function cells(line: ListedLine, nowSeconds: number): string[] {
  const status = line.enabled !== 1 ? 'BLOQUEADO' : line.exp_date > nowSeconds ? 'ATIVO' : 'EXPIRADO';
  const notes = line.reseller_notes ?? '-';
  return [
    status,
    line.master_username,
    line.username,
    line.password,
    line.full_name || '-',
    line.macaddr ?? '-',
    panelDateTime(line.exp_date),
    notes.length > 11 ? `${notes.slice(0, 11)}...` : notes,
    `Pacote ${line.package_id}`,
    String(line.max_connections),
    `${SYSTEMS[line.system] ?? ''}${line.is_trial === 1 ? ' Teste' : ''}`,
    '⋮',
  ];
}

/** The page: a table with the test id the benchmark watches (`users-table`), one <tr> per line. */
export function staticUsersPage(lines: ListedLine[], now = new Date()): string {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const head = HEADERS.map((header) => `<th>${header}</th>`).join('');
  const body = lines
    .map(
      (line) =>
        `<tr>${cells(line, nowSeconds)
          .map((cell) => `<td>${escapeHtml(cell)}</td>`)
          .join('')}</tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="UTF-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>Usuários</title>
<style>
body { font-family: system-ui, sans-serif; font-size: 14px; margin: 16px; }
table { border-collapse: collapse; width: 100%; }
th, td { padding: 6px 10px; border-bottom: 1px solid #dee2e6; text-align: left; white-space: nowrap; }
tbody tr:nth-child(odd) { background: #f8f9fa; }
</style>
</head>
<body>
<h1>Usuários</h1>
<table data-testid="users-table" aria-label="Usuários">
<thead><tr>${head}</tr></thead>
<tbody>
${body}
</tbody>
</table>
</body>
</html>
`;
}
