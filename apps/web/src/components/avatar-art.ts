import { bottts } from '@dicebear/collection';
import { createAvatar } from '@dicebear/core';

const dataUris = new Map<string, string>();

/**
 * The picture of an avatar name (avatar1 … avatar80): deterministic, drawn locally from the name.
 * @public loaded with import() by user-avatar.tsx, which knip does not follow into a namespace.
 */
export function avatarDataUri(seed: string): string {
  let uri = dataUris.get(seed);
  if (!uri) {
    uri = createAvatar(bottts, { seed, size: 96 }).toDataUri();
    dataUris.set(seed, uri);
  }
  return uri;
}
