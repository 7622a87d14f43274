import { SimpleGrid, UnstyledButton } from '@mantine/core';
import { AVATARS } from '@panel/shared/profile/avatars';
import { UserAvatar } from '@/components/user-avatar';

interface AvatarPickerProps {
  value: string;
  onChange: (avatar: string) => void;
  disabled?: boolean;
}

/** The 80 avatars (avatar1 … avatar80) to choose from. */
export function AvatarPicker({ value, onChange, disabled }: AvatarPickerProps) {
  return (
    <SimpleGrid cols={{ base: 4, xs: 6, sm: 8, md: 10 }} spacing="sm" role="radiogroup" aria-label="Avatar">
      {AVATARS.map((avatar) => {
        const selected = avatar === value;
        return (
          <UnstyledButton
            key={avatar}
            role="radio"
            aria-checked={selected}
            aria-label={avatar}
            disabled={disabled}
            onClick={() => onChange(avatar)}
            style={{
              borderRadius: '50%',
              outline: selected ? '3px solid var(--mantine-primary-color-filled)' : undefined,
              outlineOffset: 2,
              justifySelf: 'center',
            }}
          >
            <UserAvatar avatar={avatar} alt="" size={56} radius="xl" />
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}
