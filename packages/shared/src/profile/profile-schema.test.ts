import { describe, expect, it } from 'vitest';
import { AVATARS } from './avatars';
import { profileUpdateSchema } from './profile-schema';

describe('profile update', () => {
  it('offers avatar1 to avatar80', () => {
    expect(AVATARS).toHaveLength(80);
    expect(AVATARS[0]).toBe('avatar1');
    expect(AVATARS[79]).toBe('avatar80');
  });
  it('accepts the three preferences and nothing else', () => {
    expect(
      profileUpdateSchema.safeParse({ dark_mode: 1, mobile_table_mode: 0, avatar: 'avatar80' }).success,
    ).toBe(true);
    expect(profileUpdateSchema.safeParse({ avatar: 'avatar81' }).error?.issues[0]?.message).toBe(
      'Avatar inválido',
    );
    expect(profileUpdateSchema.safeParse({ dark_mode: 2 }).success).toBe(false);
    expect(profileUpdateSchema.safeParse({ credits: '100' }).success).toBe(false);
  });
});
