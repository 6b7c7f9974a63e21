import { useId } from 'react';
import './charts.css';

export interface ChartTableColumn {
  key: string;
  /** The column's header: the series' name with its unit. */
  label: string;
}

export interface ChartTableRow {
  key: string;
  /** The row's header: the time or period it holds, as the chart's axis names it. */
  label: string;
  /** One text per column, in the columns' order. */
  cells: readonly string[];
}

interface ChartTableProps {
  /** What the table holds: the chart, its period and where its times are. */
  caption: string;
  /** The header of the first column (time, day, month or year). */
  timeLabel: string;
  columns: readonly ChartTableColumn[];
  rows: readonly ChartTableRow[];
  testId?: string;
}

/**
 * A chart's numbers as a table: a caption, column headers with units and each row headed by its
 * time, so a screen reader names the time and the series of every value. The table scrolls in a
 * region that takes focus, so keyboard users can scroll it too.
 */
export function ChartTable({ caption, timeLabel, columns, rows, testId }: ChartTableProps) {
  const captionId = useId();
  return (
    <section
      className="chart-table-scroll"
      aria-labelledby={captionId}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes the focus, so keyboard users can scroll it
      tabIndex={0}
      data-testid={testId}
    >
      <table className="chart-table">
        <caption id={captionId}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{timeLabel}</th>
            {columns.map((column) => (
              <th scope="col" key={column.key}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              {row.cells.map((cell, index) => (
                <td key={columns[index]?.key ?? index}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
