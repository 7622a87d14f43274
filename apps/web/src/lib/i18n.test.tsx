import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { changeLanguage, loadStoredLanguage, storedLanguage, useTranslation } from './i18n';

function Label() {
  const { t, language } = useTranslation();
  return (
    <p>
      {language}: {t('topbar.credits')} / {t('nav.usersList')}
    </p>
  );
}

afterEach(async () => {
  changeLanguage('pt-BR');
  await loadStoredLanguage();
});

describe('i18n', () => {
  it('pt-BR is the default and unknown stored values fall back to it', () => {
    expect(storedLanguage()).toBe('pt-BR');
    localStorage.setItem(STORAGE_KEYS.language, 'xx');
    expect(storedLanguage()).toBe('pt-BR');
    render(<Label />);
    expect(screen.getAllByText('pt-BR: Créditos / Meus usuários')).toHaveLength(1);
  });

  it('a stored language is shown once loadStoredLanguage resolves (the shell waits for it)', async () => {
    localStorage.setItem(STORAGE_KEYS.language, 'es');
    await loadStoredLanguage();
    render(<Label />);
    expect(screen.getAllByText('es: Créditos / Mis usuarios')).toHaveLength(1);
  });

  it('a switch is stored and re-renders in the new language once its texts are here', async () => {
    render(<Label />);
    act(() => changeLanguage('en'));
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('en');
    expect(await screen.findAllByText('en: Credits / My users')).toHaveLength(1);
  });
});
