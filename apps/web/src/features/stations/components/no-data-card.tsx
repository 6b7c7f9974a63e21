import { Card, Empty, Typography } from 'antd';
import type { ReactNode } from 'react';

interface NoDataCardProps {
  title: string;
  description: string;
  icon?: ReactNode;
  testId?: string;
}

/**
 * A section of the detail screen whose data does not exist yet (power flow, charts, weather,
 * alarms until the device link reports): an honest empty state, never placeholder figures.
 */
export function NoDataCard({ title, description, icon, testId }: NoDataCardProps) {
  return (
    <Card title={title} className="station-section" data-testid={testId}>
      <Empty
        image={icon ? <span className="no-data-icon">{icon}</span> : Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <Typography.Paragraph type="secondary" className="empty-description">
            {description}
          </Typography.Paragraph>
        }
      />
    </Card>
  );
}
