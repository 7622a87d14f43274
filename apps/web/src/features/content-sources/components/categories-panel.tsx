import { Badge, Button, Group, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import type { ContentCategory } from '@panel/shared/content-sources/content-sources-api';
import { CATEGORY_KINDS, type CategoryKind } from '@panel/shared/content/stream-kinds';
import { lazyModal } from '@/components/lazy-modal';
import { QueryBody } from '@/components/query-body';
import { useComplements } from '@/lib/queries/complements-query';
import { useContentCategories } from '../api/list-content-categories';
import { CATEGORY_KIND_LABELS, CONTENT_TEXTS } from './content-texts';

const CategoryBouquetsModal = lazyModal(() =>
  import('./category-bouquets-modal').then((m) => m.CategoryBouquetsModal),
);

/**
 * The library's categories of one kind with the bouquets that hold them; the admin moves a category
 * between bouquets (docs/product/screens.md#content-sources).
 */
export function CategoriesPanel() {
  const [kind, setKind] = useState<CategoryKind>('live');
  const [filter, setFilter] = useState('');
  const [editing, setEditing] = useState<ContentCategory | null>(null);
  const categories = useContentCategories(kind);
  const { data } = categories;
  const { data: complements } = useComplements();
  const bouquetName = useMemo(() => {
    const names = new Map((complements?.bouquets ?? []).map((bouquet) => [bouquet.id, bouquet.name]));
    return (id: number) => names.get(id) ?? `#${id}`;
  }, [complements]);
  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return (data ?? []).filter((category) => !needle || category.name.toLowerCase().includes(needle));
  }, [data, filter]);

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <SegmentedControl
          value={kind}
          onChange={(value) => setKind(value as CategoryKind)}
          data={CATEGORY_KINDS.map((value) => ({ value, label: CATEGORY_KIND_LABELS[value] }))}
          data-testid="content-categories-kind"
        />
        <TextInput
          placeholder={CONTENT_TEXTS.categoryFilter}
          aria-label={CONTENT_TEXTS.categoryFilter}
          leftSection={<IconSearch size={14} />}
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
          data-testid="content-categories-filter"
        />
      </Group>
      <QueryBody
        query={categories}
        testId="content-categories"
        isEmpty={() => shown.length === 0}
        empty={
          <Text c="dimmed" ta="center" py="md" data-testid="content-categories-empty">
            {CONTENT_TEXTS.categoriesEmpty}
          </Text>
        }
        compact
      >
        {() => (
          <Table.ScrollContainer minWidth={0}>
            <Table striped highlightOnHover data-testid="content-categories-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{CONTENT_TEXTS.categoryName}</Table.Th>
                  <Table.Th>{CONTENT_TEXTS.categoryBouquets}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((category) => (
                  <Table.Tr key={category.id} data-testid="content-category" data-category-id={category.id}>
                    <Table.Td>
                      <Group gap={6}>
                        <Text size="sm">{category.name}</Text>
                        {category.is_adult && (
                          <Badge size="xs" color="red" variant="light">
                            {CONTENT_TEXTS.adult}
                          </Badge>
                        )}
                      </Group>
                      <Text size="xs" c="dimmed" data-testid="content-category-items">
                        {CONTENT_TEXTS.items(category.items)}
                      </Text>
                    </Table.Td>
                    <Table.Td data-testid="content-category-bouquets">
                      {category.bouquet_ids.length === 0 ? (
                        <Text size="xs" c="dimmed">
                          {CONTENT_TEXTS.noBouquets}
                        </Text>
                      ) : (
                        <Group gap={4}>
                          {category.bouquet_ids.map((id) => (
                            <Badge key={id} size="sm" variant="light">
                              {bouquetName(id)}
                            </Badge>
                          ))}
                        </Group>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">
                      <Button
                        size="compact-xs"
                        variant="default"
                        onClick={() => setEditing(category)}
                        data-testid="content-category-edit"
                      >
                        {CONTENT_TEXTS.editBouquets}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryBody>
      {editing && <CategoryBouquetsModal category={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
