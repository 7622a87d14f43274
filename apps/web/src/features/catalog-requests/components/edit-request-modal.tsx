import { Group, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import {
  CATALOG_REQUEST_MESSAGES,
  CATALOG_REQUEST_STATUS_LABELS,
  CATALOG_REQUEST_STATUSES,
  type CatalogRequest,
  type CatalogRequestStatus,
  type PublisherSummary,
} from '@panel/shared/catalog-requests/catalog-requests-api';
import { Dialog } from '@/components/dialog';
import { DialogActions } from '@/components/dialog-actions';
import { classifySessionFailure } from '@/lib/session-failure';
import { showErrorToast, showSuccessToast } from '@/lib/toasts';
import { useUpdateCatalogRequest } from '../api/catalog-request-mutations';
import { Poster } from './catalog-request-columns';
import { REQUEST_TEXTS } from './request-texts';

const TEXTS = REQUEST_TEXTS.edit;
const NONE = 'none';
const STATUS_OPTIONS = CATALOG_REQUEST_STATUSES.map((status) => ({
  value: String(status),
  label: CATALOG_REQUEST_STATUS_LABELS[status],
}));

interface Props {
  request: CatalogRequest;
  /** Admins choose the publisher too; undefined for a publisher. */
  publishers?: PublisherSummary[];
  onClose: () => void;
}

/** The edit modal (admin or publisher): the status (any, no order), and for an admin the publisher. */
export function EditRequestModal({ request, publishers, onClose }: Props) {
  const [status, setStatus] = useState(String(request.status));
  const [publisher, setPublisher] = useState(
    request.publisher_id === null ? NONE : String(request.publisher_id),
  );
  const update = useUpdateCatalogRequest();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    update.mutate(
      {
        id: request.id,
        status: Number(status) as CatalogRequestStatus,
        ...(publishers ? { publisher_id: publisher === NONE ? null : Number(publisher) } : {}),
      },
      {
        onSuccess: () => {
          showSuccessToast(CATALOG_REQUEST_MESSAGES.edited);
          onClose();
        },
        onError: (failure) => {
          if (!classifySessionFailure(failure)) showErrorToast(failure);
        },
      },
    );
  };

  return (
    <Dialog onClose={onClose} title={TEXTS.title} testId="request-edit">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Group gap="sm" wrap="nowrap">
            <Poster src={request.media_image} title={request.media_title} />
            <Text fw={600}>{request.media_title}</Text>
          </Group>
          <Select
            label={TEXTS.status}
            data={STATUS_OPTIONS}
            value={status}
            allowDeselect={false}
            onChange={(value) => value !== null && setStatus(value)}
            data-testid="request-edit-status"
          />
          {publishers && (
            <Select
              label={TEXTS.publisher}
              data={[
                { value: NONE, label: TEXTS.noPublisher },
                ...publishers.map((row) => ({ value: String(row.id), label: row.username })),
              ]}
              value={publisher}
              allowDeselect={false}
              searchable
              maxDropdownHeight={300}
              onChange={(value) => value !== null && setPublisher(value)}
              data-testid="request-edit-publisher"
            />
          )}
          <DialogActions
            onCancel={onClose}
            label={TEXTS.save}
            pending={update.isPending}
            testId="request-edit-submit"
          />
        </Stack>
      </form>
    </Dialog>
  );
}
