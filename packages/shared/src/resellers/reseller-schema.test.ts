import { describe, expect, it } from 'vitest';
import { LIST_MESSAGES } from '../lists/list-query';
import { resellerListQuerySchema, resellerSearchSchema } from './reseller-schema';

describe('reseller list query', () => {
  it('defaults to the first page of 10, newest first', () => {
    expect(resellerListQuerySchema.parse({})).toMatchObject({
      page: 1,
      per: 10,
      order_by: { field: 'id', direction: 'desc' },
    });
  });
  it('sorts by the shown columns only', () => {
    expect(resellerListQuerySchema.parse({ order_by: 'credits,asc' }).order_by).toEqual({
      field: 'credits',
      direction: 'asc',
    });
    const result = resellerListQuerySchema.safeParse({ order_by: 'password_hash,asc' });
    expect(result.error?.issues[0]?.message).toBe(LIST_MESSAGES.invalidOrder);
  });
  it('reads the admin filters', () => {
    expect(
      resellerListQuerySchema.parse({ id: '12', ip: '10.0.0.1', master: 'chefe', publisher: '1' }),
    ).toMatchObject({
      id: 12,
      ip: '10.0.0.1',
      master: 'chefe',
      publisher: '1',
    });
    expect(resellerListQuerySchema.safeParse({ id: 'abc' }).error?.issues[0]?.message).toBe(
      LIST_MESSAGES.invalidId,
    );
  });
  it('select search defaults to an empty search', () => {
    expect(resellerSearchSchema.parse({})).toEqual({ search: '' });
  });
});
