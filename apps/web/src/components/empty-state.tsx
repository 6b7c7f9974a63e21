import { Button, Empty, Typography } from 'antd';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  /** What is missing, in bold. */
  title: ReactNode;
  /** What will appear here, or what to do. */
  description: ReactNode;
  testId?: string;
  /** A way forward, e.g. an add button. */
  children?: ReactNode;
}

/** The empty state of every list and screen: an honest title and sentence, never placeholder data. */
export function EmptyState({ title, description, testId, children }: EmptyStateProps) {
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      data-testid={testId}
      description={
        <>
          <Typography.Text strong className="empty-title">
            {title}
          </Typography.Text>
          <Typography.Paragraph type="secondary" className="empty-description">
            {description}
          </Typography.Paragraph>
        </>
      }
    >
      {children}
    </Empty>
  );
}

/** A list that could not be loaded, with a way to try again. */
export function LoadFailed({
  text,
  retryText,
  onRetry,
}: {
  text: string;
  retryText: string;
  onRetry: () => void;
}) {
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text}>
      <Button onClick={onRetry}>{retryText}</Button>
    </Empty>
  );
}
