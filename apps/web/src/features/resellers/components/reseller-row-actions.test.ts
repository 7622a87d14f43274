import { describe, expect, it } from 'vitest';
import { DELETED_RESELLERS_BUCKET } from '@panel/shared/resellers/reseller-constants';
import { buildReseller } from '@test/fixtures/reseller';
import { availableResellerActions } from './reseller-row-actions';

describe('reseller row actions (docs/product/screens.md#resellers)', () => {
  it('an admin may also remove', () => {
    expect(availableResellerActions(buildReseller(), { isAdmin: true, ownId: 1 })).toEqual([
      'edit',
      'toggle-status',
      'credits',
      'logs',
      'reset-two-factor',
      'remove',
    ]);
  });

  it('a reseller may not remove', () => {
    expect(availableResellerActions(buildReseller(), { isAdmin: false, ownId: 7 })).not.toContain('remove');
  });

  it('remove is hidden for resellers under REVENDAS_DELETADOS', () => {
    const parked = buildReseller({ master_username: DELETED_RESELLERS_BUCKET });
    expect(availableResellerActions(parked, { isAdmin: true, ownId: 1 })).not.toContain('remove');
  });

  it('the bucket itself and the own row only show logs', () => {
    const bucket = buildReseller({ username: DELETED_RESELLERS_BUCKET, is_deleted_bucket: true });
    expect(availableResellerActions(bucket, { isAdmin: true, ownId: 1 })).toEqual(['logs']);
    expect(availableResellerActions(buildReseller({ id: 7 }), { isAdmin: false, ownId: 7 })).toEqual([
      'logs',
    ]);
  });
});
