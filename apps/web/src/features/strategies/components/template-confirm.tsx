import type { TemplateItem } from '@helio/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { ApiError, describeError } from '../../../lib/api.ts';
import { notifySuccess } from '../../../lib/notifier.ts';
import { useDeleteTemplate, useEnableTemplate } from '../api/templates.ts';

/** The questions asked before an act on a custom template. */
export interface TemplateQuestion {
  act: 'enable' | 'disable' | 'delete';
  item: TemplateItem;
}

/** The catalogue's refusal of deleting something in use. */
const IN_USE = '200701';

export interface TemplateConfirmProps {
  question: TemplateQuestion | null;
  open: boolean;
  onClose: () => void;
  afterClose?: () => void;
}

/**
 * Enable, disable or delete a custom template after a confirmation (SPEC.md §4). A refusal stays in
 * the dialog in the catalogue's words; deleting a template devices run (200701) also says what to
 * do first.
 */
export function TemplateConfirm({ question, open, onClose, afterClose }: TemplateConfirmProps) {
  const { t } = useTranslation();
  const enable = useEnableTemplate();
  const remove = useDeleteTemplate();
  const [failure, setFailure] = useState<string>();
  if (!question) return null;
  const { act, item } = question;
  const pending = enable.isPending || remove.isPending;

  const confirm = () => {
    setFailure(undefined);
    const done = () => {
      notifySuccess(t(`strategies.confirm.${act}.done`, { name: item.name }), 'strategy-template');
      onClose();
    };
    const refused = (error: unknown) =>
      setFailure(
        error instanceof ApiError && error.code === IN_USE
          ? `${describeError(error)} ${t('strategies.confirm.delete.inUse', { count: item.devices })}`
          : describeError(error),
      );
    if (act === 'delete') remove.mutate(item, { onSuccess: done, onError: refused });
    else
      enable.mutate(
        { template_id: item.template_id, enabled: act === 'enable' },
        { onSuccess: done, onError: refused },
      );
  };

  return (
    <ConfirmDialog
      open={open}
      title={t(`strategies.confirm.${act}.title`, { name: item.name })}
      okText={t(`strategies.confirm.${act}.ok`)}
      cancelText={t('strategies.cancel')}
      danger={act !== 'enable'}
      pending={pending}
      failure={failure}
      onConfirm={confirm}
      onCancel={onClose}
      afterClose={() => {
        setFailure(undefined);
        afterClose?.();
      }}
      testId="strategy-confirm"
    >
      <p>{t(`strategies.confirm.${act}.body`, { count: item.devices })}</p>
    </ConfirmDialog>
  );
}
