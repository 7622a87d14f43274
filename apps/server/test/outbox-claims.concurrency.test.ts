import { count, isNull, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimDueEdgeCommands } from '../src/delivery/ingest/edge-outbox.repository';
import { openDatabase, type Database, type DatabaseHandle } from '../src/db/database';
import { executeRows } from '../src/db/execute-rows';
import type { ClaimOptions, ClaimedOutboxRow } from '../src/db/outbox-claim';
import { outboxMarks } from '../src/db/outbox-marks';
import {
  externalPanelOutbox,
  provisioningOutbox,
  streamingServerOutbox,
  streamingServers,
} from '../src/db/schema';
import { runOutboxPass } from '../src/lib/webhook/outbox-pass';
import { claimDueSyncs } from '../src/panel/external-panel/external-panel-outbox.repository';
import { claimDueDeliveries } from '../src/panel/provisioning/provisioning-outbox.repository';
import { openTestDatabase } from './test-database';

/**
 * The one outbox claim (decision 0095) under passes that overlap: two server processes (on PostgreSQL two
 * pools, so their claims really race; PGlite runs one statement at a time, so there only the bookkeeping is
 * proven), each running two passes at once over the provisioning, external-panel and edge-command outboxes.
 */
const SUBJECTS = 15;
const CHANGES = 3;
const MAX_ATTEMPTS = 12;

let main: Awaited<ReturnType<typeof openTestDatabase>>;
let second: DatabaseHandle | undefined;
let processes: Database[];

beforeAll(async () => {
  main = await openTestDatabase();
  if (process.env.TEST_DATABASE_URL) {
    const [current] = await executeRows<{ name: string }>(main.db, sql`select current_database() as name`);
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = `/${current?.name}`;
    second = await openDatabase({ url: url.toString(), dataDir: '' });
  }
  processes = [main.db, second?.db ?? main.db];
});
afterAll(async () => {
  await second?.close();
  await main?.dispose();
});

interface Outbox {
  table: PgTable;
  claim(db: Database, options: ClaimOptions): Promise<ClaimedOutboxRow[]>;
  /** The subject a row's order is kept within; undefined when the outbox keeps no order. */
  subjectOf?(row: ClaimedOutboxRow): string;
}

const outboxes: Record<string, Outbox> = {
  provisioning: {
    table: provisioningOutbox,
    claim: (db, options) => claimDueDeliveries(db, { ...options, systems: [2, 3] }),
    subjectOf: (row) => String(row.payload.subject),
  },
  'external panel': {
    table: externalPanelOutbox,
    claim: claimDueSyncs,
    subjectOf: (row) => String(row.payload.subject),
  },
  'edge commands': { table: streamingServerOutbox, claim: claimDueEdgeCommands },
};

async function seed(): Promise<void> {
  const db = main.db;
  const [server] = await db
    .insert(streamingServers)
    .values({ name: 'edge', tokenHash: 'claim-test', tokenHint: 'test', controlUrl: 'http://127.0.0.1:9/' })
    .returning({ id: streamingServers.id });
  for (let change = 0; change < CHANGES; change++) {
    const subjects = Array.from({ length: SUBJECTS }, (_, index) => index + 1);
    await db.insert(provisioningOutbox).values(
      subjects.flatMap((lineId) =>
        [2, 3].map((system) => ({
          lineId,
          system,
          event: 'updated',
          payload: { subject: `${lineId}/${system}`, change },
        })),
      ),
    );
    await db.insert(externalPanelOutbox).values(
      subjects.flatMap((subjectId) =>
        (['reseller', 'line'] as const).map((subject) => ({
          subject,
          subjectId,
          event: `${subject}.updated`,
          payload: { subject: `${subject}/${subjectId}`, change },
        })),
      ),
    );
    await db.insert(streamingServerOutbox).values(
      subjects.map((connection) => ({
        serverId: server!.id,
        event: 'connection.disconnect',
        payload: { connection_id: connection, change },
      })),
    );
  }
}

beforeAll(seed);

describe('one claim for the three outboxes, passes overlapping', () => {
  for (const [name, outbox] of Object.entries(outboxes)) {
    const order = outbox.subjectOf ? ', each subject in order' : '';
    it(`${name}: every row delivered once and only once${order}`, async () => {
      const sent: ClaimedOutboxRow[] = [];
      const pass = (db: Database) =>
        runOutboxPass({
          claim: (limit, leaseMs) => outbox.claim(db, { limit, maxAttempts: MAX_ATTEMPTS, leaseMs }),
          send: async (row) => {
            sent.push(row);
            // Deliveries take a little while, so the other passes claim while these are in flight.
            await new Promise((resolve) => setTimeout(resolve, 1 + Math.floor(Math.random() * 4)));
            return { delivered: true };
          },
          ...outboxMarks(db, outbox.table),
          batchSize: 7,
          maxBatches: 50,
          timeoutMs: 10_000,
        });

      const counted = await Promise.all(processes.flatMap((db) => [pass(db), pass(db)]));
      // A pass ends when nothing is claimable, which can happen while another holds a subject's next row.
      let extra = 0;
      for (let drain = 0; drain < 10; drain++) extra += await pass(main.db);

      const [rows] = await main.db.select({ total: count() }).from(outbox.table);
      const total = rows?.total ?? 0;
      const ids = sent.map((row) => row.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toHaveLength(total);
      expect(counted.reduce((sum, count) => sum + count, 0) + extra).toBe(total);
      const undelivered = await main.db
        .select()
        .from(outbox.table)
        .where(isNull((outbox.table as typeof provisioningOutbox).deliveredAt));
      expect(undelivered).toEqual([]);
      if (outbox.subjectOf) {
        const bySubject = new Map<string, unknown[]>();
        for (const row of sent) {
          const subject = outbox.subjectOf(row);
          bySubject.set(subject, [...(bySubject.get(subject) ?? []), row.payload.change]);
        }
        expect(bySubject.size).toBe(total / CHANGES);
        for (const changes of bySubject.values()) expect(changes).toEqual([...Array(CHANGES).keys()]);
      }
    });
  }
});
