import { Alert, Group, Loader, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import {
  CATALOG_REQUEST_MESSAGES,
  catalogRequestCreatedMessage,
  MEDIA_TYPE_LABELS,
  NEW_REQUEST_STATUS_LABEL,
  releaseYearOf,
  TITLE_SEARCH_DEBOUNCE_MS,
  type TitleSearchResult,
} from '@panel/shared/catalog-requests/catalog-requests-api';
import { Dialog } from '@/components/dialog';
import { DialogActions } from '@/components/dialog-actions';
import { mapError } from '@/lib/map-error';
import { classifySessionFailure } from '@/lib/session-failure';
import { showErrorToast, showSmallToast, showWarningToast } from '@/lib/toasts';
import { useCreateCatalogRequest } from '../api/catalog-request-mutations';
import { useSearchStatus, useTitleSearch } from '../api/search-titles';
import { Poster } from './catalog-request-columns';
import classes from './new-request-modal.module.css';
import { REQUEST_TEXTS } from './request-texts';

const TEXTS = REQUEST_TEXTS.search;

function ResultOption({
  result,
  selected,
  onSelect,
}: {
  result: TitleSearchResult;
  selected: boolean;
  onSelect: () => void;
}) {
  return (
    <UnstyledButton
      className={classes.option}
      data-selected={selected || undefined}
      onClick={onSelect}
      aria-pressed={selected}
      data-testid="title-result"
    >
      <Group gap="sm" wrap="nowrap">
        <Poster src={result.poster} title={result.title} />
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {result.title}
          </Text>
          <Text size="xs" c="dimmed">
            {MEDIA_TYPE_LABELS[result.media_type]} · {releaseYearOf(result.release_date)} · TMDB{' '}
            {result.tmdb_id}
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}

/**
 * The new-request modal (docs/product/screens.md#catalog-requests): the title is searched at the metadata
 * service through the server 650 ms after the last key (pt-BR, adult excluded), one result is chosen, and
 * the request starts 'Na Fila'. A server without the service's key says so instead of searching.
 */
export function NewRequestModal({ onClose }: { onClose: () => void }) {
  const [text, setText] = useState('');
  const [query] = useDebouncedValue(text.trim(), TITLE_SEARCH_DEBOUNCE_MS);
  const [chosen, setChosen] = useState<TitleSearchResult | null>(null);
  const [error, setError] = useState<string | undefined>();
  const status = useSearchStatus();
  const configured = status.data?.configured !== false;
  const search = useTitleSearch(configured ? query : '');
  const create = useCreateCatalogRequest();
  const results = search.data ?? [];

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!chosen) {
      setError(CATALOG_REQUEST_MESSAGES.titleRequired);
      showWarningToast(CATALOG_REQUEST_MESSAGES.titleMissingOnSubmit);
      return;
    }
    create.mutate(
      { tmdb_id: chosen.tmdb_id, media_type: chosen.media_type },
      {
        // A title already requested says so, with its status and whether the caller was counted
        // (decision 0071); only a new request is 'Nova solicitação adicionada'.
        onSuccess: (answer) => {
          showSmallToast(catalogRequestCreatedMessage(answer));
          onClose();
        },
        onError: (failure) => {
          if (classifySessionFailure(failure)) return;
          showErrorToast(failure);
        },
      },
    );
  };

  return (
    <Dialog onClose={onClose} title={REQUEST_TEXTS.newRequest} testId="request-new" size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {!configured ? (
            <Alert color="yellow" data-testid="title-search-not-configured">
              {CATALOG_REQUEST_MESSAGES.searchNotConfigured}
            </Alert>
          ) : (
            <TextInput
              label={TEXTS.label}
              placeholder={TEXTS.placeholder}
              value={text}
              onChange={(event) => {
                setText(event.currentTarget.value);
                setError(undefined);
              }}
              error={error}
              withAsterisk
              data-autofocus
              rightSection={search.isFetching ? <Loader size="xs" /> : null}
              data-testid="title-search-input"
            />
          )}
          {search.error ? (
            <Alert color="red" data-testid="title-search-error">
              {mapError(search.error).message}
            </Alert>
          ) : null}
          {query !== '' && search.isSuccess && results.length === 0 && (
            <Text size="sm" c="dimmed" data-testid="title-search-empty">
              {CATALOG_REQUEST_MESSAGES.noResults}
            </Text>
          )}
          {results.length > 0 && (
            <ScrollArea.Autosize mah={320} type="auto">
              <Stack gap={4} data-testid="title-results">
                {results.map((result) => (
                  <ResultOption
                    key={`${result.media_type}-${result.tmdb_id}`}
                    result={result}
                    selected={chosen?.tmdb_id === result.tmdb_id && chosen.media_type === result.media_type}
                    onSelect={() => {
                      setChosen(result);
                      setError(undefined);
                    }}
                  />
                ))}
              </Stack>
            </ScrollArea.Autosize>
          )}
          <Text size="sm" data-testid="request-new-status">
            {TEXTS.status}: <b>{NEW_REQUEST_STATUS_LABEL}</b>
          </Text>
          <DialogActions
            onCancel={onClose}
            label={TEXTS.request}
            pending={create.isPending}
            disabled={!configured}
            testId="request-new-submit"
          />
        </Stack>
      </form>
    </Dialog>
  );
}
