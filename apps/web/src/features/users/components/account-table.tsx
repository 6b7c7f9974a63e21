import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { RoleId, user } from '@helio/contracts';
import { useMutation } from '@tanstack/react-query';
import {
  Button,
  Popconfirm,
  Space,
  Table,
  type TableColumnsType,
  type TablePaginationConfig,
  Tag,
  Tooltip,
} from 'antd';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../lib/api.ts';
import { notifySuccess } from '../../../lib/notifier.ts';
import { useRefreshAccounts } from '../api/accounts.ts';
import { type AccountNode, buildAccountTree, expandableIds, roleLabel } from '../lib/accounts.ts';

dayjs.extend(localizedFormat);

export type AccountView = 'list' | 'tree';

interface AccountTableProps {
  accounts: readonly AccountNode[];
  view: AccountView;
  loading: boolean;
  pagination: TablePaginationConfig;
  empty: ReactNode;
  /** The signed-in installer: accounts directly under it have no `installer_id` in the list. */
  ownName: string;
  onEdit: (userId: number) => void;
}

/**
 * The caller's accounts as a flat table or nested under their installers, with edit and delete.
 * Deleting asks first; the server refuses an account that still holds accounts or stations
 * (4004/4005/3003), and the API client shows its reason.
 */
export function AccountTable({
  accounts,
  view,
  loading,
  pagination,
  empty,
  ownName,
  onEdit,
}: AccountTableProps) {
  const { t, i18n } = useTranslation();
  const refreshAccounts = useRefreshAccounts();
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());

  const tree = useMemo(() => buildAccountTree(accounts), [accounts]);
  const expandedRowKeys = useMemo(
    () => expandableIds(tree).filter((id) => !collapsed.has(id)),
    [tree, collapsed],
  );

  const remove = useMutation({
    mutationFn: (account: AccountNode) => call(user.deleteUserInstaller, { user_id: account.user_id }),
    onSuccess: (_data, account) => {
      notifySuccess(t('users.deleted', { name: account.user_name }), 'delete-account');
      void refreshAccounts();
    },
  });

  const columns: TableColumnsType<AccountNode> = [
    {
      key: 'user_name',
      title: t('users.columnUserName'),
      dataIndex: 'user_name',
      render: (name: string) => <strong className="account-name">{name}</strong>,
    },
    { key: 'email', title: t('users.columnEmail'), dataIndex: 'email' },
    {
      key: 'role',
      title: t('users.columnRole'),
      render: (_, account) => {
        const role = roleLabel(account);
        return (
          <Tag color={account.role_id === RoleId.installer ? 'geekblue' : 'green'} data-testid="account-role">
            {t(role.key, { level: role.level })}
          </Tag>
        );
      },
    },
    {
      key: 'installer',
      title: t('users.columnInstaller'),
      render: (_, account) => (
        <span data-testid="account-installer">
          {account.installer_id === null
            ? t('users.installerSelf', { name: ownName })
            : (account.installer_name ?? '—')}
        </span>
      ),
    },
    {
      key: 'created_at',
      title: t('users.columnCreatedAt'),
      dataIndex: 'created_at',
      render: (createdAt: string) => (
        <time dateTime={createdAt} lang={i18n.language}>
          {dayjs(createdAt).format('L LT')}
        </time>
      ),
    },
    {
      key: 'user_count',
      title: t('users.columnUserCount'),
      dataIndex: 'user_count',
      align: 'right',
    },
    {
      key: 'station_count',
      title: t('users.columnStationCount'),
      dataIndex: 'station_count',
      align: 'right',
    },
    {
      key: 'actions',
      title: t('users.columnActions'),
      fixed: 'right',
      render: (_, account) => (
        <Space size={4}>
          <Tooltip title={t('users.edit')}>
            <Button
              type="text"
              icon={<EditOutlined />}
              aria-label={t('users.editAccount', { name: account.user_name })}
              onClick={() => onEdit(account.user_id)}
              data-testid="account-edit"
            />
          </Tooltip>
          <Popconfirm
            title={t('users.deleteTitle', { name: account.user_name })}
            description={t('users.deleteDescription')}
            okText={t('users.deleteConfirm')}
            cancelText={t('userDialog.cancel')}
            okButtonProps={{ danger: true, loading: remove.isPending }}
            onConfirm={() => remove.mutateAsync(account).catch(() => undefined)}
            placement="left"
          >
            <Tooltip title={t('users.delete')}>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('users.deleteAccount', { name: account.user_name })}
                data-testid="account-delete"
              />
            </Tooltip>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Table<AccountNode>
      rowKey="user_id"
      data-testid="accounts-table"
      className="accounts-table"
      size="middle"
      columns={columns}
      // The list view gets the accounts as they are (without `children`): nothing expands.
      dataSource={view === 'tree' ? tree : (accounts as AccountNode[])}
      loading={loading}
      pagination={pagination}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: empty }}
      expandable={
        view === 'tree'
          ? {
              expandedRowKeys,
              indentSize: 20,
              onExpand: (expanded, account) =>
                setCollapsed((current) => {
                  const next = new Set(current);
                  if (expanded) next.delete(account.user_id);
                  else next.add(account.user_id);
                  return next;
                }),
            }
          : undefined
      }
    />
  );
}
