import type { DeviceItem, TemplateItem } from '@helio/contracts';
import { Button, Modal, Select } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../../components/dialogs/failure-alert.tsx';
import { useNow } from '../../../hooks/use-now.ts';
import { ApiError, describeError } from '../../../lib/api.ts';
import { focusFirst } from '../../../lib/focus.ts';
import { UnlockDialog } from '../../devices/index.ts';
import {
  type ApplyRequest,
  useApplyTemplate,
  useEnabledTemplates,
  useLockStates,
  useRefreshLock,
} from '../api/apply.ts';
import { useTemplateForm } from '../hooks/use-template-form.ts';
import {
  bodyOf,
  fieldPath,
  modeKindOf,
  type TemplateFormValues,
  templateValues,
} from '../lib/template-form.ts';
import { ApplyProgress } from './apply-progress.tsx';
import { DevicePicker } from './device-picker.tsx';
import { ModeSettings } from './mode-settings.tsx';
import { type LockView, SelectedDevices } from './selected-devices.tsx';
import '../strategies.css';
import { validateWhole } from '../../../lib/form-problems.ts';

export interface ApplyDialogProps {
  /** The template to apply; without one, the dialog offers the enabled templates. */
  template?: TemplateItem | undefined;
  /** Devices chosen when it opens (the device whose Strategy tab opened it). */
  devices?: readonly DeviceItem[] | undefined;
  /** A mode's system template opens with its settings to change ("Apply with settings"). */
  withSettings?: boolean | undefined;
  open: boolean;
  onClose: () => void;
  afterClose?: () => void;
  /** Once every device has answered. */
  onApplied?: () => void;
}

/** The catalogue's refusal of devices that are not all of one type and model. */
const NOT_SAME_MODEL = '200906';
/** Where the server's issues name a mode's settings (`mode.min_soc_pct`). */
const MODE = 'mode.';

/**
 * Applies a template to up to fifteen devices (SPEC.md §5, api/mode/update): the devices chosen
 * from the caller's battery devices, each unlocked by its device password first (the Settings tab's
 * dialog, api/setting/ispwd); then each device's strategy followed from pending to applied or
 * failed. Devices not of one type and model are refused (200906), said at the top of the dialog.
 * A mode's system template (manual, self-consumption, backup, cut-off) may go with settings of the
 * caller's own: its fields, checked by `templateIssues` as typed, sent as `mode` instead of the
 * template, and the server's refusal of one said under that field.
 */
export function ApplyDialog(props: ApplyDialogProps) {
  // a fresh choice each time it opens (and the last one kept while it closes)
  const openings = useRef(0);
  const wasOpen = useRef(false);
  if (props.open && !wasOpen.current) openings.current += 1;
  wasOpen.current = props.open;
  return <ApplyDialogBody key={openings.current} {...props} />;
}

