import type { FastifyBaseLogger } from 'fastify';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { ProvisioningOverview } from '@panel/shared/provisioning/provisioning-schemas';
import type { DatabaseHandle } from '../../db/database';
import type { ProvisioningService } from '../provisioning/provisioning.service';
import { createLedgerTotals } from './ledger-totals';
import type { LedgerTotals } from './metrics.repository';

interface Facts {
  ledger: LedgerTotals[];
  overview: ProvisioningOverview;
}

const SYSTEM_NAMES: Record<number, string> = { 2: 'p2p', 3: 'hybrid' };

/**
 * Fleet-wide facts read from the database when Prometheus scrapes, so every process reports the same
 * (right) numbers: credit moves, the provisioning outbox; plus this process's pool. A failed read leaves
 * the previous values and sets panel_metrics_database_up to 0 instead of failing the whole scrape.
 */
export function registerDatabaseMetrics(
  registry: Registry,
  options: {
    database: DatabaseHandle;
    /** Asked for at scrape time: the metrics plugin is registered before the provisioning plugin. */
    provisioning: () => ProvisioningService;
    log: FastifyBaseLogger;
  },
): { refresh(): Promise<void> } {
  const { database, provisioning, log } = options;

  const up = new Gauge({
    name: 'panel_metrics_database_up',
    help: '1 when the last scrape read the database-wide metrics, 0 when that read failed',
    registers: [registry],
  });
  let latest: Facts | undefined;
  const ledgerTotals = createLedgerTotals(database.db);

  /** Read once per scrape, before the registry renders; the metrics below show this snapshot. */
  async function refresh(): Promise<void> {
    try {
      const [ledger, overview] = await Promise.all([ledgerTotals(), provisioning().overview()]);
      latest = { ledger, overview };
      up.set(1);
    } catch (error) {
      log.warn({ err: error }, 'metrics: database read failed');
      up.set(0);
    }
  }

  // Two views of the same ledger read: how many moves, and how many credits they moved.
  const ledgerCounter = (name: string, help: string, value: (row: LedgerTotals) => number) =>
    new Counter({
      name,
      help,
      labelNames: ['kind'] as const,
      registers: [registry],
      collect() {
        const read = latest;
        if (!read) return;
        this.reset();
        for (const row of read.ledger) this.inc({ kind: row.kind }, value(row));
      },
    });
  ledgerCounter(
    'panel_credit_moves_total',
    'Rows of the credit ledger (every balance change), by kind (transfer, mint, burn, spend)',
    (row) => row.rows,
  );
  ledgerCounter(
    'panel_credits_moved_total',
    'Credits moved through the ledger (sum of absolute amounts), by kind',
    (row) => row.credits,
  );
  new Gauge({
    name: 'panel_provisioning_outbox_depth',
    help: 'Undelivered line changes by service; state "failed" used every attempt and waits for an admin retry',
    labelNames: ['system', 'state'] as const,
    registers: [registry],
    collect() {
      const read = latest;
      if (!read) return;
      for (const entry of read.overview.systems) {
        const system = SYSTEM_NAMES[entry.system] ?? String(entry.system);
        this.set({ system, state: 'pending' }, entry.pending);
        this.set({ system, state: 'failed' }, entry.failed);
      }
    },
  });
  new Gauge({
    name: 'panel_provisioning_oldest_pending_seconds',
    help: 'Age of the oldest undelivered line change still being tried, by service (0 when none)',
    labelNames: ['system'] as const,
    registers: [registry],
    collect() {
      const read = latest;
      if (!read) return;
      for (const entry of read.overview.systems) {
        this.set(
          { system: SYSTEM_NAMES[entry.system] ?? String(entry.system) },
          entry.oldest_pending_seconds ?? 0,
        );
      }
    },
  });
  const poolGauge = (
    name: string,
    help: string,
    pick: (stats: { total: number; idle: number; waiting: number }) => number,
  ) =>
    new Gauge({
      name,
      help,
      labelNames: ['pool'] as const,
      registers: [registry],
      collect() {
        for (const stats of database.poolStats()) this.set({ pool: stats.pool }, pick(stats));
      },
    });
  poolGauge(
    'panel_db_pool_connections',
    'Open connections of this process’s PostgreSQL pool',
    (s) => s.total,
  );
  poolGauge(
    'panel_db_pool_idle_connections',
    'Idle connections of this process’s PostgreSQL pool',
    (s) => s.idle,
  );
  poolGauge(
    'panel_db_pool_waiting_requests',
    'Queries of this process waiting for a pool connection',
    (s) => s.waiting,
  );
  new Gauge({
    name: 'panel_database_info',
    help: 'The database this process uses (kind="pglite" has no pool: one in-process connection)',
    labelNames: ['kind'] as const,
    registers: [registry],
    collect() {
      this.set({ kind: database.kind }, 1);
    },
  });
  return { refresh };
}
