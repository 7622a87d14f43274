import type { Profile } from '@panel/shared/profile/profile-schema';

export function buildProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    status: true,
    id: 7,
    username: 'revenda01',
    email: null,
    avatar: 'avatar3',
    credits: '1234.50',
    bonus_credits: '0.00',
    dark_mode: 0,
    mobile_table_mode: 0,
    member_group_id: 2,
    is_publisher: 0,
    type: 'reseller',
    ...overrides,
  };
}
