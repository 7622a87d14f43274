/**
 * Opens a session for an account of the database in DATABASE_URL and prints `{ "id", "token" }` (the
 * first admin when no username is given). Used by `npm run bench` for the browser measurement (P5).
 *
 *   DATABASE_URL=… node --import tsx scripts/bench/open-session.ts [username]
 */
import pg from 'pg';
import { accountId, openSession } from './bench-env';

const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
await client.connect();
try {
  const username = process.argv[2];
  const id = username
    ? await accountId(client, username)
    : (await client.query<{ id: number }>(`select id from accounts where role = 'admin' order by id limit 1`))
        .rows[0]?.id;
  if (id === undefined) throw new Error('no such account');
  console.log(JSON.stringify({ id, token: await openSession(client, id) }));
} finally {
  await client.end();
}
