import { Badge } from '@mantine/core';
import type { HTMLAttributes, ReactNode } from 'react';

const ROOT = `${Badge.classes.root} mantine-Badge-root`;
const LABEL = `${Badge.classes.label} mantine-Badge-label`;
const SECTION = `${Badge.classes.section} mantine-Badge-section`;

export interface LightBadgeProps extends HTMLAttributes<HTMLDivElement> {
  /** A theme colour name (teal, red, gray…). */
  color: string;
  variant?: 'light' | 'outline';
  /** Mantine's `tt="none"`: keep the text's case instead of upper case. */
  keepCase?: boolean;
  leftSection?: ReactNode;
  children: ReactNode;
  [data: `data-${string}`]: string | undefined;
}

/**
 * A Mantine `Badge` (size md, light or outline) as a plain element: the same classes and CSS variables Badge
 * renders, without its props/styles machinery. For cells repeated on every row of a list (benchmark P5).
 */
export function LightBadge({
  color,
  variant = 'light',
  keepCase = false,
  leftSection,
  className,
  style,
  children,
  ...others
}: LightBadgeProps) {
  const vars =
    variant === 'outline'
      ? {
          '--badge-bg': 'transparent',
          '--badge-color': `var(--mantine-color-${color}-outline)`,
          '--badge-bd': `calc(0.0625rem * var(--mantine-scale)) solid var(--mantine-color-${color}-outline)`,
        }
      : {
          '--badge-bg': `var(--mantine-color-${color}-light)`,
          '--badge-color': `var(--mantine-color-${color}-light-color)`,
          '--badge-bd': 'calc(0.0625rem * var(--mantine-scale)) solid transparent',
        };
  return (
    <div
      className={className ? `${ROOT} ${className}` : ROOT}
      data-variant={variant}
      data-with-left-section={leftSection ? true : undefined}
      style={keepCase ? { ...vars, textTransform: 'none', ...style } : { ...vars, ...style }}
      {...others}
    >
      {leftSection && (
        <span className={SECTION} data-position="left">
          {leftSection}
        </span>
      )}
      <span className={LABEL}>{children}</span>
    </div>
  );
}
