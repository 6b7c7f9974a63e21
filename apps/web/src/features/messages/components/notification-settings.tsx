import { type Language, languageNames, languages } from '@helio/contracts';
import { type FaultSeverity, faultSeverities } from '@helio/contracts/device-link';
import { Alert, Checkbox, Descriptions, Form, Modal, Select, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notifier.ts';
import { useNotificationSettings, useSaveNotificationSettings } from '../api/notifications.ts';

interface NotificationValues {
  email_severities: FaultSeverity[];
  language: Language;
}

interface NotificationSettingsProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Which alarms are mailed to the user (api/alarm/notification/get|set): an opt-in by severity and
 * the mail's language. Every alarm is a message here whatever is chosen.
 */
export function NotificationSettings({ open, onClose }: NotificationSettingsProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NotificationValues>();
  const settings = useNotificationSettings(open);
  const save = useSaveNotificationSettings(() => {
    notifySuccess(t('messages.notifications.saved'), 'notifications');
    onClose();
  });
  const data = settings.data;

  return (
    <Modal
      open={open}
      title={t('messages.notifications.title')}
      onCancel={onClose}
      okText={t('messages.notifications.save')}
      cancelText={t('messages.cancel')}
      okButtonProps={{
        htmlType: 'submit',
        loading: save.isPending,
        disabled: !data,
        'data-testid': 'notifications-save',
      }}
      destroyOnHidden
      modalRender={(dom) => (
        <Form<NotificationValues>
          form={form}
          layout="vertical"
          clearOnDestroy
          disabled={save.isPending}
          onFinish={(values) =>
            save.mutate({
              // In the catalogue's order, whatever order they were ticked in.
              email_severities: faultSeverities.filter((severity) =>
                values.email_severities.includes(severity),
              ),
              language: values.language,
            })
          }
        >
          {dom}
        </Form>
      )}
    >
      <div data-testid="notifications-dialog">
        {!data ? (
          settings.isError ? (
            <Alert type="error" showIcon title={t('messages.notifications.loadFailed')} />
          ) : (
            <Skeleton active paragraph={{ rows: 4 }} />
          )
        ) : (
          <NotificationFields key={JSON.stringify(data)} initial={data} />
        )}
      </div>
    </Modal>
  );
}

function NotificationFields({
  initial,
}: {
  initial: { email: string; email_severities: FaultSeverity[]; language: Language; quiet_minutes: number };
}) {
  const { t } = useTranslation();
  return (
    <>
      <p className="dialog-intro">{t('messages.notifications.intro')}</p>
      <Descriptions
        size="small"
        column={1}
        className="notifications-facts"
        items={[
          { key: 'email', label: t('messages.notifications.email'), children: initial.email },
          {
            key: 'quiet',
            label: t('messages.notifications.quiet'),
            children: t('messages.notifications.quietValue', { minutes: initial.quiet_minutes }),
          },
        ]}
      />
      <Form.Item
        name="email_severities"
        label={t('messages.notifications.severities')}
        initialValue={initial.email_severities}
        extra={t('messages.notifications.severitiesHint')}
      >
        <Checkbox.Group
          options={[...faultSeverities].reverse().map((severity) => ({
            value: severity,
            label: (
              <span data-testid={`notifications-severity-${severity}`}>
                {t(`alarms.severity.${severity}`)}
              </span>
            ),
          }))}
        />
      </Form.Item>
      <Form.Item name="language" label={t('messages.notifications.language')} initialValue={initial.language}>
        <Select<Language>
          options={languages.map((language) => ({ value: language, label: languageNames[language] }))}
          data-testid="notifications-language"
        />
      </Form.Item>
    </>
  );
}
