import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

export interface ConsoleTabsProps<T extends string> {
  tabs: readonly T[];
  active: T;
  onChange: (tab: T) => void;
  /** The tab list's name for screen readers. */
  label: string;
  tabText: (tab: T) => ReactNode;
  /** The active tab's panel; the others stay empty until chosen. */
  panel: (tab: T) => ReactNode;
}

/**
 * A tab list as WAI-ARIA's tabs pattern has it: one tab in the Tab order (the selected one), the
 * arrow keys move to the previous or next tab and Home and End to the first and last, each
 * selected as it takes the focus; every panel is named by its tab. The tabs wrap onto more lines
 * when they do not fit (a phone's width).
 */
export function ConsoleTabs<T extends string>({
  tabs,
  active,
  onChange,
  label,
  tabText,
  panel,
}: ConsoleTabsProps<T>) {
  const id = useId();
  const buttons = useRef(new Map<T, HTMLButtonElement>());
  const tabId = (tab: T) => `${id}-tab-${tab}`;
  const panelId = (tab: T) => `${id}-panel-${tab}`;

  const go = (tab: T | undefined) => {
    if (tab === undefined) return;
    onChange(tab);
    buttons.current.get(tab)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = tabs.length - 1;
    const to: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const next = to[event.key];
    if (next === undefined) return;
    event.preventDefault();
    go(tabs[next]);
  };

  return (
    <div className="ems-tabs">
      <div role="tablist" aria-label={label} className="ems-tablist" data-testid="ems-tablist">
        {tabs.map((tab, index) => (
          <button
            key={tab}
            type="button"
            role="tab"
            id={tabId(tab)}
            aria-selected={tab === active}
            aria-controls={panelId(tab)}
            tabIndex={tab === active ? 0 : -1}
            className="ems-tab"
            onClick={() => onChange(tab)}
            onKeyDown={(event) => onKeyDown(event, index)}
            ref={(element) => {
              if (element) buttons.current.set(tab, element);
              else buttons.current.delete(tab);
            }}
            data-testid={`ems-tab-${tab}`}
          >
            {tabText(tab)}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab}
          role="tabpanel"
          id={panelId(tab)}
          aria-labelledby={tabId(tab)}
          hidden={tab !== active}
          className="ems-tabpanel"
          data-testid={`ems-panel-${tab}`}
        >
          {tab === active && panel(tab)}
        </div>
      ))}
    </div>
  );
}
