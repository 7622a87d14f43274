import { Avatar, type AvatarProps } from '@mantine/core';
import { useEffect, useState } from 'react';
import { DEFAULT_AVATAR } from '@panel/shared/profile/avatars';

type AvatarArt = typeof import('./avatar-art');

// The drawing code (dicebear, ~29 kB gzipped) is fetched after the screen paints (P4): until it arrives
// the avatar shows Mantine's placeholder, then the picture.
let art: AvatarArt | undefined;
let loading: Promise<AvatarArt> | undefined;
function loadArt(): Promise<AvatarArt> {
  loading ??= import('./avatar-art').then(
    (module) => (art = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

interface UserAvatarProps extends Omit<AvatarProps, 'src' | 'alt'> {
  avatar: string | undefined;
  alt: string;
}

export function UserAvatar({ avatar, alt, ...props }: UserAvatarProps) {
  const [drawing, setDrawing] = useState(art);
  useEffect(() => {
    if (drawing) return;
    let active = true;
    loadArt().then(
      (module) => active && setDrawing(module),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [drawing]);
  const src = drawing?.avatarDataUri(avatar || DEFAULT_AVATAR) ?? null;
  return <Avatar src={src} alt={alt} {...props} />;
}
