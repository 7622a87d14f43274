import type { ComponentType } from 'react';
import type { Line } from '@panel/shared/lines/line-api';
import { Dialog } from '@/components/dialog';
import { ActionRefused } from './action-refused';
import type { LineActionModalProps } from './line-action-modal';
import { useNowSeconds } from './use-now-seconds';

/** Why the shared rules refuse the action on this line (docs/product/rules.md#line-actions). */
export interface LineActionRefusal {
  color: 'red' | 'blue';
  title?: string;
  message: string;
}

/** The props of a line action's form: the line, the moment the dialog opened, and how to close it. */
export interface LineActionFormProps {
  line: Line;
  /** Unix seconds when the dialog opened: prices and windows are computed against one moment. */
  now: number;
  onClose: () => void;
}

interface PaidLineActionDialogProps extends LineActionModalProps {
  title: string;
  /** `{prefix}-modal` (the dialog) and `{prefix}-refused`. */
  testIdPrefix: string;
  size?: string;
  /** The shared rule's refusal, shown instead of the form; null when the action may be done. */
  refusal?: (line: Line, now: number) => LineActionRefusal | null;
  form: ComponentType<LineActionFormProps>;
}

/**
 * The frame of a line action with a form (decision 0080): the dialog, then the refusal or the form,
 * mounted only while open so each opening starts from a fresh form, moment, price and outcome.
 */
export function PaidLineActionDialog({
  line,
  opened,
  onClose,
  title,
  testIdPrefix,
  size,
  refusal,
  form,
}: PaidLineActionDialogProps) {
  return (
    <Dialog opened={opened} onClose={onClose} title={title} testId={`${testIdPrefix}-modal`} size={size}>
      <PaidLineActionBody
        line={line}
        onClose={onClose}
        testIdPrefix={testIdPrefix}
        refusal={refusal}
        form={form}
      />
    </Dialog>
  );
}

type PaidLineActionBodyProps = Pick<
  PaidLineActionDialogProps,
  'line' | 'onClose' | 'testIdPrefix' | 'refusal' | 'form'
>;

function PaidLineActionBody({ line, onClose, testIdPrefix, refusal, form: Form }: PaidLineActionBodyProps) {
  const now = useNowSeconds();
  const refused = refusal?.(line, now);
  if (refused) {
    return <ActionRefused {...refused} testId={`${testIdPrefix}-refused`} onClose={onClose} />;
  }
  return <Form line={line} now={now} onClose={onClose} />;
}
