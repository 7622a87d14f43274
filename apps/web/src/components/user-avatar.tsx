import { Avatar, type AvatarProps } from '@mantine/core';
import { bottts } from '@dicebear/collection';
import { createAvatar } from '@dicebear/core';
import { DEFAULT_AVATAR } from '@panel/shared/profile/avatars';

const dataUris = new Map<string, string>();

/** The picture of an avatar name (avatar1 … avatar80): deterministic, drawn locally from the name. */
export function avatarDataUri(avatar: string): string {
  const seed = avatar || DEFAULT_AVATAR;
  let uri = dataUris.get(seed);
  if (!uri) {
    uri = createAvatar(bottts, { seed, size: 96 }).toDataUri();
    dataUris.set(seed, uri);
  }
  return uri;
}

interface UserAvatarProps extends Omit<AvatarProps, 'src' | 'alt'> {
  avatar: string | undefined;
  alt: string;
}

export function UserAvatar({ avatar, alt, ...props }: UserAvatarProps) {
  return <Avatar src={avatarDataUri(avatar ?? DEFAULT_AVATAR)} alt={alt} {...props} />;
}
