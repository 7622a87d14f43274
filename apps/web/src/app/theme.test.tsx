import { PasswordInput } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UI_KIT_TEXTS } from '@panel/shared/ui/ui-texts';
import { renderWithProviders } from '@test/render';

describe('theme (decision 0073: no English where a user looks)', () => {
  it("names every password field's eye button in Portuguese", () => {
    renderWithProviders(<PasswordInput label="Senha" />);
    const eye = screen.getByRole('button', { hidden: true });
    expect(eye.getAttribute('aria-label')).toBe(UI_KIT_TEXTS.passwordVisibility);
  });
});