function ApplyDialogBody({
  template,
  devices = [],
  withSettings = false,
  open,
  onClose,
  afterClose,
  onApplied,
}: ApplyDialogProps) {
  const { t } = useTranslation();
  const [templateId, setTemplateId] = useState<number | undefined>(template?.template_id);
  const templates = useEnabledTemplates(open && template === undefined);
  const [selected, setSelected] = useState<DeviceItem[]>([...devices]);
  const [failure, setFailure] = useState<{ text: string; sameModel: boolean }>();
  const [unlocking, setUnlocking] = useState<string>();
  const apply = useApplyTemplate();
  const refreshLock = useRefreshLock();
  const unlockButtons = useRef(new Map<string, HTMLButtonElement>());
  const [answered, setAnswered] = useState<Record<string, string>>({});
  const now = useNow(15_000);
  // a mode's own settings: checked against the lowest rating of the devices chosen
  const chosenRef = useRef(selected);
  chosenRef.current = selected;
  const lowestRating = useCallback(() => {
    const ratings = chosenRef.current
      .map((item) => item.rated_power_w)
      .filter((rating): rating is number => rating != null);
    return ratings.length > 0 ? Math.min(...ratings) : null;
  }, []);
  const settings = useTemplateForm({ named: false, refusalPrefix: MODE, ratedPowerW: lowestRating });
  const [settingsOn, setSettingsOn] = useState(withSettings && modeKindOf(template) !== undefined);
  /** Another template chosen: its settings start from its own values, not shown until asked for. */
  const startSettings = (item: TemplateItem | undefined) => {
    settings.form.resetFields();
    if (item && modeKindOf(item)) settings.form.setFieldsValue(templateValues(item));
    setSettingsOn(false);
  };

  const lockQueries = useLockStates(selected.map((item) => item.sn));
  const locks = new Map<string, LockView>(
    selected.map((item, index) => {
      const query = lockQueries[index];
      const until = [answered[item.sn], query?.data?.unlockedUntil ?? undefined]
        .filter((value): value is string => !!value && Date.parse(value) > now)
        .sort()
        .at(-1);
      const lock: LockView = !query?.data
        ? query?.isError
          ? { state: 'locked' }
          : { state: 'checking' }
        : !query.data.needsPassword || until
          ? { state: 'open', until: until ?? null }
          : { state: 'locked' };
      return [item.sn, lock];
    }),
  );
  const chosenTemplate = template ?? templates.data?.list.find((item) => item.template_id === templateId);
  const modeKind = modeKindOf(chosenTemplate);
  const result = apply.data;
  const applying = apply.isPending;

  const submit = async () => {
    setFailure(undefined);
    if (templateId === undefined) {
      setFailure({ text: t('strategies.apply.chooseTemplate'), sameModel: false });
      return;
    }
    if (selected.length === 0) {
      setFailure({ text: t('strategies.apply.chooseDevice'), sameModel: false });
      return;
    }
    const locked = selected.filter((item) => locks.get(item.sn)?.state !== 'open');
    if (locked.length > 0) {
      setFailure({
        text: t('strategies.apply.unlockFirst', { sns: locked.map((item) => item.sn).join(', ') }),
        sameModel: false,
      });
      focusFirst(...locked.map((item) => unlockButtons.current.get(item.sn)));
      return;
    }
    const equ_sns = selected.map((item) => item.sn);
    let request: ApplyRequest = { equ_sns, template_id: templateId };
    if (modeKind && settingsOn) {
      // every field checked again; the first refused takes the focus and nothing is sent
      if (!(await validateWhole(settings.form))) return;
      const values = { ...settings.form.getFieldsValue(true) } as TemplateFormValues;
      request = { equ_sns, mode: { ...bodyOf(values, modeKind), kind: modeKind } as ApplyRequest['mode'] };
    }
    apply.mutate(request, {
      onError: (error) => {
        const shown = request.mode ? settings.showRefusal(error) : describeError(error);
        if (shown !== undefined)
          setFailure({ text: shown, sameModel: error instanceof ApiError && error.code === NOT_SAME_MODEL });
        else {
          // said under the setting it names, which takes the focus
          const first =
            error instanceof ApiError ? error.issues.find((issue) => issue.path.startsWith(MODE)) : undefined;
          if (first) settings.form.focusField(fieldPath(first.path.slice(MODE.length)));
        }
        for (const item of selected) void refreshLock(item.sn);
      },
    });
  };

  const footer = result
    ? [
        <Button key="close" type="primary" onClick={onClose} data-testid="strategy-apply-close">
          {t('strategies.close')}
        </Button>,
      ]
    : [
        <Button key="cancel" onClick={onClose} data-testid="strategy-apply-cancel">
          {t('strategies.cancel')}
        </Button>,
        <Button
          key="apply"
          type="primary"
          loading={applying}
          onClick={() => void submit()}
          data-testid="strategy-apply-submit"
        >
          {t('strategies.apply.submit', { count: selected.length })}
        </Button>,
      ];

  return (
    <Modal
      open={open}
      title={template ? t('strategies.apply.titleOf', { name: template.name }) : t('strategies.apply.title')}
      onCancel={onClose}
      afterClose={afterClose}
      footer={footer}
      width={860}
      mask={{ closable: !applying }}
      destroyOnHidden
    >
      <div className="strategy-apply" data-testid="strategy-apply-dialog">
        {result ? (
          <ApplyProgress batchId={result.batch_id} first={result.list} onDone={onApplied} />
        ) : (
          <>
            {failure && (
              <FailureAlert
                text={failure.text}
                description={failure.sameModel ? t('strategies.apply.sameModelHelp') : undefined}
                testId={failure.sameModel ? 'strategy-apply-same-model' : 'strategy-apply-failure'}
              />
            )}
            {template === undefined && (
              <div className="strategy-apply-template">
                <label htmlFor="strategy-apply-template">{t('strategies.apply.template')}</label>
                <Select<number>
                  id="strategy-apply-template"
                  value={templateId}
                  onChange={(id) => {
                    setTemplateId(id);
                    startSettings(templates.data?.list.find((item) => item.template_id === id));
                  }}
                  loading={templates.isPending}
                  placeholder={t('strategies.apply.templatePlaceholder')}
                  options={(templates.data?.list ?? []).map((item) => ({
                    value: item.template_id,
                    label: item.name,
                  }))}
                  popupMatchSelectWidth={false}
                  disabled={applying}
                  data-testid="strategy-apply-template"
                />
              </div>
            )}
            {chosenTemplate && (
              <p className="strategy-help">
                {t(modeKind && settingsOn ? 'strategies.apply.introSettings' : 'strategies.apply.intro', {
                  name: chosenTemplate.name,
                })}
              </p>
            )}
            {chosenTemplate && modeKind && (
              <ModeSettings
                kind={modeKind}
                name={chosenTemplate.name}
                form={settings}
                initial={template && modeKindOf(template) ? templateValues(template) : undefined}
                on={settingsOn}
                onToggle={setSettingsOn}
                disabled={applying}
              />
            )}
            <h3 className="strategy-apply-heading">{t('strategies.apply.chosen')}</h3>
            <SelectedDevices
              devices={selected}
              locks={locks}
              onUnlock={setUnlocking}
              onRemove={(sn) => setSelected((current) => current.filter((item) => item.sn !== sn))}
              disabled={applying}
              unlockRef={(sn, button) => {
                if (button) unlockButtons.current.set(sn, button);
                else unlockButtons.current.delete(sn);
              }}
            />
            <h3 className="strategy-apply-heading">{t('strategies.apply.pick')}</h3>
            <DevicePicker selected={selected} onChange={setSelected} disabled={applying} />
          </>
        )}
      </div>
      <UnlockDialog
        sn={unlocking ?? ''}
        open={unlocking !== undefined}
        onClose={(until) => {
          if (unlocking && until) {
            setAnswered((current) => ({ ...current, [unlocking]: until }));
            void refreshLock(unlocking);
          }
          setUnlocking(undefined);
        }}
      />
    </Modal>
  );
}
