import { DeleteOutlined } from '@ant-design/icons';
import { Button, Table, type TableColumnType, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useKeyboardScroll } from '../../../hooks/use-focus-return.ts';
import { useConfirmAct } from '../hooks/use-confirm-act.ts';
import { ListFailed } from './catalogue-state.tsx';
import { ConfirmDelete } from './confirm-delete.tsx';

/** What a catalogue list's query gives the table (a react-query answer of `{ list }`). */
export interface CatalogueQuery<T> {
  data: { list: T[] } | undefined;
  error: unknown;
  isError: boolean;
  isPending: boolean;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

export interface CatalogueTableProps<T>
  extends Pick<TableProps<T>, 'columns' | 'pagination' | 'onRow' | 'className'> {
  /** The list's name: the table's caption, and the scroll box's name for the keyboard. */
  caption: string;
  rowKey: keyof T & string;
  query: CatalogueQuery<T>;
  /** Said when the catalogue has none. */
  empty: { title: string; description: string };
  testId: string;
}

/**
 * A catalogue list (series, models, files): its rows as the query answers them, the refusal or
 * failure (with a retry), "Loading" or the empty state in place of rows. A table wider than its
 * box scrolls, by keyboard too when nothing in it takes the focus.
 */
export function CatalogueTable<T extends object>({
  caption,
  rowKey,
  query,
  empty,
  testId,
  pagination = false,
  ...table
}: CatalogueTableProps<T>) {
  const { t } = useTranslation();
  const scroll = useKeyboardScroll<HTMLDivElement>(caption);
  return (
    <div ref={scroll}>
      <Table<T>
        {...table}
        rowKey={rowKey}
        size="small"
        caption={<span className="visually-hidden">{caption}</span>}
        dataSource={query.data?.list ?? []}
        loading={query.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={pagination}
        locale={{
          emptyText: query.isError ? (
            <ListFailed error={query.error} onRetry={() => void query.refetch()} />
          ) : query.isPending ? (
            <span role="status">{t('firmware.loading')}</span>
          ) : (
            <EmptyState title={empty.title} description={empty.description} />
          ),
        }}
        data-testid={testId}
      />
    </div>
  );
}

export interface DeleteColumnOptions<T> {
  /** Deletes (or withdraws) the item; a refusal stays in the open question. */
  act: (item: T) => Promise<unknown>;
  /** The row's button: its words, its accessible name and its test id. */
  button: (item: T) => { label: string; testId: string };
  buttonText?: string;
  /** The question's title and sentence. */
  question: (item: T) => { title: string; question: string };
  confirmTestId: string;
}

/**
 * The "Actions" column of a catalogue list whose rows are deleted after a question: the column
 * and the question's dialog, to be rendered beside the table.
 */
export function useDeleteColumn<T>({
  act,
  button,
  buttonText,
  question,
  confirmTestId,
}: DeleteColumnOptions<T>): { column: TableColumnType<T>; dialog: ReactNode } {
  const { t } = useTranslation();
  const deleting = useConfirmAct(act);
  const column: TableColumnType<T> = {
    key: 'actions',
    title: t('firmware.actions'),
    render: (_, item) => {
      const { label, testId } = button(item);
      return (
        <Button
          size="small"
          type="link"
          danger
          icon={<DeleteOutlined aria-hidden />}
          onClick={() => deleting.ask(item)}
          aria-label={label}
          data-testid={testId}
        >
          {buttonText ?? t('firmware.delete')}
        </Button>
      );
    },
  };
  const dialog = (
    <ConfirmDelete
      subject={deleting.item === undefined ? undefined : question(deleting.item)}
      pending={deleting.pending}
      failure={deleting.failure}
      onConfirm={() => void deleting.confirm()}
      onCancel={deleting.cancel}
      testId={confirmTestId}
    />
  );
  return { column, dialog };
}
