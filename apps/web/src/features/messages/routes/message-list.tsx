import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Card, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useUnreadCount } from '../api/messages.ts';
import { MessageFeed } from '../components/message-feed.tsx';
import { NotificationSettings } from '../components/notification-settings.tsx';
import { OperationLog } from '../components/operation-log.tsx';
import { RequestList } from '../components/request-list.tsx';
import { type MessageTab, messageTabs, readMessageTab } from '../lib/paths.ts';
import '../messages.css';

/**
 * /myLog/myLog (SPEC.md §2): the user's messages, the authorization requests and the operation
 * log, one tab each (`?tab=`), and the alarm notification settings.
 */
export function MessageListRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.messages.title'));
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = readMessageTab(searchParams);
  const unread = useUnreadCount();
  const [settingsOpen, setSettingsOpen] = useState<boolean | null>(null);

  // Each tab has its own filters: another tab starts from its defaults.
  const chooseTab = (key: string) =>
    setSearchParams(key === 'messages' ? {} : { tab: key }, { replace: true });

  const label = (key: MessageTab) => {
    const count =
      key === 'messages' ? unread.data?.total : key === 'requests' ? unread.data?.authorization : 0;
    return (
      <span className="message-tab" data-testid={`message-tab-${key}`}>
        {t(`messages.tabs.${key}`)}
        {count ? <Badge count={count} size="small" overflowCount={99} /> : null}
      </span>
    );
  };

  return (
    <section className="page message-screen">
      <div className="page-header">
        <Typography.Title level={1} className="page-title">
          {t('pages.messages.title')}
        </Typography.Title>
        <div className="page-actions">
          <Button
            icon={<BellOutlined />}
            onClick={() => setSettingsOpen(true)}
            data-testid="notifications-open"
          >
            {t('messages.notifications.open')}
          </Button>
        </div>
      </div>
      <Card className="page-card">
        <Tabs
          activeKey={tab}
          onChange={chooseTab}
          destroyOnHidden
          items={messageTabs.map((key) => ({
            key,
            label: label(key),
            children:
              key === 'messages' ? <MessageFeed /> : key === 'requests' ? <RequestList /> : <OperationLog />,
          }))}
        />
      </Card>
      {settingsOpen !== null && (
        <NotificationSettings open={settingsOpen} onClose={() => setSettingsOpen(false)} />
      )}
    </section>
  );
}
