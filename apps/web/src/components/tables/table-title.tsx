import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';

/**
 * A column title with a control in it (the "select all" checkbox). antd draws each title a second
 * time in the table's hidden measure row to size the columns; there the copy is made inert, so
 * it is neither focusable nor read, and Tab meets the real one only.
 */
export function TableTitle({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [measuring, setMeasuring] = useState(false);
  useLayoutEffect(() => {
    setMeasuring(ref.current?.closest('.ant-table-measure-row') != null);
  }, []);
  return (
    <span ref={ref} inert={measuring}>
      {children}
    </span>
  );
}
