import { Alert } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/empty-state.tsx';
import { ApiError, describeError } from '../../../lib/api.ts';

/** The catalogue's answer to any account but the operator's. */
export const NOT_ALLOWED = '9001';

export function isRefused(error: unknown): boolean {
  return error instanceof ApiError && error.code === NOT_ALLOWED;
}

/**
 * A list that did not load: for an account that may not see it (9001), the catalogue's sentence
 * and nothing to retry; else the reason and a retry.
 */
export function ListFailed({ error, onRetry }: { error: unknown; onRetry: () => void }): ReactNode {
  const { t } = useTranslation();
  if (isRefused(error))
    return <Alert type="warning" showIcon title={describeError(error)} data-testid="firmware-refused" />;
  return <LoadFailed text={describeError(error)} retryText={t('firmware.retry')} onRetry={onRetry} />;
}
