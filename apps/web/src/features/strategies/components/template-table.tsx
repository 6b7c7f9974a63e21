import { CopyOutlined, DeleteOutlined, EditOutlined, SendOutlined, SlidersOutlined } from '@ant-design/icons';
import type { TemplateItem } from '@helio/contracts';
import { Button, Switch, Table, type TableProps, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { hasCustomTemplates } from '../api/templates.ts';
import { modeKindOf } from '../lib/template-form.ts';
import { useStrategyTexts } from '../lib/use-strategy-texts.ts';
import { TemplateSummary } from './template-summary.tsx';

/** What a row's buttons ask for. */
export type TemplateAct = 'apply' | 'applySettings' | 'duplicate' | 'edit' | 'delete' | 'enable' | 'disable';

export interface TemplateTableProps {
  items: readonly TemplateItem[];
  loading: boolean;
  mayChange: boolean;
  onAct: (act: TemplateAct, item: TemplateItem) => void;
  empty: ReactNode;
  pagination: TableProps<TemplateItem>['pagination'];
}

/**
 * The templates: system ones (read-only, always enabled) and custom ones (enabled or disabled after
 * a confirmation, changed, deleted); any enabled one applied, a mode's also with settings of the
 * caller's own, and one of a kind with custom templates copied into a new custom one. Each button names the template it acts on.
 */
export function TemplateTable({ items, loading, mayChange, onAct, empty, pagination }: TemplateTableProps) {
  const { t } = useTranslation();
  const texts = useStrategyTexts();
  const columns: TableProps<TemplateItem>['columns'] = [
    {
      key: 'name',
      title: t('strategies.column.nameKind'),
      render: (_, item) => (
        <>
          <div className="strategy-name-cell">
            <span className="strategy-name" data-testid="strategy-template-name">
              {item.name}
            </span>
            <Tag color={item.system ? 'blue' : 'default'}>
              {item.system ? t('strategies.source.system') : t('strategies.source.custom')}
            </Tag>
          </div>
          <div className="strategy-kind">{texts.kind(item.kind)}</div>
        </>
      ),
    },
    {
      key: 'summary',
      title: t('strategies.column.summary'),
      render: (_, item) => <TemplateSummary item={item} />,
    },
    {
      key: 'devices',
      title: t('strategies.column.devices'),
      align: 'end',
      render: (_, item) => item.devices,
    },
    {
      key: 'enabled',
      title: t('strategies.column.enabled'),
      render: (_, item) =>
        item.system || !mayChange ? (
          <span data-testid="strategy-template-state">
            {item.enabled ? t('strategies.state.enabled') : t('strategies.state.disabled')}
          </span>
        ) : (
          <Switch
            checked={item.enabled}
            onChange={() => onAct(item.enabled ? 'disable' : 'enable', item)}
            aria-label={t('strategies.act.enabledOf', { name: item.name })}
            data-testid="strategy-template-enabled"
          />
        ),
    },
    {
      key: 'actions',
      title: t('strategies.column.actions'),
      render: (_, item) => {
        if (!mayChange) return null;
        const button = (act: TemplateAct, icon: ReactNode, danger = false) => (
          <Button
            size="small"
            type="link"
            danger={danger}
            icon={icon}
            onClick={() => onAct(act, item)}
            aria-label={t(`strategies.act.${act}Of`, { name: item.name })}
            data-testid={`strategy-template-${act}`}
          >
            {t(`strategies.act.${act}`)}
          </Button>
        );
        return (
          <div className="strategy-actions">
            {item.enabled && button('apply', <SendOutlined aria-hidden />)}
            {item.enabled && modeKindOf(item) && button('applySettings', <SlidersOutlined aria-hidden />)}
            {hasCustomTemplates(item.kind) && button('duplicate', <CopyOutlined aria-hidden />)}
            {!item.system && button('edit', <EditOutlined aria-hidden />)}
            {!item.system && button('delete', <DeleteOutlined aria-hidden />, true)}
          </div>
        );
      },
    },
  ];
  return (
    <Table<TemplateItem>
      rowKey="template_id"
      columns={columns}
      dataSource={items as TemplateItem[]}
      loading={loading}
      pagination={pagination}
      locale={{ emptyText: empty }}
      scroll={{ x: 'max-content' }}
      onRow={(item) => ({ 'data-testid': `strategy-template-${item.template_id}` }) as object}
      data-testid="strategy-template-table"
      size="middle"
    />
  );
}
