import { LINE_MESSAGES } from '@panel/shared/lines/line-messages';
import { describe, expect, it } from 'vitest';
import { createSignedInAccount, createLine } from '../../../test/factories';
import { lineRow, logsOfLine, outboxOfLine } from '../../../test/reads';
import { expectRefusedAndUnchanged } from '../../../test/refusals';
import { useTestApp } from '../../../test/test-app';
import type { Refusal } from '../../../test/refusals';
import type { LineRow } from '../../db/schema';

const t = useTestApp();

/** An edit of `line` refused with `refusal`, leaving the line and everything else as they were. */
function expectEditRefused(token: string, accountId: number, line: LineRow, body: object, refusal: Refusal) {
  return expectRefusedAndUnchanged(
    t.db,
    () => t.as(token).put(`/api/users/${line.id}`, body),
    refusal,
    { accounts: [accountId], lines: [line.id] },
    JSON.stringify(body),
  );
}

describe('PUT /api/users/:id', () => {
  it('edits bouquets and details, logging username and password changes', async () => {
    const { account, token } = await createSignedInAccount(t.app);
    const line = await createLine(t.app, account, { phone: '11999998888', resellerNotes: 'antiga' });
    const response = await t.as(token).put(`/api/users/${line.id}`, {
      id: line.id,
      bouquet: [3, 1, 3],
      username: 'renomeado1',
      password: 'nova@senha9',
      full_name: 'Novo Nome',
      reseller_notes: '',
      as_number: '123',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      bouquet: [3, 1],
      username: 'renomeado1',
      password: 'nova@senha9',
      full_name: 'Novo Nome',
      reseller_notes: null,
      as_number: null,
    });
    const logs = await logsOfLine(t.db, line.id);
    expect(logs.map((log) => [log.action, log.type])).toEqual([
      ['update_username', 'users'],
      ['update_password', 'users'],
    ]);
    expect(logs[0]?.details).toEqual({ from: line.username, to: 'renomeado1' });
    // Absent fields keep their value; the same username and password log nothing.
    const kept = await t.as(token).put(`/api/users/${line.id}`, { bouquet: [2], username: 'renomeado1' });
    expect(kept.json()).toMatchObject({ bouquet: [2], full_name: 'Novo Nome', password: 'nova@senha9' });
    expect(await logsOfLine(t.db, line.id)).toHaveLength(2);
  });

  it('needs at least one existing bouquet', async () => {
    const { account, token } = await createSignedInAccount(t.app);
    const line = await createLine(t.app, account);
    const bouquet = { field: 'bouquet', message: LINE_MESSAGES.bouquetRequired } as const;
    await expectEditRefused(
      token,
      account.id,
      line,
      { bouquet: [] },
      { status: 400, code: 'validation_failed', ...bouquet },
    );
    await expectEditRefused(
      token,
      account.id,
      line,
      {},
      { status: 400, code: 'validation_failed', ...bouquet },
    );
    await expectEditRefused(
      token,
      account.id,
      line,
      { bouquet: [1, 9999] },
      {
        status: 422,
        code: 'validation_failed',
        field: 'bouquet',
        message: LINE_MESSAGES.bouquetInvalid,
      },
    );
  });

  it('answers 409 on a taken username or MAC, and 400 on bad credentials', async () => {
    const { account, token } = await createSignedInAccount(t.app);
    const other = await createLine(t.app, account, { macaddr: '77:77:77:77:77:01' });
    const line = await createLine(t.app, account);
    await expectEditRefused(
      token,
      account.id,
      line,
      { bouquet: [1], username: other.username },
      {
        status: 409,
        code: 'conflict',
        field: 'username',
        message: LINE_MESSAGES.usernameTaken,
      },
    );
    await expectEditRefused(
      token,
      account.id,
      line,
      { bouquet: [1], macaddr: '77:77:77:77:77:01' },
      {
        status: 409,
        code: 'conflict',
        field: 'macaddr',
        message: LINE_MESSAGES.macTaken,
      },
    );
    await expectEditRefused(
      token,
      account.id,
      line,
      { bouquet: [1], password: 'tem espaco' },
      {
        status: 400,
        code: 'validation_failed',
        field: 'password',
        message: LINE_MESSAGES.passwordCharset,
      },
    );
  });

  it('lets a hybrid line change only bouquets, name, MAC and notes', async () => {
    const { account, token } = await createSignedInAccount(t.app);
    const line = await createLine(t.app, account, {
      system: 3,
      macaddr: '55:55:55:55:55:01',
      fullName: 'Ana',
    });
    for (const field of ['username', 'password', 'as_number'] as const) {
      const value =
        field === 'username' ? 'outronome1' : field === 'password' ? 'senha@nova9' : '11988887777';
      await expectEditRefused(
        token,
        account.id,
        line,
        { bouquet: [1], [field]: value },
        {
          status: 422,
          code: 'validation_failed',
          field,
          message: LINE_MESSAGES.hybridEditOnly,
        },
      );
    }
    await expectEditRefused(
      token,
      account.id,
      line,
      { bouquet: [1], full_name: '' },
      {
        status: 422,
        code: 'validation_failed',
        field: 'full_name',
        message: LINE_MESSAGES.required,
      },
    );
    const allowed = await t.as(token).put(`/api/users/${line.id}`, {
      bouquet: [4],
      full_name: 'Ana Maria',
      macaddr: '55:55:55:55:55:02',
      reseller_notes: 'tv da sala',
    });
    expect(allowed.json()).toMatchObject({
      bouquet: [4],
      full_name: 'Ana Maria',
      macaddr: '55:55:55:55:55:02',
    });
    expect(await outboxOfLine(t.db, line.id)).toEqual([{ event: 'updated', system: 3 }]);
  });
});

