import { PlusOutlined } from '@ant-design/icons';
import { type TemplateItem, type TemplateKind, templateKinds } from '@helio/contracts';
import { Button, Card, Empty, Input, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, LoadFailed } from '../../../components/empty-state.tsx';
import { PageHeader, RefreshButton } from '../../../components/page-header.tsx';
import { pagerOf } from '../../../components/tables/pager.ts';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useFocusReturn } from '../../../hooks/use-focus-return.ts';
import { type TemplateListParams, useRefreshTemplates, useTemplateList } from '../api/templates.ts';
import { ApplyDialog } from '../components/apply-dialog.tsx';
import { TemplateConfirm, type TemplateQuestion } from '../components/template-confirm.tsx';
import { type EditorSubject, TemplateEditor } from '../components/template-editor.tsx';
import { type TemplateAct, TemplateTable } from '../components/template-table.tsx';
import { useMayChangeStrategies } from '../lib/may-change.ts';
import { useStrategyTexts } from '../lib/use-strategy-texts.ts';
import '../strategies.css';

const PAGE_SIZE = 20;
/** A search runs once typing has paused this long, or at once on Enter. */
const SEARCH_DELAY_MS = 400;

type Source = 'all' | 'system' | 'custom';
type EnabledFilter = 'all' | 'enabled' | 'disabled';

type OpenDialog =
  | { kind: 'editor'; subject: EditorSubject; open: boolean }
  | { kind: 'confirm'; question: TemplateQuestion; open: boolean }
  | { kind: 'apply'; item: TemplateItem; withSettings: boolean; open: boolean };

/**
 * The strategy templates (SPEC.md §2, §3): the system ones and the caller's custom ones, filtered
 * by name, kind, source and state; a new template, a copy of any, a custom one changed, enabled or
 * disabled after a confirmation (SPEC.md §4) and deleted (refused while devices use it, 200701);
 * any enabled one applied to devices, a mode's system template also with settings of the caller's own. The demo account sees them all and changes nothing.
 */
