import type { TablePaginationConfig } from 'antd';

export interface PagerOptions {
  page: number;
  pageSize: number;
  /** Rows in the whole list, not the page. */
  total: number;
  onChange: (page: number) => void;
  size?: TablePaginationConfig['size'];
}

/**
 * A server-paged table's pager: none while one page holds every row, else a fixed page size
 * (the query's) without a size changer.
 */
export function pagerOf({
  page,
  pageSize,
  total,
  onChange,
  size,
}: PagerOptions): TablePaginationConfig | false {
  if (total <= pageSize) return false;
  return {
    current: page,
    pageSize,
    total,
    onChange,
    showSizeChanger: false,
    ...(size === undefined ? {} : { size }),
  };
}
