import { RoleId } from '@helio/contracts';
import { type RefSelectProps, Select, Spin } from 'antd';
import { type Ref, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { useAccountList } from '../api/accounts.ts';
import { roleLabel } from '../lib/accounts.ts';

/** How many installers one search shows; typing narrows it down on the server. */
const OPTION_COUNT = 50;

interface InstallerSelectProps {
  id?: string;
  /** Given by the Form.Item: focused when the form's first problem is here. */
  ref?: Ref<RefSelectProps>;
  onBlur?: () => void;
  /** The Form.Item's links to its problem and hint, and its state. */
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-required'?: boolean | 'true' | 'false';
  value?: number;
  onChange?: (value: number | undefined) => void;
  /** Only installers that may still take sub-installers (levels 1–2): the choices of dialog mode 3. */
  canAddInstaller?: boolean;
  placeholder?: string;
  allowClear?: boolean;
  'data-testid'?: string;
}

/** An installer of the caller's tree, searched by user name or email on the server. */
export function InstallerSelect({
  id,
  ref,
  onBlur,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
  'aria-required': required,
  value,
  onChange,
  canAddInstaller,
  placeholder,
  allowClear,
  'data-testid': testId,
}: InstallerSelectProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const keyword = useDebouncedValue(search.trim(), 300);
  const { data, isFetching } = useAccountList({
    page: 1,
    page_size: OPTION_COUNT,
    role_id: RoleId.installer,
    ...(canAddInstaller ? { can_add_installer: true } : {}),
    ...(keyword ? { keyword } : {}),
  });

  // The chosen installer keeps its name when a later search no longer lists it.
  const seen = useRef(new Map<number, string>());
  const options = (data?.list ?? []).map((account) => {
    const role = roleLabel(account);
    const label = `${account.user_name} · ${t(role.key, { level: role.level })}`;
    seen.current.set(account.user_id, label);
    return { value: account.user_id, label };
  });
  const chosenLabel = value === undefined ? undefined : seen.current.get(value);
  if (value !== undefined && chosenLabel && !options.some((option) => option.value === value)) {
    options.unshift({ value, label: chosenLabel });
  }

  return (
    <Select<number>
      id={id}
      ref={ref}
      onBlur={onBlur}
      aria-describedby={describedBy}
      aria-invalid={invalid}
      aria-required={required}
      data-testid={testId}
      value={value}
      onChange={(next) => onChange?.(next)}
      options={options}
      placeholder={placeholder}
      allowClear={allowClear}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={isFetching}
      notFoundContent={isFetching ? <Spin size="small" /> : t('users.noInstallers')}
      optionRender={(option) => <span data-testid={`installer-option-${option.value}`}>{option.label}</span>}
    />
  );
}
