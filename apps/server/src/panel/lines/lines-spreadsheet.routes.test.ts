import { LINE_IMPORT_MESSAGES, type LineImportPreview } from '@panel/shared/lines/line-import';
import { LINE_MESSAGES } from '@panel/shared/lines/line-messages';
import { addPanelMonths, panelTime } from '@panel/shared/lines/panel-calendar';
import { nowSeconds, unixSeconds } from '@panel/shared/time/unix-seconds';
import { parse } from 'csv-parse/sync';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../../test/api';
import { createLine, createResellerTree, createSignedInAccount, daysFromNow } from '../../../test/factories';
import { findLedgerMismatches } from '../../../test/ledger-invariant';
import { balanceOf, ledgerRowsOf, logsOfLine } from '../../../test/reads';
import { useTestApp } from '../../../test/test-app';
import { lines } from '../../db/schema';

const t = useTestApp();

const DAY = 86_400;

function upload(token: string, url: string, body: string | Buffer, contentType = 'text/csv') {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(token), 'content-type': contentType },
    payload: body,
  });
}

/** The answer's CSV read back with the CSV library, as a spreadsheet would: header, then rows. */
function readCsv(body: string): string[][] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  return parse(body, { bom: true, delimiter: ';' });
}

/** dd/mm/aaaa of a panel day some days from now. */
function brazilianDate(daysAhead: number): string {
  const [year, month, day] = new Date((nowSeconds() - 3 * 3600 + daysAhead * DAY) * 1000)
    .toISOString()
    .slice(0, 10)
    .split('-');
  return `${day}/${month}/${year}`;
}

