import { TableOutlined } from '@ant-design/icons';
import { Button } from 'antd';

interface TableViewToggleProps {
  /** Whether the chart's numbers are shown as a table. */
  pressed: boolean;
  onChange: (pressed: boolean) => void;
  /** The button's name; it stays the same pressed or not (aria-pressed says which). */
  label: string;
  testId?: string;
}

/**
 * Switches a chart to a table of its numbers and back: a toggle button (aria-pressed), reached by
 * Tab and pressed with Enter or Space like any button.
 */
export function TableViewToggle({ pressed, onChange, label, testId }: TableViewToggleProps) {
  return (
    <Button
      icon={<TableOutlined aria-hidden />}
      type={pressed ? 'primary' : 'default'}
      aria-pressed={pressed}
      onClick={() => onChange(!pressed)}
      className="chart-view-toggle"
      data-testid={testId}
    >
      {label}
    </Button>
  );
}
