import { Checkbox, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import {
  CONTENT_MESSAGES,
  categoryBouquetsInputSchema,
  type ContentCategory,
} from '@panel/shared/content-sources/content-sources-api';
import { Dialog } from '@/components/dialog';
import { DialogActions } from '@/components/dialog-actions';
import { LoadFailure } from '@/components/load-failure';
import { ApiError } from '@/lib/api-client';
import { useComplements } from '@/lib/queries/complements-query';
import { showSuccessToast } from '@/lib/toasts';
import { useSetCategoryBouquets } from '../api/set-category-bouquets';
import { showContentActionError } from './action-error';
import { CONTENT_TEXTS } from './content-texts';

interface CategoryBouquetsModalProps {
  category: ContentCategory;
  onClose: () => void;
}

/**
 * Which bouquets hold a category (docs/product/rules.md#line-content): a line sees the categories of its
 * bouquets. The choice is checked by the server's own rule first; a refusal about the bouquets (one
 * removed meanwhile) is said under the list, any other as a toast, in the words of CONTENT_MESSAGES.
 */
export function CategoryBouquetsModal({ category, onClose }: CategoryBouquetsModalProps) {
  const complements = useComplements();
  const [chosen, setChosen] = useState(() => category.bouquet_ids.map(String));
  const [error, setError] = useState<string | null>(null);
  const save = useSetCategoryBouquets();
  const submit = () => {
    const parsed = categoryBouquetsInputSchema.safeParse({ bouquet_ids: chosen.map(Number) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? CONTENT_MESSAGES.bouquetUnknown);
      return;
    }
    setError(null);
    save.mutate(
      { id: category.id, bouquetIds: parsed.data.bouquet_ids },
      {
        onSuccess: () => {
          showSuccessToast(CONTENT_TEXTS.bouquetsSaved);
          onClose();
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.field?.startsWith('bouquet_ids'))
            setError(failure.message);
          else showContentActionError(failure);
        },
      },
    );
  };
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
        {error && (
          <Text size="sm" c="red" data-testid="category-bouquets-refused">
            {error}
          </Text>
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
