import { Select, Spin } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { useEndUserChoices, useInstallerChoices } from '../api/bindings.ts';

interface ChoiceProps {
  id?: string;
  value?: number | null;
  onChange?: (value: number | undefined) => void;
  placeholder?: string;
  allowClear?: boolean;
  disabled?: boolean;
  className?: string;
  'aria-label'?: string;
  'data-testid'?: string;
}

/** Keeps the chosen account's label when a later search no longer lists it. */
function useRememberedOptions(options: { value: number; label: string }[], value: number | null | undefined) {
  const seen = useRef(new Map<number, string>());
  for (const option of options) seen.current.set(option.value, option.label);
  const label = value == null ? undefined : seen.current.get(value);
  if (value != null && label && !options.some((option) => option.value === value)) {
    return [{ value, label }, ...options];
  }
  return options;
}

/** An installer a station can be bound to (bg/installer/installerList), searched on the server. */
export function InstallerChoice({ value, onChange, 'data-testid': testId, ...rest }: ChoiceProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const keyword = useDebouncedValue(search.trim(), 300);
  const { data, isFetching } = useInstallerChoices(keyword);
  const options = useRememberedOptions(
    (data?.list ?? []).map((choice) => ({
      value: choice.installer_id,
      label: `${choice.installer_name} · ${t('stations.installerLevel', { level: choice.installer_level })}`,
    })),
    value,
  );
  return (
    <Select<number>
      {...rest}
      data-testid={testId}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next)}
      options={options}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={isFetching}
      notFoundContent={isFetching ? <Spin size="small" /> : t('stations.noInstallers')}
    />
  );
}

interface EndUserChoiceProps extends ChoiceProps {
  /** Only end users of this installer's tree (3005 otherwise). */
  installerId?: number | null;
}

/** An end user a station can be bound to (api/user/installer/endUserList), searched on the server. */
export function EndUserChoice({
  value,
  onChange,
  installerId,
  'data-testid': testId,
  ...rest
}: EndUserChoiceProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const keyword = useDebouncedValue(search.trim(), 300);
  const { data, isFetching } = useEndUserChoices(keyword, installerId ?? undefined);
  const options = useRememberedOptions(
    (data?.list ?? []).map((choice) => ({
      value: choice.end_user_id,
      label: choice.installer_name
        ? `${choice.end_user_name} · ${choice.installer_name}`
        : choice.end_user_name,
    })),
    value,
  );
  return (
    <Select<number>
      {...rest}
      data-testid={testId}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next)}
      options={options}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={isFetching}
      notFoundContent={isFetching ? <Spin size="small" /> : t('stations.noEndUsers')}
    />
  );
}
