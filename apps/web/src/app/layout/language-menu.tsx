import { ActionIcon, Menu } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { changeLanguage, LANGUAGES, useTranslation } from '@/lib/i18n';

/** Language switch (docs/product/contradictions.md#language-switch): translates the navigation and the top bar; pt-BR is the default. */
export function LanguageMenu() {
  const { t, language: current } = useTranslation();
  return (
    <Menu position="bottom-end" width={180} shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('topbar.language')}>
          <IconLanguage size={20} stroke={1.6} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {LANGUAGES.map((language) => (
          <Menu.Item
            key={language.code}
            lang={language.code}
            onClick={() => changeLanguage(language.code)}
            fw={current === language.code ? 700 : undefined}
            aria-current={current === language.code ? 'true' : undefined}
          >
            {language.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
