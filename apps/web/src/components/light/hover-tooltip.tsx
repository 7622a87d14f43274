import { Tooltip, type TooltipProps } from '@mantine/core';

/** Mantine's Tooltip in a chunk of its own: `LazyTooltip` loads it on the first hover or focus. */
export function HoverTooltip(props: TooltipProps) {
  return <Tooltip {...props} />;
}
