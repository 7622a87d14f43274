import { describe, expect, it } from 'vitest';
import {
  INGEST_BATCH_MAX,
  INGEST_MESSAGES,
  connectionsBatchSchema,
  p2pSessionsBatchSchema,
  tokenVerifySchema,
  viewsBatchSchema,
} from './ingest-api';

const issue = (result: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) => {
  const first = result.error?.issues[0];
  return first && { message: first.message, path: first.path.join('.') };
};

describe('ingest batches (decision 0045)', () => {
  it('need a batch id; lists default to empty', () => {
    expect(connectionsBatchSchema.parse({ batch_id: 'a-1:b_2.c' })).toEqual({
      batch_id: 'a-1:b_2.c',
      heartbeats: [],
      ends: [],
    });
    expect(issue(connectionsBatchSchema.safeParse({}))).toEqual({
      message: INGEST_MESSAGES.batchIdInvalid,
      path: 'batch_id',
    });
    expect(issue(viewsBatchSchema.safeParse({ batch_id: 'x'.repeat(101) }))?.message).toBe(
      INGEST_MESSAGES.batchIdInvalid,
    );
  });

  it('take at most INGEST_BATCH_MAX items a list', () => {
    const ends = Array.from({ length: INGEST_BATCH_MAX + 1 }, () => 's');
    expect(issue(p2pSessionsBatchSchema.safeParse({ batch_id: 'b', ends }))).toEqual({
      message: INGEST_MESSAGES.batchTooLarge,
      path: 'ends',
    });
  });

  it('check each item with its own message', () => {
    expect(
      issue(
        connectionsBatchSchema.safeParse({
          batch_id: 'b',
          heartbeats: [{ connection_id: 1, divergence: 86_401 }],
        }),
      ),
    ).toEqual({ message: INGEST_MESSAGES.divergenceInvalid, path: 'heartbeats.0.divergence' });
    expect(
      issue(
        p2pSessionsBatchSchema.safeParse({
          batch_id: 'b',
          sessions: [{ session_id: 's', username: 'u', duration: -1 }],
        }),
      ),
    ).toEqual({ message: INGEST_MESSAGES.durationInvalid, path: 'sessions.0.duration' });
    expect(issue(viewsBatchSchema.safeParse({ batch_id: 'b', views: [{ stream_id: 1, count: 0 }] }))).toEqual(
      {
        message: INGEST_MESSAGES.countInvalid,
        path: 'views.0.count',
      },
    );
  });

  it('token parameters are digits, as strings or numbers', () => {
    expect(
      tokenVerifySchema.parse({ line: 12, stream: '345', conn: 6, expires: '1767542400', token: 't' }),
    ).toEqual({
      line: '12',
      stream: '345',
      conn: '6',
      expires: '1767542400',
      token: 't',
    });
    expect(
      issue(tokenVerifySchema.safeParse({ line: '1e3', stream: 1, conn: 1, expires: 1, token: 't' })),
    ).toEqual({
      message: INGEST_MESSAGES.tokenFieldInvalid,
      path: 'line',
    });
  });
});