describe('GET /api/users/export and /api/resellers/export', () => {
  it('streams every filtered line of the scope as Excel reads it: BOM, “;”, accents, formulas neutralised', async () => {
    const { master, sub, subsub, other } = await createResellerTree(t.app);
    const mine = await createLine(t.app, master.account, {
      fullName: 'João Conceição',
      phone: '+5511999998888',
      resellerNotes: '=HYPERLINK("http://x","pague")',
      maxConnections: 2,
    });
    const blocked = await createLine(t.app, sub.account, { enabled: 0, resellerNotes: 'pagou; "pix"' });
    await createLine(t.app, other.account);
    // More than one keyset page (1.000 rows) of the master's subtree.
    const many = Array.from({ length: 1_005 }, (_, index) => ({
      resellerId: sub.account.id,
      ownerPath: sub.account.path,
      username: `massa${index}x${Date.now() % 100000}`,
      password: 'senha@9x7',
      expDate: daysFromNow(20),
      packageId: 17,
      system: 1,
      bouquets: [1],
    }));
    await t.db.insert(lines).values(many);

    const response = await t.as(master.token).get('/api/users/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="usuarios-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const [header, ...rows] = readCsv(response.body);
    expect(header?.slice(0, 10)).toEqual([
      'Usuário',
      'Senha',
      'Cliente',
      'Telefone',
      'Mac',
      'Expira em',
      'Telas',
      'Plano',
      'Serviço',
      'Nota',
    ]);
    expect(rows).toHaveLength(1_007);
    const ids = rows.map((row) => Number(row.at(-1)));
    expect(new Set(ids).size).toBe(1_007);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const first = rows.find((row) => Number(row.at(-1)) === mine.id);
    const exp = unixSeconds(mine.expDate);
    expect(first).toEqual([
      mine.username,
      'senha@9x7',
      'João Conceição',
      "'+5511999998888",
      '',
      expect.stringMatching(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/),
      '2',
      'Completo 1 mês',
      'IPTV',
      `'=HYPERLINK("http://x","pague")`,
      'ATIVO',
      'Não',
      master.account.username,
      expect.stringMatching(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/),
      String(mine.id),
    ]);
    expect(first?.[5]?.slice(0, 10)).toBe(
      new Date((exp - 3 * 3600) * 1000).toISOString().slice(0, 10).split('-').reverse().join('/'),
    );

    // The list's filters: only the blocked line; a foreign reseller filter gives nothing.
    const filtered = readCsv((await t.as(master.token).get('/api/users/export?status=0')).body);
    expect(filtered.slice(1).map((row) => [row[0], row[9], row[10]])).toEqual([
      [blocked.username, 'pagou; "pix"', 'BLOQUEADO'],
    ]);
    const foreign = await t.as(master.token).get(`/api/users/export?reseller=${other.account.id}`);
    expect(readCsv(foreign.body)).toHaveLength(1);
    expect((await t.as(master.token).get('/api/users/export?status=9')).statusCode).toBe(400);

    const resellers = await t.as(master.token).get('/api/resellers/export');
    expect(resellers.headers['content-disposition']).toMatch(/filename="revendedores-/);
    const [resellerHeader, ...resellerRows] = readCsv(resellers.body);
    expect(resellerHeader?.slice(0, 4)).toEqual(['Usuário', 'Status', 'Tipo', 'Créditos']);
    const byName = new Map(resellerRows.map((row) => [row[0], row]));
    expect([...byName.keys()].sort()).toEqual(
      [master, sub, subsub].map((reseller) => reseller.account.username).sort(),
    );
    expect(byName.get(master.account.username)?.slice(1, 4)).toEqual(['ATIVO', 'Revenda', '100,00']);
    expect(byName.get(sub.account.username)?.[4]).toBe(master.account.username);
  });
});

describe('POST /api/users/import/preview and /api/users/import', () => {
  it('checks every row with the creation rules and prices it; refuses bad files with 422 on file', async () => {
    const { account, token } = await createSignedInAccount(t.app, { credits: '10' });
    const taken = await createLine(t.app, account, { macaddr: 'aa:bb:cc:dd:ee:01' });
    const in30 = brazilianDate(30);
    const csv = [
      'Usuário,Senha,Nome,Telefone,MAC,Vencimento,Telas,Pacote,Serviço,Notas,Coluna extra',
      `joao@um1,senha@boa1,João Conceição,11999998888,,${in30},2,,,cliente antigo,x`,
      `maria@dois,senha@boa2,Maria,,,,1,Completo 2 meses,,,`,
      `,,,,,${in30},,17,P2P,,`,
      `Maiusculo1,senha@boa3,,,,,,,,,`,
      `${taken.username},senha@boa4,,,,,,,,,`,
      `joao@um1,senha@boa5,,,,,,,,,`,
      `novo@tres,senha@boa6,,,,31/02/2030,,,,,`,
      `novo@quat,senha@boa7,,,,01/01/2020,,,,,`,
      `novo@cinc,senha@boa8,,,,,,Pacote que não existe,,,`,
      `novo@seis,senha@boa9,,,,,2,,P2P,,`,
      `novo@sete,senha@bo10,Ana,,,,,,Híbrido,,`,
      `novo@oito,senha@bo11,Ana,,AA-BB-CC-DD-EE-01,,,,Híbrido,,`,
      `novo@nove,senha@bo12,,,,${brazilianDate(800)},,,,,`,
    ].join('\r\n');
    // Excel on a Brazilian Windows saves "CSV" in Windows-1252.
    const response = await upload(token, '/api/users/import/preview', Buffer.from(csv, 'latin1'));
    expect(response.statusCode).toBe(200);
    const preview = response.json<LineImportPreview>();
    const summary = preview.rows.map((row) => [row.row, row.status, row.field, row.message, row.cost]);
    expect(summary).toEqual([
      // 30 days ahead at 23:59:59: 31 started days × 2 screens / 30, rounded up.
      [2, 'ok', null, null, '2.07'],
      [3, 'ok', null, null, '2.00'],
      [4, 'ok', null, null, '1.04'],
      [5, 'error', 'username', LINE_MESSAGES.usernameCharset, '0.00'],
      [6, 'error', 'username', LINE_MESSAGES.usernameTaken, '0.00'],
      [7, 'error', 'username', LINE_IMPORT_MESSAGES.usernameRepeated, '0.00'],
      [8, 'error', 'exp_date', LINE_IMPORT_MESSAGES.expiryInvalid, '0.00'],
      [9, 'error', 'exp_date', LINE_IMPORT_MESSAGES.expiryPast, '0.00'],
      [10, 'error', 'package', LINE_MESSAGES.packageInvalid, '0.00'],
      [11, 'error', 'max_connections', LINE_MESSAGES.screensNotAllowed, '0.00'],
      [12, 'error', 'macaddr', LINE_MESSAGES.required, '0.00'],
      [13, 'error', 'macaddr', LINE_MESSAGES.macTaken, '0.00'],
      [14, 'error', 'exp_date', LINE_IMPORT_MESSAGES.expiryTooFar, '0.00'],
    ]);
    expect(preview.rows[0]).toMatchObject({
      username: 'joao@um1',
      screens: 2,
      package_id: 17,
      system: 1,
      exp_date: panelTime(brazilianDate(30).split('/').reverse().join('-'), 23, 59, 59),
    });
    expect(preview.rows[1]?.exp_date).toBeGreaterThanOrEqual(addPanelMonths(nowSeconds(), 2) - 5);
    expect(preview.rows[2]).toMatchObject({ username: null, system: 2 });
    expect(preview).toMatchObject({
      valid: 3,
      invalid: 10,
      total: '5.11',
      balance: '10.00',
      enough_credits: true,
    });

    const refusals: [string | Buffer, string, string?][] = [
      ['', LINE_IMPORT_MESSAGES.fileRequired],
      ['nada;disso\r\n1;2', LINE_IMPORT_MESSAGES.noKnownColumn],
      ['usuario;senha', LINE_IMPORT_MESSAGES.noRows],
      ['usuario;senha;Usuário\r\na;b;c', 'A coluna "Usuário" aparece duas vezes.'],
      ['usuario;senha\r\n"aberto;x', LINE_IMPORT_MESSAGES.unreadable],
      [`usuario\r\n${'x\r\n'.repeat(1_001)}`, LINE_IMPORT_MESSAGES.tooManyRows],
      [`usuario\r\n${'x'.repeat(1_048_577)}`, LINE_IMPORT_MESSAGES.fileTooLarge],
      ['{}', LINE_IMPORT_MESSAGES.fileRequired, 'application/json'],
    ];
    for (const [body, message, type] of refusals) {
      const refused = await upload(token, '/api/users/import/preview', body, type);
      expect(refused.statusCode, message).toBe(422);
      expect(refused.json(), message).toMatchObject({ field: 'file', message });
    }
  });

  it('imports 500 rows: charges and creates exactly what the preview said, each with its ledger row', async () => {
    const { account, token } = await createSignedInAccount(t.app, { credits: '2000' });
    const stamp = Date.now() % 100000;
    const rows = Array.from(
      { length: 500 },
      (_, index) =>
        `cli${index}x${stamp};senha@${[...String(index)].join('z')}z;Cliente ${index} Çá;${brazilianDate(10 + (index % 40))};${1 + (index % 3)}`,
    );
    const csv = `\uFEFFusuario;senha;nome;vencimento;telas\r\n${rows.join('\r\n')}\r\n`;
    const preview = (await upload(token, '/api/users/import/preview', csv)).json<LineImportPreview>();
    expect(preview).toMatchObject({ valid: 500, invalid: 0, balance: '2000.00', enough_credits: true });

    // A total or a count other than the preview's imports nothing.
    const stale = await upload(token, `/api/users/import?expected_total=1.00&expected_lines=500`, csv);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(LINE_IMPORT_MESSAGES.previewChanged);
    expect(await balanceOf(t.db, account.id)).toBe('2000.00');

    const url = `/api/users/import?expected_total=${preview.total}&expected_lines=500`;
    const done = await upload(token, url, csv);
    expect(done.statusCode).toBe(200);
    const result = done.json();
    expect(result).toMatchObject({ created: 500, skipped: 0, charged: preview.total });
    const spent = (200_000 - Math.round(Number(preview.total) * 100)) / 100;
    expect(result.balance).toBe(spent.toFixed(2));
    expect(await balanceOf(t.db, account.id)).toBe(result.balance);
    expect(result.rows.map((row: { cost: string }) => row.cost)).toEqual(preview.rows.map((row) => row.cost));
    const created = await t.db
      .select()
      .from(lines)
      .where(
        inArray(
          lines.id,
          result.rows.map((row: { line_id: number }) => row.line_id),
        ),
      );
    expect(created).toHaveLength(500);
    const byUsername = new Map(created.map((line) => [line.username, line]));
    preview.rows.forEach((row, index) => {
      const line = byUsername.get(`cli${index}x${stamp}`);
      expect(line && unixSeconds(line.expDate)).toBe(row.exp_date);
      expect(line?.maxConnections).toBe(1 + (index % 3));
      expect(line?.fullName).toBe(`Cliente ${index} Çá`);
    });
    const ledger = await ledgerRowsOf(t.db, account.id);
    expect(ledger.filter((row) => row.action === 'user_created')).toHaveLength(500);
    const [log] = await logsOfLine(t.db, result.rows[0].line_id);
    expect(log).toMatchObject({ action: 'user_created', type: 'users', actorId: account.id });
    expect(log?.details).toMatchObject({ source: 'import' });
    expect(await findLedgerMismatches(t.db)).toEqual([]);

    // The same file again: every username is taken now; importing the old preview changes nothing.
    const again = (await upload(token, '/api/users/import/preview', csv)).json<LineImportPreview>();
    expect(again).toMatchObject({ valid: 0, invalid: 500, total: '0.00' });
    expect((await upload(token, url, csv)).statusCode).toBe(409);
    const nothing = await upload(token, '/api/users/import?expected_total=0.00&expected_lines=0', csv);
    expect(nothing.json()).toMatchObject({ field: 'file', message: LINE_IMPORT_MESSAGES.nothingToImport });
  });

  it('refuses the whole import when the balance does not cover it; an admin imports for free', async () => {
    const { account, token } = await createSignedInAccount(t.app, { credits: '1.50' });
    const csv = 'usuario;senha;pacote\r\npobre@um1;senha@um1;17\r\npobre@um2;senha@um2;17\r\n';
    const preview = (await upload(token, '/api/users/import/preview', csv)).json<LineImportPreview>();
    expect(preview).toMatchObject({ total: '2.00', balance: '1.50', enough_credits: false });
    const refused = await upload(token, '/api/users/import?expected_total=2.00&expected_lines=2', csv);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('insufficient_credits');
    expect(await balanceOf(t.db, account.id)).toBe('1.50');
    expect(await t.db.select().from(lines).where(eq(lines.username, 'pobre@um1'))).toEqual([]);

    const asAdmin = (await upload(t.adminToken, '/api/users/import/preview', csv)).json<LineImportPreview>();
    expect(asAdmin).toMatchObject({ valid: 2, total: '0.00', enough_credits: true });
    const free = await upload(t.adminToken, '/api/users/import?expected_total=0.00&expected_lines=2', csv);
    expect(free.json()).toMatchObject({ created: 2, charged: '0.00' });
  });
});
