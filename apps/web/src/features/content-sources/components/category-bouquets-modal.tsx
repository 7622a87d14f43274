import { Checkbox, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { ContentCategory } from '@panel/shared/content/content-sources-api';
import { Dialog } from '@/components/dialog';
import { DialogActions } from '@/components/dialog-actions';
import { LoadFailure } from '@/components/load-failure';
import { useComplements } from '@/lib/queries/complements-query';
import { showSuccessToast } from '@/lib/toasts';
import { useSetCategoryBouquets } from '../api/set-category-bouquets';
import { showContentActionError } from './action-error';
import { CONTENT_TEXTS } from './content-texts';

interface CategoryBouquetsModalProps {
  category: ContentCategory;
  onClose: () => void;
}

/** Which bouquets hold a category (docs/product/rules.md#line-content): a line sees the categories of its bouquets. */
export function CategoryBouquetsModal({ category, onClose }: CategoryBouquetsModalProps) {
  const complements = useComplements();
  const [chosen, setChosen] = useState(() => category.bouquet_ids.map(String));
  const save = useSetCategoryBouquets();
  const submit = () =>
    save.mutate(
      { id: category.id, bouquetIds: chosen.map(Number) },
      {
        onSuccess: () => {
          showSuccessToast(CONTENT_TEXTS.bouquetsSaved);
          onClose();
        },
        onError: showContentActionError,
      },
    );
  return (
    <Dialog onClose={onClose} title={CONTENT_TEXTS.bouquetsTitle(category.name)} testId="category-bouquets">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {CONTENT_TEXTS.bouquetsHint}
        </Text>
        {complements.error && !complements.data ? (
          <LoadFailure
            error={complements.error}
            onRetry={() => void complements.refetch()}
            retrying={complements.isRefetching}
            testId="category-bouquets-error"
          />
        ) : !complements.data ? (
          <Loader size="sm" />
        ) : (
          <Checkbox.Group value={chosen} onChange={setChosen}>
            <Stack gap={6} data-testid="category-bouquets-options">
              {complements.data.bouquets.map((bouquet) => (
                <Checkbox
                  key={bouquet.id}
                  value={String(bouquet.id)}
                  label={bouquet.is_adult ? `${bouquet.name} (${CONTENT_TEXTS.adult})` : bouquet.name}
                  data-testid={`category-bouquet-${bouquet.id}`}
                />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
        <DialogActions
          onCancel={onClose}
          onConfirm={submit}
          label={CONTENT_TEXTS.save}
          pending={save.isPending}
          disabled={!complements.data}
          testId="category-bouquets-submit"
        />
      </Stack>
    </Dialog>
  );
}
