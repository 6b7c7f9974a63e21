import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useMediaQuery } from '../hooks/use-media-query.ts';
import { subscribeLanguage, useLanguage } from '../lib/language.ts';
import { queryClient } from '../lib/query-client.ts';
import { theme } from './theme.ts';

/** Server answers carry names in the Lang header's language: refetch them when it changes. */
function RefetchOnLanguageChange() {
  useEffect(() => subscribeLanguage(() => void queryClient.invalidateQueries()), []);
  return null;
}

export function AppProvider({ children }: { children: ReactNode }) {
  const { antdLocale } = useLanguage();
  // Dialogs, menus and tabs appear at once for those who asked their system for less motion.
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const themed = useMemo(
    () => (reducedMotion ? { ...theme, token: { ...theme.token, motion: false } } : theme),
    [reducedMotion],
  );
  return (
    <ConfigProvider locale={antdLocale} theme={themed}>
      <QueryClientProvider client={queryClient}>
        <RefetchOnLanguageChange />
        {children}
      </QueryClientProvider>
    </ConfigProvider>
  );
}
