import { Select } from '@mantine/core';

interface FilterSelectProps {
  label: string;
  data: { value: string; label: string }[];
  value: string;
  /** Called with the chosen option's value (a filter select always has one: it cannot be cleared). */
  onChange: (value: string) => void;
  testId: string;
}

/**
 * A list filter with fixed options; the choice applies at once. Its options are mounted only while it is
 * open: Mantine keeps a closed select's options mounted (hidden) and positions them on mount, which for
 * the filter bar of /users was ~200 ms of layout reads in a first visit (docs/benchmarks.md, P5).
 */
export function FilterSelect({ label, data, value, onChange, testId }: FilterSelectProps) {
  return (
    <Select
      label={label}
      data={data}
      value={value}
      allowDeselect={false}
      comboboxProps={{ keepMounted: false }}
      onChange={(next) => {
        if (next !== null) onChange(next);
      }}
      data-testid={testId}
    />
  );
}
