import type { AddressInfo } from 'node:net';
import { and, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveConnections, type LineRow } from '../../db/schema';
import { libraryFromUpstream } from '../../../test/content-factory';
import { createAccount, createLine } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { startXtreamUpstream, type XtreamUpstream } from '../../../test/upstream/xtream-upstream';

// Screens under concurrent starts (decision 0044): on PostgreSQL (`npm run test:pg`) the starts really
// race on separate connections; on PGlite they run one statement at a time and the rule must still hold.
const t = useTestApp();
let upstream: XtreamUpstream;
let base: string;
let library: Awaited<ReturnType<typeof libraryFromUpstream>>;

beforeAll(async () => {
  upstream = await startXtreamUpstream();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  library = await libraryFromUpstream(t.app, upstream, { deliveryMode: 'redirect' });
}, 120_000);
afterAll(() => upstream?.close());

describe('screens under concurrency', () => {
  it('200 simultaneous starts from different devices on 1-screen lines: one connection per line', async () => {
    const owner = await createAccount(t.app);
    const lines: LineRow[] = [];
    for (let i = 0; i < 20; i++) lines.push(await createLine(t.app, owner));
    const statuses = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const line = lines[i % lines.length]!;
        const address = `${base}/live/${encodeURIComponent(line.username)}/${encodeURIComponent(line.password)}/${library.live.id}.ts`;
        const response = await fetch(address, {
          redirect: 'manual',
          headers: { 'user-agent': `Aparelho/${i}` },
        });
        await response.arrayBuffer();
        return { line: line.id, status: response.status };
      }),
    );
    for (const line of lines) {
      const mine = statuses.filter((entry) => entry.line === line.id).map((entry) => entry.status);
      expect(
        mine.filter((status) => status === 302),
        `line ${line.id}`,
      ).toHaveLength(1);
      expect(
        mine.filter((status) => status === 403),
        `line ${line.id}`,
      ).toHaveLength(9);
    }
    const active = await t.db
      .select({ lineId: liveConnections.lineId })
      .from(liveConnections)
      .where(
        and(
          inArray(
            liveConnections.lineId,
            lines.map((line) => line.id),
          ),
          isNull(liveConnections.endedAt),
        ),
      );
    expect(active.map((row) => row.lineId).sort()).toEqual(lines.map((line) => line.id).sort());
  }, 60_000);

  it('50 simultaneous opens of one 1-screen line, straight through the service: one survives', async () => {
    const line = await createLine(t.app, await createAccount(t.app));
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        t.app.connections.forRequest({
          lineId: line.id,
          streamId: library.live.id,
          delivery: 'redirect',
          watching: 'Canal',
          ip: `10.0.0.${i}`,
          userAgent: 'Mesmo/1',
          start: true,
        }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const active = await t.db
      .select()
      .from(liveConnections)
      .where(and(inArray(liveConnections.lineId, [line.id]), isNull(liveConnections.endedAt)));
    expect(active).toHaveLength(1);
  });
});
