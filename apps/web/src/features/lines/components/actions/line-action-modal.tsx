import type { Line } from '@panel/shared/lines/line-api';

/**
 * The props every row-action dialog takes: the row's line, and the row menu's open state. The frame is
 * the panel's `Dialog` (components/dialog.tsx), whose body is mounted only while open.
 */
export interface LineActionModalProps {
  line: Line;
  opened: boolean;
  onClose: () => void;
}
