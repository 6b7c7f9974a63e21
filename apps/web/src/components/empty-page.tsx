import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../hooks/use-document-title.ts';
import { EmptyState } from './empty-state.tsx';

interface EmptyPageProps {
  /** The screen's name, also the browser tab's title. */
  title: string;
  emptyTitle: string;
  description: string;
  /** A way forward, e.g. a link to the station list. */
  action?: ReactNode;
}

/** A screen with nothing to show yet: its title and an honest empty state, never placeholder data. */
export function EmptyPage({ title, emptyTitle, description, action }: EmptyPageProps) {
  useDocumentTitle(title);
  return (
    <section className="page">
      <Typography.Title level={1} className="page-title">
        {title}
      </Typography.Title>
      <Card className="page-card">
        <EmptyState title={emptyTitle} description={description}>
          {action}
        </EmptyState>
      </Card>
    </section>
  );
}
