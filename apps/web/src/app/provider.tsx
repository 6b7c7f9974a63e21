import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { type ReactNode, useEffect } from 'react';
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
  return (
    <ConfigProvider locale={antdLocale} theme={theme}>
      <QueryClientProvider client={queryClient}>
        <RefetchOnLanguageChange />
        {children}
      </QueryClientProvider>
    </ConfigProvider>
  );
}