describe('block and unblock', () => {
  it('toggles enabled with POST, logs it once, and tells the P2P service', async () => {
    const { account, token } = await createSignedInAccount(t.app);
    const line = await createLine(t.app, account, { system: 2 });
    const blocked = await t.as(token).post(`/api/users/${line.id}/block`);
    expect(blocked.json().enabled).toBe(0);
    expect((await t.as(token).post(`/api/users/${line.id}/block`)).json().enabled).toBe(0);
    const unblocked = await t.as(token).post(`/api/users/${line.id}/unblock`);
    expect(unblocked.json().enabled).toBe(1);
    expect((await logsOfLine(t.db, line.id)).map((log) => [log.action, log.type])).toEqual([
      ['block', 'reg_p2p'],
      ['unblock', 'reg_p2p'],
    ]);
    expect(await outboxOfLine(t.db, line.id)).toEqual([
      { event: 'blocked', system: 2 },
      { event: 'unblocked', system: 2 },
    ]);
    expect((await t.as(token).get(`/api/users/${line.id}/block`)).statusCode).toBe(404);
  });
});

describe('DELETE /api/users/:id', () => {
  it('removes the line, logs delete and tells its service', async () => {
    const { account, token } = await createSignedInAccount(t.app);
    const line = await createLine(t.app, account, { system: 3, macaddr: '66:66:66:66:66:01' });
    const response = await t.as(token).delete(`/api/users/${line.id}`);
    expect(response.statusCode).toBe(204);
    expect(await lineRow(t.db, line.id)).toBeUndefined();
    expect((await logsOfLine(t.db, line.id)).map((log) => [log.action, log.lineUsername])).toEqual([
      ['delete', line.username],
    ]);
    expect(await outboxOfLine(t.db, line.id)).toEqual([{ event: 'deleted', system: 3 }]);
    expect((await t.as(token).delete(`/api/users/${line.id}`)).statusCode).toBe(404);
    // The MAC is free again.
    expect((await t.as(token).post('/api/users/checkmac', { macaddr: '66:66:66:66:66:01' })).statusCode).toBe(
      200,
    );
  });
});
