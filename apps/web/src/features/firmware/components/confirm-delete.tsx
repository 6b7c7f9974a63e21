import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';

export interface ConfirmDeleteProps {
  /** What is asked about; none closes the dialog. */
  subject: { title: string; question: string } | undefined;
  pending: boolean;
  failure: string | undefined;
  onConfirm: () => void;
  onCancel: () => void;
  testId: string;
}

/** "Delete …?" before a series, a model or a file goes; a refusal (7001, 200701) is said inside. */
export function ConfirmDelete({
  subject,
  pending,
  failure,
  onConfirm,
  onCancel,
  testId,
}: ConfirmDeleteProps) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={subject !== undefined}
      title={subject?.title}
      okText={t('firmware.delete')}
      cancelText={t('firmware.cancel')}
      danger
      pending={pending}
      failure={failure}
      onConfirm={onConfirm}
      onCancel={onCancel}
      testId={testId}
    >
      <p>{subject?.question}</p>
    </ConfirmDialog>
  );
}
