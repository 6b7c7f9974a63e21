import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import type { user } from '@helio/contracts';
import { Button, Modal, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notifier.ts';
import { useInvitationAnswer } from '../api/invitations.ts';

export const invitationStateColor: Record<user.InvitationState, string> = {
  pending: 'processing',
  accepted: 'success',
  declined: 'default',
  expired: 'warning',
};

/** What became of an invitation that can no longer be answered. */
export function InvitationStateTag({ state }: { state: user.InvitationState }) {
  const { t } = useTranslation();
  return (
    <Tag color={invitationStateColor[state]} data-testid="invitation-state" data-state={state}>
      {t(`messages.invitation.state.${state}`)}
    </Tag>
  );
}

interface InvitationAnswerProps {
  invitationId: number;
  /** The inviting installer's name, said in the buttons' names and the confirmations. */
  installer: string;
  /** After the answer was taken (e.g. to mark its message read). */
  onAnswered: () => void;
}

/**
 * Accept and Decline of a pending invitation into an installer's tree. Accepting hands the account
 * to that installer, so it is confirmed in a dialog that says what the installer may then do, with
 * Cancel focused; declining changes nothing and asks more lightly. Both dialogs are keyboard-usable
 * (Esc cancels), and each button's name includes the installer's.
 */
export function InvitationAnswer({ invitationId, installer, onAnswered }: InvitationAnswerProps) {
  const { t } = useTranslation();
  const [modal, modalHolder] = Modal.useModal();
  const answer = useInvitationAnswer();

  const send = (accept: boolean) =>
    answer
      .mutateAsync({ invitation_id: invitationId, accept })
      .then(() => {
        notifySuccess(
          t(accept ? 'messages.invitation.accepted' : 'messages.invitation.declined', { actor: installer }),
          'invitation-answer',
        );
        onAnswered();
      })
      // A refusal (answered meanwhile, an installer by now, a station name clash) was said by the
      // API client; the dialog closes and the list shows where the invitation stands.
      .catch(() => undefined);

  const confirmAccept = () =>
    modal.confirm({
      title: t('messages.invitation.acceptTitle', { actor: installer }),
      content: t('messages.invitation.acceptDescription', { actor: installer }),
      okText: t('messages.invitation.accept'),
      cancelText: t('messages.cancel'),
      autoFocusButton: 'cancel',
      width: 460,
      okButtonProps: { 'data-testid': 'invitation-accept-confirm' } as never,
      onOk: () => send(true),
    });

  const confirmDecline = () =>
    modal.confirm({
      title: t('messages.invitation.declineTitle', { actor: installer }),
      content: t('messages.invitation.declineDescription', { actor: installer }),
      okText: t('messages.invitation.decline'),
      cancelText: t('messages.cancel'),
      okButtonProps: { 'data-testid': 'invitation-decline-confirm' } as never,
      onOk: () => send(false),
    });

  return (
    <>
      <Space size={8} wrap className="invitation-answer">
        <Button
          type="primary"
          size="small"
          icon={<CheckOutlined />}
          onClick={confirmAccept}
          loading={answer.isPending && answer.variables?.accept === true}
          disabled={answer.isPending}
          aria-label={t('messages.invitation.acceptOf', { actor: installer })}
          data-testid="invitation-accept"
        >
          {t('messages.invitation.accept')}
        </Button>
        <Button
          size="small"
          icon={<CloseOutlined />}
          onClick={confirmDecline}
          loading={answer.isPending && answer.variables?.accept === false}
          disabled={answer.isPending}
          aria-label={t('messages.invitation.declineOf', { actor: installer })}
          data-testid="invitation-decline"
        >
          {t('messages.invitation.decline')}
        </Button>
      </Space>
      {modalHolder}
    </>
  );
}
