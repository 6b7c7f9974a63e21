import {
  ApartmentOutlined,
  MailOutlined,
  ReloadOutlined,
  UnorderedListOutlined,
  UserAddOutlined,
  UsergroupAddOutlined,
} from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE, RoleId } from '@helio/contracts';
import { Button, Card, Empty, Input, Segmented, Select, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, LoadFailed } from '../../../components/empty-state.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useSession } from '../../../lib/session-store.ts';
import { type AccountListParams, useAccountList, useRefreshAccounts } from '../api/accounts.ts';
import { AccountTable, type AccountView } from '../components/account-table.tsx';
import { InviteUserDialog } from '../components/invite-user-dialog.tsx';
import { UserDialog } from '../components/user-dialog.tsx';

/** A search runs once typing has paused this long, or at once on Enter. */
const SEARCH_DELAY_MS = 400;
const PAGE_SIZES = [10, 20, 50, 100];

type RoleFilter = 'all' | RoleId;

type OpenDialog =
  | { kind: 'user'; mode: 2 | 3 | 4; userId?: number; open: boolean }
  | { kind: 'invite'; open: boolean };

/**
 * /myUser/myUser: user management, installers only (SPEC.md §2, §6). The caller's whole tree, searched,
 * filtered by role and paged on the server, as a flat list or nested under the installers; accounts
 * are added (dialog modes 2 and 3), invited (an end user without installer joins once it accepts),
 * edited (mode 4, a new email once confirmed by its code) and deleted here.
 */
export function UserListRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.users.title'));
  const session = useSession();
  const refreshAccounts = useRefreshAccounts();

  const [search, setSearch] = useState('');
  const [keyword, setKeyword] = useState('');
  const [role, setRole] = useState<RoleFilter>('all');
  const [view, setView] = useState<AccountView>('list');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  /** What opened the dialog, to give focus back to. */
  const trigger = useRef<HTMLElement | null>(null);

  const applyKeyword = (next: string) => {
    const trimmed = next.trim();
    if (trimmed === keyword) return;
    setKeyword(trimmed);
    setPage(1);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the search follows the text alone
  useEffect(() => {
    const timer = window.setTimeout(() => applyKeyword(search), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [search]);

  const params: AccountListParams = {
    page,
    page_size: pageSize,
    ...(keyword ? { keyword } : {}),
    ...(role === 'all' ? {} : { role_id: role }),
  };
  const accounts = useAccountList(params);
  const total = accounts.data?.total ?? 0;
  const list = accounts.data?.list ?? [];

  // A deletion can empty the last page: show the page that is now last.
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  useEffect(() => {
    if (accounts.data && !accounts.isPlaceholderData && page > lastPage) setPage(lastPage);
  }, [accounts.data, accounts.isPlaceholderData, page, lastPage]);

  const filtered = keyword !== '' || role !== 'all';
  const closeDialog = () => setDialog((current) => current && { ...current, open: false });
  const openDialog = (next: OpenDialog) => {
    trigger.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setDialog(next);
  };
  const openUserDialog = (mode: 2 | 3 | 4, userId?: number) =>
    openDialog({ kind: 'user', mode, userId, open: true });
  // A dialog gives focus back to what opened it, but the email-code step, which takes the place of
  // the edit's dialog, never saw it: focus would be left to the page.
  const giveFocusBack = () => {
    const focused = document.activeElement;
    if ((focused === null || focused === document.body) && trigger.current?.isConnected)
      trigger.current.focus();
  };

  const empty = accounts.isError ? (
    <LoadFailed
      text={t('users.loadFailed')}
      retryText={t('users.retry')}
      onRetry={() => void accounts.refetch()}
    />
  ) : filtered ? (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      data-testid="accounts-empty"
      description={t('users.noMatch')}
    />
  ) : (
    <EmptyState
      title={t('pages.users.emptyTitle')}
      description={t('pages.users.emptyDescription')}
      testId="accounts-empty"
    >
      <Button type="primary" icon={<UserAddOutlined />} onClick={() => openUserDialog(2)}>
        {t('users.addUser')}
      </Button>
    </EmptyState>
  );

  return (
    <section className="page">
      <div className="page-header">
        <Typography.Title level={1} className="page-title">
          {t('pages.users.title')}
        </Typography.Title>
        <div className="page-actions">
          <Button
            type="primary"
            icon={<UserAddOutlined />}
            onClick={() => openUserDialog(2)}
            data-testid="users-add"
          >
            {t('users.addUser')}
          </Button>
          <Button
            icon={<UsergroupAddOutlined />}
            onClick={() => openUserDialog(3)}
            data-testid="users-add-under"
          >
            {t('users.addUnderInstaller')}
          </Button>
          <Button
            icon={<MailOutlined />}
            onClick={() => openDialog({ kind: 'invite', open: true })}
            data-testid="users-invite"
          >
            {t('users.inviteExisting')}
          </Button>
        </div>
      </div>
      <Card className="page-card">
        <search className="table-toolbar">
          <Input.Search
            className="table-search"
            allowClear
            value={search}
            placeholder={t('users.searchPlaceholder')}
            aria-label={t('users.searchLabel')}
            onChange={(event) => setSearch(event.target.value)}
            onSearch={applyKeyword}
            data-testid="users-search"
          />
          <Select<RoleFilter>
            className="table-filter"
            value={role}
            aria-label={t('users.roleFilterLabel')}
            onChange={(next) => {
              setRole(next);
              setPage(1);
            }}
            options={[
              { value: 'all', label: t('users.roleAll') },
              { value: RoleId.installer, label: t('users.roleInstaller') },
              { value: RoleId.endUser, label: t('users.roleEndUser') },
            ]}
            data-testid="users-role-filter"
          />
          <Segmented<AccountView>
            value={view}
            onChange={setView}
            aria-label={t('users.viewLabel')}
            options={[
              { value: 'list', icon: <UnorderedListOutlined />, label: t('users.viewList') },
              { value: 'tree', icon: <ApartmentOutlined />, label: t('users.viewTree') },
            ]}
            data-testid="users-view"
          />
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void refreshAccounts()}
            aria-label={t('users.refresh')}
            title={t('users.refresh')}
            className="table-refresh"
          />
        </search>
        {view === 'tree' && total > list.length && (
          <Typography.Paragraph type="secondary" className="table-note">
            {t('users.treePageNote')}
          </Typography.Paragraph>
        )}
        <AccountTable
          accounts={list}
          view={view}
          ownName={session?.userName ?? ''}
          loading={accounts.isFetching}
          empty={accounts.isPending ? <span /> : empty}
          onEdit={(userId) => openUserDialog(4, userId)}
          pagination={{
            current: page,
            pageSize,
            total,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZES,
            showTotal: (count) => t('users.total', { total: count }),
            hideOnSinglePage: false,
            onChange: (nextPage, nextSize) => {
              setPage(nextSize === pageSize ? nextPage : 1);
              setPageSize(nextSize);
            },
          }}
        />
      </Card>
      {dialog?.kind === 'user' && (
        <UserDialog
          mode={dialog.mode}
          userId={dialog.userId}
          open={dialog.open}
          onClose={closeDialog}
          afterClose={giveFocusBack}
        />
      )}
      {dialog?.kind === 'invite' && <InviteUserDialog open={dialog.open} onClose={closeDialog} />}
    </section>
  );
}
