import { Modal } from 'antd';
import type { ReactNode } from 'react';
import { FailureAlert } from './failure-alert.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  okText: ReactNode;
  cancelText: ReactNode;
  /** The act cannot be undone (deleting): its button says so in its colour. */
  danger?: boolean;
  pending: boolean;
  /** Why the act was refused, shown in the dialog, which stays open. */
  failure?: string | undefined;
  onConfirm: () => void;
  onCancel: () => void;
  afterClose?: () => void;
  testId: string;
}

/**
 * A question before an act (enable, disable, delete, cancel; SPEC.md §4 "after a confirmation"): a dialog
 * whose Cancel takes the focus first, so Enter right away does no harm; a refusal is said inside it.
 * antd gives the focus back to what opened it when it has gone.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  okText,
  cancelText,
  danger,
  pending,
  failure,
  onConfirm,
  onCancel,
  afterClose,
  testId,
}: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      title={title}
      onOk={onConfirm}
      onCancel={onCancel}
      afterClose={afterClose}
      okText={okText}
      cancelText={cancelText}
      okButtonProps={{ danger, loading: pending, 'data-testid': `${testId}-ok` } as never}
      cancelButtonProps={{ autoFocus: true, 'data-testid': `${testId}-cancel` } as never}
      mask={{ closable: !pending }}
      destroyOnHidden
      width={460}
    >
      <div data-testid={testId}>
        {children}
        {failure && <FailureAlert text={failure} testId={`${testId}-failure`} />}
      </div>
    </Modal>
  );
}
