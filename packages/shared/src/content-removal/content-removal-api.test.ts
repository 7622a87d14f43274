import { describe, expect, it } from 'vitest';
import { LIST_MESSAGES } from '../lists/list-query';
import {
  CONTENT_REMOVAL_MESSAGES,
  contentRemovalInputSchema,
  contentRemovalQuerySchema,
  MEDIA_TYPE_OF_ANALYTICS,
  mediaTypeLabel,
  removalStatusLabel,
} from './content-removal-api';

const issue = (result: { error?: { issues: { message: string; path: PropertyKey[] }[] } }) => {
  const first = result.error?.issues[0];
  return first ? { message: first.message, field: first.path.join('.') } : undefined;
};

describe('content removal (decision 0056)', () => {
  it('sends the spec media types: channels 1, movies 2, 24h channels 3, series 5', () => {
    expect(MEDIA_TYPE_OF_ANALYTICS).toEqual({ channels: 1, streams: 2, lives: 3, series: 5 });
    expect(contentRemovalInputSchema.parse({ media_type: '5', media_id: '12' })).toEqual({
      media_type: 5,
      media_id: 12,
    });
    for (const media_type of [0, 4, 6, 'x', '']) {
      expect(
        issue(contentRemovalInputSchema.safeParse({ media_type, media_id: 1 })),
        String(media_type),
      ).toEqual({
        message: CONTENT_REMOVAL_MESSAGES.invalidMediaType,
        field: 'media_type',
      });
    }
    expect(issue(contentRemovalInputSchema.safeParse({ media_type: 2, media_id: 0 }))).toEqual({
      message: LIST_MESSAGES.invalidId,
      field: 'media_id',
    });
  });

  it('lists newest first; empty filters are no filters; bad ones are named', () => {
    expect(contentRemovalQuerySchema.parse({ id: '', media_type: '', status: '', text_search: ' ' })).toEqual(
      {
        page: 1,
        per: 10,
        order_by: { field: 'created_at', direction: 'desc' },
        id: undefined,
        media_type: undefined,
        status: undefined,
        text_search: undefined,
        reseller: undefined,
      },
    );
    expect(contentRemovalQuerySchema.parse({ status: '0', media_type: '3', id: '7' })).toMatchObject({
      status: 0,
      media_type: 3,
      id: 7,
    });
    expect(issue(contentRemovalQuerySchema.safeParse({ status: '2' }))).toEqual({
      message: CONTENT_REMOVAL_MESSAGES.invalidStatus,
      field: 'status',
    });
    expect(issue(contentRemovalQuerySchema.safeParse({ order_by: 'title,asc' }))?.message).toBe(
      LIST_MESSAGES.invalidOrder,
    );
  });

  it('labels the statuses and types as the screen shows them', () => {
    expect(removalStatusLabel(0)).toBe('Na fila de exclusão');
    expect(removalStatusLabel(1)).toBe('Excluído permanentemente');
    expect([1, 2, 3, 5].map(mediaTypeLabel)).toEqual(['Canal', 'Filme', 'Canal 24h', 'Série']);
  });
});
