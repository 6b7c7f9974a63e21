import { BellOutlined } from '@ant-design/icons';
import { Badge, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUnreadCount } from '../api/messages.ts';
import { MESSAGES_PATH } from '../lib/paths.ts';

/** The top bar's way to the messages, with how many are unread (asked for every minute). */
export function UnreadBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const unread = useUnreadCount();
  const count = unread.data?.total ?? 0;
  const label = count > 0 ? t('layout.messagesUnread', { total: count }) : t('layout.messages');
  return (
    <Badge count={count} size="small" overflowCount={99} offset={[-6, 6]} className="unread-bell">
      <Button
        type="text"
        icon={<BellOutlined />}
        aria-label={label}
        title={label}
        onClick={() => navigate(MESSAGES_PATH)}
        data-testid="unread-bell"
        data-count={count}
      />
    </Badge>
  );
}
