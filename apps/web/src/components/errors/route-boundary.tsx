import { CloseCircleFilled } from '@ant-design/icons';
import { Button } from 'antd';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

/** Browsers word a failed dynamic import differently; all mean the screen's code did not arrive. */
const CHUNK_LOAD_FAILURE =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported|Failed to fetch/i;

/**
 * Shown in place of a screen that threw or whose code could not be downloaded. Plain markup
 * rather than antd's Result, whose illustrations would weigh on every first page load.
 */
export function RouteErrorFallback({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const chunkFailed = error instanceof Error && CHUNK_LOAD_FAILURE.test(error.message);
  return (
    <div className="route-error" role="alert">
      <CloseCircleFilled className="route-error-icon" aria-hidden />
      <h2>{t('error.routeTitle')}</h2>
      <p>{chunkFailed ? t('error.chunkDescription') : t('error.routeDescription')}</p>
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('common.reload')}
      </Button>
    </div>
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** A new value clears the error: navigating away gives the next screen a fresh start. */
  resetKey: string;
}

interface BoundaryState {
  failed: boolean;
  error: unknown;
  resetKey: string;
}

class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, error: undefined, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey
      ? null
      : { failed: false, error: undefined, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteErrorFallback error={this.state.error} /> : this.props.children;
  }
}

/** Each route's own error boundary. */
export function RouteBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary resetKey={pathname}>{children}</ErrorBoundary>;
}
