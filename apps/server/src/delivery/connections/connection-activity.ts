import { sql } from 'drizzle-orm';

/**
 * The cut-off of "active" (decision 0044): a connection or P2P session is active while `ended_at is null`
 * and it was seen after this instant. The database's clock, so every node and the sweeper agree.
 */
export const seenWithin = (ttlSeconds: number) => sql`now() - make_interval(secs => ${ttlSeconds})`;
