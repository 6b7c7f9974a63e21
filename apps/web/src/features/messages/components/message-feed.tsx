import { AlertOutlined, CheckOutlined, KeyOutlined, NotificationOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE, type MessageItem, type MessageKind, messageKinds } from '@helio/contracts';
import { Badge, Button, Checkbox, Pagination, Segmented, Skeleton, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState, LoadFailed } from '../../../components/empty-state.tsx';
import { useFaultTexts } from '../../../hooks/use-fault-texts.ts';
import { notifySuccess } from '../../../lib/notifier.ts';
import { severityColor } from '../../alarms/index.ts';
import { useMarkRead, useMessageList, useUnreadCount } from '../api/messages.ts';
import { invitationView, messageLink, messageWording } from '../lib/message-wording.ts';
import { readMessageFilters } from '../lib/paths.ts';
import { InvitationAnswer, InvitationStateTag } from './invitation-answer.tsx';
import { MessageTime } from './message-time.tsx';

const ALL = 'all';
const kindChoices: readonly (MessageKind | typeof ALL)[] = [ALL, ...messageKinds];

const kindIcons: Record<MessageKind, ReactNode> = {
  alarm: <AlertOutlined />,
  authorization: <KeyOutlined />,
  system: <NotificationOutlined />,
};

/**
 * The caller's messages, newest first: alarm notices, authorization requests and their answers,
 * invitations into an installer's tree (answered in place while pending), system messages. Unread
 * ones stand out; opening or answering one or "mark read" reads it, "mark all read" reads every
 * message of the kind shown. Kind and "unread only" are kept in the address.
 */
export function MessageFeed() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readMessageFilters(searchParams);
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const messages = useMessageList({
    page: paging.page,
    page_size: paging.pageSize,
    ...(filters.kind ? { kind: filters.kind } : {}),
    ...(filters.unreadOnly ? { read: false } : {}),
  });
  const unread = useUnreadCount();
  const markRead = useMarkRead();
  const faultText = useFaultTexts();
  const faultName = (item: MessageItem) => {
    const text = faultText(item.fault_key);
    if (text === 'loading') return '…';
    return text?.name ?? t('messages.unknownFault', { code: item.code ?? '—' });
  };

  const setFilter = (name: 'kind' | 'unread', value: string | undefined) => {
    setPaging((current) => ({ ...current, page: 1 }));
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === undefined) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );
  };

  const unreadOfKind = filters.kind ? unread.data?.[filters.kind] : unread.data?.total;
  const list = messages.data?.list ?? [];

  const markAll = () =>
    markRead.all.mutate(filters.kind, {
      onSuccess: () => notifySuccess(t('messages.allMarkedRead'), 'messages-read'),
    });

  return (
    <div data-testid="message-feed">
      <div className="table-toolbar">
        <Segmented<MessageKind | typeof ALL>
          value={filters.kind ?? ALL}
          onChange={(next) => setFilter('kind', next === ALL ? undefined : next)}
          options={kindChoices.map((kind) => {
            const count = kind === ALL ? unread.data?.total : unread.data?.[kind];
            return {
              value: kind,
              label: (
                <span className="message-kind-option" data-testid={`message-kind-${kind}`}>
                  {t(`messages.kind.${kind}`)}
                  {count ? <Badge count={count} size="small" overflowCount={99} /> : null}
                </span>
              ),
            };
          })}
          aria-label={t('messages.kindFilter')}
        />
        <Checkbox
          checked={filters.unreadOnly}
          onChange={(event) => setFilter('unread', event.target.checked ? '1' : undefined)}
          data-testid="message-unread-only"
        >
          {t('messages.unreadOnly')}
        </Checkbox>
        <Button
          icon={<CheckOutlined />}
          className="table-refresh"
          disabled={!unreadOfKind}
          loading={markRead.all.isPending}
          onClick={markAll}
          data-testid="message-read-all"
        >
          {t('messages.markAllRead')}
        </Button>
      </div>
      {messages.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : messages.isError ? (
        <LoadFailed
          text={t('messages.loadFailed')}
          retryText={t('messages.retry')}
          onRetry={() => void messages.refetch()}
        />
      ) : list.length === 0 ? (
        <EmptyState
          title={
            filters.kind || filters.unreadOnly ? t('messages.noMatchTitle') : t('pages.messages.emptyTitle')
          }
          description={t('pages.messages.emptyDescription')}
          testId="messages-empty"
        />
      ) : (
        <ul className="message-list" aria-busy={messages.isFetching} data-testid="message-list">
          {list.map((item) => {
            const wording = messageWording(item, faultName);
            const title =
              wording.kind === 'worded' ? t(wording.title.key, wording.title.values) : wording.title;
            const detail =
              wording.kind === 'worded'
                ? wording.detail && t(wording.detail.key, wording.detail.values)
                : wording.detail;
            const link = messageLink(item);
            const read = () => {
              if (!item.read) markRead.some.mutate([item.message_id]);
            };
            const invitation = invitationView(item);
            return (
              <li
                key={item.message_id}
                className={item.read ? 'message-item' : 'message-item message-unread'}
                data-testid={`message-${item.message_id}`}
                data-read={item.read}
              >
                <span className={`message-icon message-icon-${item.kind}`} aria-hidden>
                  {kindIcons[item.kind]}
                </span>
                <div className="message-body">
                  <div className="message-title">
                    {!item.read && <span className="message-dot" title={t('messages.unread')} />}
                    {link ? (
                      <Link to={link} onClick={read} data-testid="message-link">
                        {title}
                      </Link>
                    ) : (
                      <span>{title}</span>
                    )}
                    {item.severity && (
                      <Tag color={severityColor[item.severity]}>{t(`alarms.severity.${item.severity}`)}</Tag>
                    )}
                    {invitation && !invitation.answerable && <InvitationStateTag state={invitation.state} />}
                  </div>
                  {detail && (
                    <Typography.Paragraph type="secondary" className="message-detail">
                      {detail}
                    </Typography.Paragraph>
                  )}
                  {invitation?.answerable && (
                    <InvitationAnswer
                      invitationId={invitation.invitationId}
                      installer={invitation.installer}
                      onAnswered={read}
                    />
                  )}
                  <MessageTime value={item.created_at} />
                </div>
                {!item.read && (
                  <Button
                    size="small"
                    type="text"
                    icon={<CheckOutlined />}
                    onClick={read}
                    aria-label={t('messages.markReadOf', { title })}
                    title={t('messages.markRead')}
                    data-testid="message-mark-read"
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}
      {(messages.data?.total ?? 0) > paging.pageSize && (
        <Pagination
          className="message-pagination"
          current={paging.page}
          pageSize={paging.pageSize}
          total={messages.data?.total ?? 0}
          showTotal={(total) => t('messages.total', { total })}
          onChange={(page, pageSize) =>
            setPaging(pageSize === paging.pageSize ? { page, pageSize } : { page: 1, pageSize })
          }
        />
      )}
    </div>
  );
}
