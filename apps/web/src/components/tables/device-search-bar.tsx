import type { DeviceType } from '@helio/contracts';
import { Input, Select } from 'antd';
import type { DeviceSearchState } from '../../hooks/use-device-search.ts';

export interface DeviceSearchBarProps {
  state: DeviceSearchState;
  types: readonly DeviceType[];
  typeLabel: (type: DeviceType) => string;
  /** The accessible names and the search box's placeholder. */
  texts: { type: string; search: string; placeholder: string };
  testIds: { type: string; search: string };
  disabled?: boolean | undefined;
  /** The type is held (e.g. once devices of it are chosen). */
  typeDisabled?: boolean | undefined;
}

/** Above a device list to choose from: its device type, and a search by SN. */
export function DeviceSearchBar({
  state,
  types,
  typeLabel,
  texts,
  testIds,
  disabled,
  typeDisabled,
}: DeviceSearchBarProps) {
  return (
    <search className="table-toolbar">
      <Select<DeviceType>
        className="table-filter"
        value={state.deviceType}
        aria-label={texts.type}
        onChange={state.chooseType}
        options={types.map((type) => ({ value: type, label: typeLabel(type) }))}
        popupMatchSelectWidth={false}
        disabled={disabled || typeDisabled}
        data-testid={testIds.type}
      />
      <Input.Search
        className="table-search"
        allowClear
        value={state.search}
        placeholder={texts.placeholder}
        aria-label={texts.search}
        onChange={(event) => state.setSearch(event.target.value)}
        onSearch={state.applyKeyword}
        disabled={disabled}
        data-testid={testIds.search}
      />
    </search>
  );
}
