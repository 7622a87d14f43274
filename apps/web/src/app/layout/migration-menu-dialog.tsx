import { useState } from 'react';
import { MIGRATION_MESSAGES } from '@panel/shared/migration/migration-api';
import { lazyModal } from '@/components/lazy-modal';
import { MigrationDialog, type MigrationOutcome } from '@/features/migration/components/migration-dialog';
import type { MenuDialogProps } from './menu-dialogs';

const LineCreatedModal = lazyModal(() =>
  import('@/features/lines/components/line-created-modal').then((module) => module.LineCreatedModal),
);

/**
 * The menu's 'Migrar cliente' (docs/product/screens.md#migration-dialog): the migration dialog, then, once a
 * customer is migrated, the line's success modal (credentials, links, setup message and QR, decision
 * 0050), which says so when the customer got new credentials (decision 0067). Composed here because one
 * feature never imports another (decision 0036).
 */
export function MigrationMenuDialog({ opened, onClose }: MenuDialogProps) {
  const [migrated, setMigrated] = useState<MigrationOutcome | null>(null);
  return (
    <>
      <MigrationDialog opened={opened && !migrated} onClose={onClose} onMigrated={setMigrated} />
      {migrated && (
        <LineCreatedModal
          result={migrated.result}
          title={MIGRATION_MESSAGES.migratedTitle}
          notice={migrated.newCredentials ? MIGRATION_MESSAGES.migratedWithNewCredentials : undefined}
          onClose={() => {
            setMigrated(null);
            onClose();
          }}
        />
      )}
    </>
  );
}