export function StrategyTemplatesRoute() {
  const { t } = useTranslation();
  const texts = useStrategyTexts();
  useDocumentTitle(t('strategies.title'));
  const mayChange = useMayChangeStrategies();
  const refresh = useRefreshTemplates();
  const opener = useFocusReturn();

  const [search, setSearch] = useState('');
  const [name, setName] = useState('');
  const [kind, setKind] = useState<TemplateKind | 'all'>('all');
  const [source, setSource] = useState<Source>('all');
  const [enabled, setEnabled] = useState<EnabledFilter>('all');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);

  const applyName = (next: string) => {
    const trimmed = next.trim();
    if (trimmed === name) return;
    setName(trimmed);
    setPage(1);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the search follows the text alone
  useEffect(() => {
    const timer = window.setTimeout(() => applyName(search), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [search]);

  const params: TemplateListParams = {
    page,
    page_size: PAGE_SIZE,
    ...(name ? { name } : {}),
    ...(kind === 'all' ? {} : { kind }),
    ...(source === 'all' ? {} : { source }),
    ...(enabled === 'all' ? {} : { enabled: enabled === 'enabled' }),
  };
  const templates = useTemplateList(params);
  const list = templates.data?.list ?? [];
  const total = templates.data?.total ?? 0;
  const filtered = name !== '' || kind !== 'all' || source !== 'all' || enabled !== 'all';

  const open = (next: OpenDialog) => {
    opener.remember();
    setDialog(next);
  };
  const close = () => setDialog((current) => current && { ...current, open: false });
  const afterClose = () => {
    setDialog(null);
    opener.restore();
  };
  const act = (what: TemplateAct, item: TemplateItem) => {
    if (what === 'apply' || what === 'applySettings')
      open({ kind: 'apply', item, withSettings: what === 'applySettings', open: true });
    else if (what === 'duplicate' || what === 'edit')
      open({ kind: 'editor', subject: { mode: what, item }, open: true });
    else open({ kind: 'confirm', question: { act: what, item }, open: true });
  };
  const newTemplate = () => open({ kind: 'editor', subject: { mode: 'new' }, open: true });
  const choose =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  const empty = templates.isError ? (
    <LoadFailed
      text={t('strategies.loadFailed')}
      retryText={t('strategies.retry')}
      onRetry={() => void templates.refetch()}
    />
  ) : templates.isPending ? (
    <span role="status">{t('strategies.loading')}</span>
  ) : filtered ? (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      data-testid="strategy-templates-empty"
      description={t('strategies.noMatch')}
    />
  ) : (
    <EmptyState
      title={t('strategies.emptyTitle')}
      description={t('strategies.emptyDescription')}
      testId="strategy-templates-empty"
    />
  );

  return (
    <section className="page strategy-templates" data-testid="strategy-templates">
      <PageHeader
        title={t('strategies.title')}
        actions={
          mayChange && (
            <Button
              type="primary"
              icon={<PlusOutlined aria-hidden />}
              onClick={newTemplate}
              data-testid="strategy-template-new"
            >
              {t('strategies.newTemplate')}
            </Button>
          )
        }
      />
      <Card className="page-card">
        <Typography.Paragraph type="secondary" className="table-note">
          {mayChange ? t('strategies.intro') : t('strategies.introReadOnly')}
        </Typography.Paragraph>
        <search className="table-toolbar">
          <Input.Search
            className="table-search"
            allowClear
            value={search}
            placeholder={t('strategies.filter.searchPlaceholder')}
            aria-label={t('strategies.filter.search')}
            onChange={(event) => setSearch(event.target.value)}
            onSearch={applyName}
            data-testid="strategy-filter-name"
          />
          <Select<TemplateKind | 'all'>
            className="table-filter"
            value={kind}
            aria-label={t('strategies.filter.kind')}
            onChange={choose(setKind)}
            options={[
              { value: 'all', label: t('strategies.filter.kindAll') },
              ...templateKinds.map((option) => ({ value: option, label: texts.kind(option) })),
            ]}
            popupMatchSelectWidth={false}
            data-testid="strategy-filter-kind"
          />
          <Select<Source>
            className="table-filter"
            value={source}
            aria-label={t('strategies.filter.source')}
            onChange={choose(setSource)}
            options={[
              { value: 'all', label: t('strategies.filter.sourceAll') },
              { value: 'system', label: t('strategies.source.system') },
              { value: 'custom', label: t('strategies.source.custom') },
            ]}
            data-testid="strategy-filter-source"
          />
          <Select<EnabledFilter>
            className="table-filter"
            value={enabled}
            aria-label={t('strategies.filter.enabled')}
            onChange={choose(setEnabled)}
            options={[
              { value: 'all', label: t('strategies.filter.enabledAll') },
              { value: 'enabled', label: t('strategies.state.enabled') },
              { value: 'disabled', label: t('strategies.state.disabled') },
            ]}
            data-testid="strategy-filter-enabled"
          />
          <RefreshButton label={t('strategies.refresh')} onRefresh={() => void refresh()} />
        </search>
        <TemplateTable
          items={list}
          loading={templates.isFetching && !templates.isPending}
          mayChange={mayChange}
          onAct={act}
          empty={empty}
          pagination={pagerOf({ page, pageSize: PAGE_SIZE, total, onChange: setPage })}
        />
      </Card>
      <TemplateEditor
        subject={dialog?.kind === 'editor' ? dialog.subject : null}
        open={dialog?.kind === 'editor' && dialog.open}
        onClose={close}
        afterClose={afterClose}
      />
      <TemplateConfirm
        question={dialog?.kind === 'confirm' ? dialog.question : null}
        open={dialog?.kind === 'confirm' && dialog.open}
        onClose={close}
        afterClose={afterClose}
      />
      <ApplyDialog
        template={dialog?.kind === 'apply' ? dialog.item : undefined}
        withSettings={dialog?.kind === 'apply' && dialog.withSettings}
        open={dialog?.kind === 'apply' && dialog.open}
        onClose={close}
        afterClose={afterClose}
      />
    </section>
  );
}
