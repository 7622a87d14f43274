import { RESELLER_MESSAGES } from '@panel/shared/resellers/reseller-messages';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Caller } from '../../../test/api';
import { createResellerTree, signInAs } from '../../../test/factories';
import { findLedgerMismatches } from '../../../test/ledger-invariant';
import { logsAboutAccount } from '../../../test/reads';
import { expectRefusedAndUnchanged, NOT_FOUND } from '../../../test/refusals';
import { useTestApp } from '../../../test/test-app';
import { accounts, type AccountRow } from '../../db/schema';

/** Editing, blocking and unblocking a reseller of the subtree. */
const t = useTestApp();
let bucket: AccountRow;

beforeAll(async () => {
  [bucket] = (await t.db.select().from(accounts).where(eq(accounts.isDeletedBucket, true))) as [AccountRow];
});

describe('PUT /api/resellers/:id', () => {
  it('renames and writes notes; a new password ends the reseller’s sessions', async () => {
    const { master, sub } = await createResellerTree(t.app);
    const response = await t.as(master.token).put(`/api/resellers/${sub.account.id}`, {
      username: 'renomeado1',
      password: 'nova@senha9',
      notes: 'cliente antigo',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ username: 'renomeado1', notes: 'cliente antigo' });
    expect((await t.as(sub.token).get('/api/profile')).statusCode).toBe(404);
    const signedIn = await signInAs(t.app, 'renomeado1', 'nova@senha9');
    expect((await t.as(signedIn).get('/api/profile')).json()).toMatchObject({ username: 'renomeado1' });
    const entries = await logsAboutAccount(t.db, sub.account.id);
    expect(entries.map((entry) => entry.action)).toEqual(['update_username', 'update_password']);
    expect(entries[0]?.details).toEqual({ from: sub.account.username, to: 'renomeado1' });
  });

  it('keeps the password and sessions when the password is empty', async () => {
    const { master, sub } = await createResellerTree(t.app);
    const response = await t.as(master.token).put(`/api/resellers/${sub.account.id}`, {
      username: sub.account.username,
      password: '',
      notes: '',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().notes).toBeNull();
    expect((await t.as(sub.token).get('/api/profile')).statusCode).toBe(200);
    expect(await logsAboutAccount(t.db, sub.account.id)).toEqual([]);
  });

  it('refuses a taken username, its own account and accounts outside the subtree', async () => {
    const { master, sub, other } = await createResellerTree(t.app);
    const watched = { accounts: [master.account.id, sub.account.id, other.account.id, bucket.id] };
    const edit = (caller: Caller, id: number, username: string) => () =>
      t.as(caller).put(`/api/resellers/${id}`, { username });
    await expectRefusedAndUnchanged(
      t.db,
      edit(master, sub.account.id, other.account.username),
      { status: 409, code: 'conflict', message: RESELLER_MESSAGES.usernameTaken, field: 'username' },
      watched,
    );
    await expectRefusedAndUnchanged(
      t.db,
      edit(master, master.account.id, 'eumesmo1'),
      { status: 403, code: 'forbidden', message: RESELLER_MESSAGES.ownAccount },
      watched,
    );
    await expectRefusedAndUnchanged(t.db, edit(master, other.account.id, 'roubado1'), NOT_FOUND, watched);
    await expectRefusedAndUnchanged(
      t.db,
      edit(master, sub.account.id, 'Maiusculo'),
      {
        status: 400,
        code: 'validation_failed',
        field: 'username',
        message: RESELLER_MESSAGES.usernameCharset,
      },
      watched,
    );
    await expectRefusedAndUnchanged(
      t.db,
      edit(t.adminToken, bucket.id, 'lixeira1'),
      { status: 403, code: 'forbidden', message: RESELLER_MESSAGES.bucketLocked },
      watched,
    );
  });
});

describe('PUT /api/resellers/:id: the edit username rule (letters, digits, @ only)', () => {
  it('refuses ! and ? in a new username and changes nothing', async () => {
    const { master, sub } = await createResellerTree(t.app);
    for (const username of ['sub!rev02', 'sub?rev02']) {
      await expectRefusedAndUnchanged(
        t.db,
        () => t.as(master).put(`/api/resellers/${sub.account.id}`, { username }),
        {
          status: 400,
          code: 'validation_failed',
          message: RESELLER_MESSAGES.usernameCharset,
          field: 'username',
        },
        { accounts: [sub.account.id] },
        username,
      );
    }
  });

  it('keeps a username created with ! when the edit leaves it out', async () => {
    const { master } = await createResellerTree(t.app);
    const created = await t.as(master.token).post('/api/resellers', {
      username: 'sub!rev03',
      password: 'senha@19',
      credits: 10,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const response = await t.as(master.token).put(`/api/resellers/${id}`, { notes: 'paga em dia' });
    expect(response.json()).toMatchObject({ username: 'sub!rev03', notes: 'paga em dia' });
    const renamed = await t.as(master.token).put(`/api/resellers/${id}`, { username: 'sub@rev03' });
    expect(renamed.json()).toMatchObject({ username: 'sub@rev03' });
  });
});

describe('block and unblock', () => {
  it('blocking ends the reseller’s sessions at once; its sub-resellers keep working', async () => {
    const { master, sub, subsub } = await createResellerTree(t.app);
    const blocked = await t.as(master.token).post(`/api/resellers/${sub.account.id}/block`);
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json().status).toBe(0);
    expect((await t.as(sub.token).get('/api/profile')).statusCode).toBe(404);
    const signIn = await t.as(undefined).post('/api/auth/sign-in', {
      username: sub.account.username,
      password: sub.account.password,
      'g-recaptcha-response': 'x',
    });
    expect(signIn.json().code).toBe('account_blocked');
    expect((await t.as(subsub.token).get('/api/profile')).statusCode).toBe(200);

    expect((await t.as(master.token).post(`/api/resellers/${sub.account.id}/block`)).statusCode).toBe(200);
    const unblocked = await t.as(master.token).post(`/api/resellers/${sub.account.id}/unblock`);
    expect(unblocked.json().status).toBe(1);
    expect((await logsAboutAccount(t.db, sub.account.id)).map((entry) => entry.action)).toEqual([
      'block',
      'unblock',
    ]);
  });

  it('refuses outside the subtree (404), its own account (403) and the bucket (403)', async () => {
    const { master, sub, other } = await createResellerTree(t.app);
    const watched = { accounts: [master.account.id, sub.account.id, other.account.id, bucket.id] };
    const post = (caller: Caller, url: string) => () => t.as(caller).post(url);
    await expectRefusedAndUnchanged(
      t.db,
      post(master, `/api/resellers/${other.account.id}/block`),
      NOT_FOUND,
      watched,
    );
    await expectRefusedAndUnchanged(
      t.db,
      post(sub, `/api/resellers/${master.account.id}/block`),
      NOT_FOUND,
      watched,
    );
    await expectRefusedAndUnchanged(
      t.db,
      post(sub, `/api/resellers/${sub.account.id}/block`),
      { status: 403, code: 'forbidden', message: RESELLER_MESSAGES.ownAccount },
      watched,
    );
    await expectRefusedAndUnchanged(
      t.db,
      post(t.adminToken, `/api/resellers/${bucket.id}/unblock`),
      { status: 403, code: 'forbidden', message: RESELLER_MESSAGES.bucketLocked },
      watched,
    );
  });
});

describe('invariant', () => {
  it('after everything above, every balance equals the sum of its ledger rows', async () => {
    expect(await findLedgerMismatches(t.db)).toEqual([]);
  });
});
