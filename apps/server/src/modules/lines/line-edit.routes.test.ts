import { LINE_MESSAGES } from '@panel/shared/lines/line-messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInAccount } from '../../../test/factories';
import {
  callApi,
  lineRow,
  logsOfLine,
  outboxOfLine,
  seedLine,
  snapshot,
  type Method,
} from '../../../test/line-fixtures';
import { startTestApp, type TestApp } from '../../../test/test-app';
import type { Database } from '../../db/database';

let testApp: TestApp;
let db: Database;

beforeAll(async () => {
  testApp = await startTestApp();
  db = testApp.app.database.db;
});
afterAll(() => testApp.close());

const call = (token: string | undefined, method: Method, url: string, payload?: unknown) =>
  callApi(testApp.app, token, method, url, payload);

describe('PUT /api/users/:id', () => {
  it('edits bouquets and details, logging username and password changes', async () => {
    const { account, token } = await createSignedInAccount(testApp.app);
    const line = await seedLine(testApp.app, account, { phone: '11999998888', resellerNotes: 'antiga' });
    const response = await call(token, 'PUT', `/api/users/${line.id}`, {
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
    const logs = await logsOfLine(db, line.id);
    expect(logs.map((log) => [log.action, log.type])).toEqual([
      ['update_username', 'users'],
      ['update_password', 'users'],
    ]);
    expect(logs[0]?.details).toEqual({ from: line.username, to: 'renomeado1' });
    // Absent fields keep their value; the same username and password log nothing.
    const kept = await call(token, 'PUT', `/api/users/${line.id}`, { bouquet: [2], username: 'renomeado1' });
    expect(kept.json()).toMatchObject({ bouquet: [2], full_name: 'Novo Nome', password: 'nova@senha9' });
    expect(await logsOfLine(db, line.id)).toHaveLength(2);
  });

  it('needs at least one existing bouquet', async () => {
    const { account, token } = await createSignedInAccount(testApp.app);
    const line = await seedLine(testApp.app, account);
    const before = await snapshot(db, account.id, line.id);
    const empty = await call(token, 'PUT', `/api/users/${line.id}`, { bouquet: [] });
    expect(empty.json()).toMatchObject({
      status: 400,
      field: 'bouquet',
      message: 'Selecione pelo menos um item.',
    });
    const missing = await call(token, 'PUT', `/api/users/${line.id}`, {});
    expect(missing.json()).toMatchObject({
      status: 400,
      field: 'bouquet',
      message: 'Selecione pelo menos um item.',
    });
    const unknown = await call(token, 'PUT', `/api/users/${line.id}`, { bouquet: [1, 9999] });
    expect(unknown.json()).toMatchObject({
      status: 422,
      field: 'bouquet',
      message: LINE_MESSAGES.bouquetInvalid,
    });
    expect(await snapshot(db, account.id, line.id)).toEqual(before);
  });

  it('answers 409 on a taken username or MAC, and 400 on bad credentials', async () => {
    const { account, token } = await createSignedInAccount(testApp.app);
    const other = await seedLine(testApp.app, account, { macaddr: '77:77:77:77:77:01' });
    const line = await seedLine(testApp.app, account);
    const before = await snapshot(db, account.id, line.id);
    const username = await call(token, 'PUT', `/api/users/${line.id}`, {
      bouquet: [1],
      username: other.username,
    });
    expect(username.json()).toMatchObject({
      status: 409,
      field: 'username',
      message: LINE_MESSAGES.usernameTaken,
    });
    const mac = await call(token, 'PUT', `/api/users/${line.id}`, {
      bouquet: [1],
      macaddr: '77:77:77:77:77:01',
    });
    expect(mac.json()).toMatchObject({
      status: 409,
      field: 'macaddr',
      message: 'Este MAC address já está em uso.',
    });
    const spaces = await call(token, 'PUT', `/api/users/${line.id}`, {
      bouquet: [1],
      password: 'tem espaco',
    });
    expect(spaces.json()).toMatchObject({
      status: 400,
      field: 'password',
      message: LINE_MESSAGES.passwordCharset,
    });
    expect(await snapshot(db, account.id, line.id)).toEqual(before);
  });

  it('lets a hybrid line change only bouquets, name, MAC and notes', async () => {
    const { account, token } = await createSignedInAccount(testApp.app);
    const line = await seedLine(testApp.app, account, {
      system: 3,
      macaddr: '55:55:55:55:55:01',
      fullName: 'Ana',
    });
    const before = await snapshot(db, account.id, line.id);
    for (const field of ['username', 'password', 'as_number'] as const) {
      const value =
        field === 'username' ? 'outronome1' : field === 'password' ? 'senha@nova9' : '11988887777';
      const response = await call(token, 'PUT', `/api/users/${line.id}`, { bouquet: [1], [field]: value });
      expect(response.json()).toMatchObject({ status: 422, field, message: LINE_MESSAGES.hybridEditOnly });
    }
    const blankName = await call(token, 'PUT', `/api/users/${line.id}`, { bouquet: [1], full_name: '' });
    expect(blankName.json()).toMatchObject({ status: 422, field: 'full_name' });
    expect(await snapshot(db, account.id, line.id)).toEqual(before);
    const allowed = await call(token, 'PUT', `/api/users/${line.id}`, {
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
    expect(await outboxOfLine(db, line.id)).toEqual([{ event: 'updated', system: 3 }]);
  });
});

describe('block and unblock', () => {
  it('toggles enabled with POST, logs it once, and tells the P2P service', async () => {
    const { account, token } = await createSignedInAccount(testApp.app);
    const line = await seedLine(testApp.app, account, { system: 2 });
    const blocked = await call(token, 'POST', `/api/users/${line.id}/block`);
    expect(blocked.json().enabled).toBe(0);
    expect((await call(token, 'POST', `/api/users/${line.id}/block`)).json().enabled).toBe(0);
    const unblocked = await call(token, 'POST', `/api/users/${line.id}/unblock`);
    expect(unblocked.json().enabled).toBe(1);
    expect((await logsOfLine(db, line.id)).map((log) => [log.action, log.type])).toEqual([
      ['block', 'reg_p2p'],
      ['unblock', 'reg_p2p'],
    ]);
    expect(await outboxOfLine(db, line.id)).toEqual([
      { event: 'blocked', system: 2 },
      { event: 'unblocked', system: 2 },
    ]);
    expect((await call(token, 'GET', `/api/users/${line.id}/block`)).statusCode).toBe(404);
  });
});

describe('DELETE /api/users/:id', () => {
  it('removes the line, logs delete and tells its service', async () => {
    const { account, token } = await createSignedInAccount(testApp.app);
    const line = await seedLine(testApp.app, account, { system: 3, macaddr: '66:66:66:66:66:01' });
    const response = await call(token, 'DELETE', `/api/users/${line.id}`);
    expect(response.statusCode).toBe(204);
    expect(await lineRow(db, line.id)).toBeUndefined();
    expect((await logsOfLine(db, line.id)).map((log) => [log.action, log.lineUsername])).toEqual([
      ['delete', line.username],
    ]);
    expect(await outboxOfLine(db, line.id)).toEqual([{ event: 'deleted', system: 3 }]);
    expect((await call(token, 'DELETE', `/api/users/${line.id}`)).statusCode).toBe(404);
    // The MAC is free again.
    expect(
      (await call(token, 'POST', '/api/users/checkmac', { macaddr: '66:66:66:66:66:01' })).statusCode,
    ).toBe(200);
  });
});
