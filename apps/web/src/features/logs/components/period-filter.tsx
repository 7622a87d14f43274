import { Group, Input, TextInput } from '@mantine/core';
import { FilterSelect } from '@/components/data-table/filter-select';
import { LOG_PERIOD_PRESETS } from '@panel/shared/logs/log-codes';
import { isLogPeriodPreset, LOG_PERIOD_LABELS, type LogPeriodPreset } from '../lib/log-period';

export interface PeriodValue {
  period: LogPeriodPreset;
  from: string;
  to: string;
}

interface PeriodFilterProps {
  value: PeriodValue;
  onChange: (patch: Partial<PeriodValue>) => void;
  /** Why a custom period does not apply (e.g. the start after the end). */
  error?: string;
}

const OPTIONS = LOG_PERIOD_PRESETS.map((preset) => ({ value: preset, label: LOG_PERIOD_LABELS[preset] }));

/** The period of a log list: a preset, or two dates for 'Personalizado'. */
export function PeriodFilter({ value, onChange, error }: PeriodFilterProps) {
  return (
    <>
      <FilterSelect
        label="Período"
        data={OPTIONS}
        value={value.period}
        onChange={(next) => {
          if (isLogPeriodPreset(next)) onChange({ period: next });
        }}
        testId="filter-period"
      />
      {value.period === 'custom' && (
        <div>
          <Group gap="xs" grow wrap="nowrap">
            <TextInput
              label="De"
              type="date"
              value={value.from}
              onChange={(event) => onChange({ from: event.currentTarget.value })}
              data-testid="filter-period-from"
            />
            <TextInput
              label="Até"
              type="date"
              value={value.to}
              onChange={(event) => onChange({ to: event.currentTarget.value })}
              data-testid="filter-period-to"
            />
          </Group>
          {error && <Input.Error mt={4}>{error}</Input.Error>}
        </div>
      )}
    </>
  );
}
