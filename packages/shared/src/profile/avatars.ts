import { z } from 'zod';

export const AVATAR_COUNT = 80;
export const DEFAULT_AVATAR = 'avatar1';
/** avatar1 … avatar80 (docs/product/constants.md#avatars). */
export const AVATARS = Array.from({ length: AVATAR_COUNT }, (_, i) => `avatar${i + 1}`);
export const avatarSchema = z.string().refine((value) => AVATARS.includes(value), 'Avatar inválido');
