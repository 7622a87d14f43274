import type { TooltipProps } from '@mantine/core';
import {
  cloneElement,
  lazy,
  Suspense,
  useState,
  type FocusEvent,
  type MouseEvent,
  type ReactElement,
} from 'react';

// The Tooltip's code (floating-ui's tooltip parts, transitions) arrives with the first hover, not with the
// list page that shows 50 targets (P4: /users' JavaScript budget, decision 0034).
const HoverTooltip = lazy(() => import('./hover-tooltip').then((m) => ({ default: m.HoverTooltip })));

type ChildProps = {
  onMouseEnter?: (event: MouseEvent) => void;
  onMouseLeave?: (event: MouseEvent) => void;
  onFocus?: (event: FocusEvent) => void;
  onBlur?: (event: FocusEvent) => void;
};

/**
 * A Mantine Tooltip mounted (and its code fetched) only once its target is first hovered or focused: a list shows 50 rows with
 * one or two tooltips each, and a mounted Tooltip (floating-ui, transitions, portal) per cell costs more
 * than the row itself (benchmark P5). Same look and text as `<Tooltip label>`; the child must accept
 * mouse and focus handlers (a DOM element).
 */
export function LazyTooltip({
  children,
  ...tooltip
}: Omit<TooltipProps, 'children' | 'opened'> & { children: ReactElement<ChildProps> }) {
  const [opened, setOpened] = useState(false);
  const [mounted, setMounted] = useState(false);
  const own = children.props;
  const show = () => {
    setMounted(true);
    setOpened(true);
  };
  const hide = () => setOpened(false);
  const target = cloneElement(children, {
    onMouseEnter: (event: MouseEvent) => {
      own.onMouseEnter?.(event);
      show();
    },
    onMouseLeave: (event: MouseEvent) => {
      own.onMouseLeave?.(event);
      hide();
    },
    onFocus: (event: FocusEvent) => {
      own.onFocus?.(event);
      show();
    },
    onBlur: (event: FocusEvent) => {
      own.onBlur?.(event);
      hide();
    },
  });
  if (!mounted) return target;
  return (
    <Suspense fallback={target}>
      <HoverTooltip {...tooltip} opened={opened}>
        {target}
      </HoverTooltip>
    </Suspense>
  );
}
