import { Alert } from 'antd';
import type { ReactNode } from 'react';

export interface FailureAlertProps {
  /** Why the act was refused or failed. */
  text: ReactNode;
  /** What to do about it, under the reason. */
  description?: ReactNode;
  testId?: string;
}

/** A refusal said at the top of a dialog or drawer that stays open, announced as it appears. */
export function FailureAlert({ text, description, testId }: FailureAlertProps) {
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      className="dialog-alert"
      title={text}
      description={description}
      data-testid={testId}
    />
  );
}
