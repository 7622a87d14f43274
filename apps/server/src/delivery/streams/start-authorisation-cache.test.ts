import { beforeAll, describe } from 'vitest';
import { createAccount } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { startAuthorisationEvents, type StartEventsContext } from '../../../test/start-authorisation-events';
import type { AccountRow } from '../../db/schema';
import { createStartAuthorisationCache } from './start-authorisation-cache';

// The stream starts' authorisation cache on one process (decision 0105): every change of what a line may
// play reaches the next start at once. On PGlite the process hears the database's notices in the process;
// an app handed a PostgreSQL database without its URL hears none and keeps nothing, and the same events
// hold (across processes: start-authorisation.pg.test.ts).
const t = useTestApp();
let owner: AccountRow;
let context: StartEventsContext | undefined;

beforeAll(async () => {
  owner = await createAccount(t.app);
});

describe('stream starts’ authorisation cache, one process', () => {
  startAuthorisationEvents(() => {
    context ??= {
      delivery: t.app,
      panel: t.app,
      admin: t.as(t.adminToken),
      owner,
      cache: createStartAuthorisationCache(t.db, t.app.deliveryNotices),
      withinMs: 0,
    };
    return context;
  });
});
