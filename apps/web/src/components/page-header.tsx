import { ReloadOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import type { ReactNode } from 'react';

/** A page's one h1 and, beside it, what the page offers to do (none: no actions box). */
export function PageHeader({ title, actions }: { title: ReactNode; actions?: ReactNode }) {
  return (
    <div className="page-header">
      <Typography.Title level={1} className="page-title">
        {title}
      </Typography.Title>
      {actions && <div className="page-actions">{actions}</div>}
    </div>
  );
}

/** A list's toolbar button that asks for it again now, named for screen readers and on hover. */
export function RefreshButton({ label, onRefresh }: { label: string; onRefresh: () => void }) {
  return (
    <Button
      icon={<ReloadOutlined aria-hidden />}
      onClick={onRefresh}
      aria-label={label}
      title={label}
      className="table-refresh"
    />
  );
}
