import { Button, Group, Stack, Tabs, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { CategoriesPanel } from './categories-panel';
import { CONTENT_TEXTS } from './content-texts';
import { SourcesPanel, type SourceForm } from './sources-panel';

type Tab = 'sources' | 'categories';

/**
 * /content-sources (docs/product/screens.md#content-sources, admin only): where the library is
 * imported from, its syncs and their progress; and which bouquets hold each imported category.
 */
export function ContentSourcesPage() {
  const [tab, setTab] = useState<Tab>('sources');
  const [form, setForm] = useState<SourceForm>(null);
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <Title order={2}>{CONTENT_TEXTS.title}</Title>
        {tab === 'sources' && (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setForm({})}
            data-testid="content-source-new"
          >
            {CONTENT_TEXTS.newSource}
          </Button>
        )}
      </Group>
      <Tabs value={tab} onChange={(value) => setTab((value as Tab | null) ?? 'sources')} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="sources" data-testid="content-tab-sources">
            {CONTENT_TEXTS.sourcesTab}
          </Tabs.Tab>
          <Tabs.Tab value="categories" data-testid="content-tab-categories">
            {CONTENT_TEXTS.categoriesTab}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="sources" pt="md">
          <SourcesPanel form={form} onForm={setForm} />
        </Tabs.Panel>
        <Tabs.Panel value="categories" pt="md">
          <CategoriesPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
