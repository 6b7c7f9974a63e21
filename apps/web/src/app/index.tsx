import { message } from 'antd';
import { Suspense, useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import { PageLoading } from '../components/page-loading.tsx';
import { onLoginExpired } from '../lib/api.ts';
import { setErrorNotifier, setSuccessNotifier } from '../lib/notifier.ts';
import { queryClient } from '../lib/query-client.ts';
import { notifySessionChanged } from '../lib/session-store.ts';
import { AppProvider } from './provider.tsx';
import { AppRoutes } from './routes.tsx';

/** Shows failures and confirmations with antd's message (themed, in the ConfigProvider); handles 1000. */
function ApiFeedback() {
  const [messageApi, contextHolder] = message.useMessage();
  useEffect(() => {
    // A key makes a repeated failure replace its earlier message instead of stacking up.
    setErrorNotifier((text, key) => void messageApi.error({ content: text, key }));
    setSuccessNotifier((text, key) => void messageApi.success({ content: text, key }));
    onLoginExpired(() => {
      // The API client has cleared local storage (keeping curLang); the route guards see the
      // session gone and go to /login.
      notifySessionChanged();
      queryClient.clear();
    });
  }, [messageApi]);
  return contextHolder;
}

export function App() {
  return (
    <AppProvider>
      <ApiFeedback />
      <BrowserRouter>
        <Suspense fallback={<PageLoading />}>
          <AppRoutes />
        </Suspense>
      </BrowserRouter>
    </AppProvider>
  );
}
