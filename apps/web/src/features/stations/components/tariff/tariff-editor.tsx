import { PlusOutlined } from '@ant-design/icons';
import { type Tariff, type TariffView, tariffBands, tariffLimits } from '@helio/contracts';
import { Alert, Button, Form, InputNumber } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../components/dialogs/form-dialog.tsx';
import { focusSoon } from '../../../../hooks/use-focus-return.ts';
import { notifySuccess } from '../../../../lib/notifier.ts';
import { SaveConfirm } from './save-confirm.tsx';
import { SeasonFields } from './season-fields.tsx';
import { useSaveTariff } from './tariff-api.ts';
import { formValuesOf, newSeason, startingValues, type TariffFormValues, tariffOf } from './tariff-form.ts';
import { useTariffForm } from './use-tariff-form.ts';

export interface TariffEditorProps {
  stationId: number;
  /** The station's today (YYYY-MM-DD in its zone): history can be split again up to yesterday. */
  today: string;
  view: TariffView;
  open: boolean;
  onClose: () => void;
  /** Once the dialog has gone (the focus is given back then). */
  afterClose?: () => void;
}

/**
 * The peak-valley tariff's editor (PRODUCT.md §8): seasons with their months and time sets, a
 * 24-hour bar of each season, the price of a kWh in each band and the feed-in price in the
 * station's currency. Every field is checked as it changes by the contracts' rule; saving asks
 * first whether the days already split are to be split again with the new tariff, and from when.
 */
export function TariffEditor({ stationId, today, view, open, onClose, afterClose }: TariffEditorProps) {
  const { t } = useTranslation();
  const tariffForm = useTariffForm();
  const { form } = tariffForm;
  const save = useSaveTariff(stationId);
  const [confirming, setConfirming] = useState<Tariff>();
  const [failure, setFailure] = useState<string>();
  const addSeasonRef = useRef<HTMLButtonElement>(null);
  const initialValues: TariffFormValues = view.tariff
    ? formValuesOf(view.tariff)
    : startingValues(t('tariffs.season.allYear'));
  const currency = view.currency;
  const unit = `${currency}/kWh`;

  const submit = (values: TariffFormValues) => {
    setFailure(undefined);
    const tariff = tariffOf(values);
    if (tariff) setConfirming(tariff);
  };

  const send = (recomputeFrom: string | undefined) => {
    if (!confirming) return;
    save.mutate(
      { value: confirming, recomputeFrom },
      {
        onSuccess: () => {
          setConfirming(undefined);
          onClose();
          notifySuccess(
            recomputeFrom ? t('tariffs.saved.recompute', { date: recomputeFrom }) : t('tariffs.saved.plain'),
            'tariff-saved',
          );
        },
        onError: (error) => {
          setConfirming(undefined);
          setFailure(tariffForm.showRefusal(error));
        },
      },
    );
  };

  return (
    <>
      <FormDialog<TariffFormValues>
        form={form}
        name="tariff"
        title={t(view.tariff ? 'tariffs.editor.titleEdit' : 'tariffs.editor.titleNew')}
        open={open}
        onCancel={() => {
          if (!save.isPending) onClose();
        }}
        afterClose={() => {
          setFailure(undefined);
          afterClose?.();
        }}
        firstField={undefined}
        pending={save.isPending}
        width={920}
        initialValues={initialValues}
        validateTrigger={['onChange', 'onBlur']}
        onValuesChange={() => {
          setFailure(undefined);
          tariffForm.recheck();
        }}
        scrollToFirstError={{ focus: true }}
        onFinish={submit}
        submitText={t('tariffs.editor.save')}
        cancelText={t('tariffs.editor.cancel')}
        submitTestId="tariff-editor-save"
        cancelTestId="tariff-editor-cancel"
      >
        <div data-testid="tariff-editor">
          <p className="tariff-help">{t('tariffs.editor.help')}</p>
          <Form.List name="seasons" rules={[tariffForm.rule('seasons')]}>
            {(seasons, { add, remove }, { errors }) => (
              <>
                {seasons.map((season, index) => (
                  <SeasonFields
                    key={season.key}
                    form={tariffForm}
                    index={index}
                    name={season.name}
                    onRemove={
                      seasons.length > 1
                        ? () => {
                            remove(season.name);
                            focusSoon(addSeasonRef.current);
                          }
                        : undefined
                    }
                  />
                ))}
                <div data-testid="tariff-seasons-error">
                  <Form.ErrorList errors={errors} />
                </div>
                <Button
                  ref={addSeasonRef}
                  icon={<PlusOutlined aria-hidden />}
                  disabled={seasons.length >= tariffLimits.seasons}
                  onClick={() => {
                    add(newSeason());
                    requestAnimationFrame(() => {
                      const field = form.getFieldInstance(['seasons', seasons.length, 'name']) as
                        | { focus?: () => void }
                        | undefined;
                      field?.focus?.();
                    });
                  }}
                  data-testid="tariff-add-season"
                >
                  {t('tariffs.season.add')}
                </Button>
                <p className="tariff-help" aria-live="polite">
                  {t('tariffs.season.count', { count: seasons.length, max: tariffLimits.seasons })}
                </p>
              </>
            )}
          </Form.List>
          <fieldset className="tariff-prices" data-testid="tariff-prices">
            <legend className="tariff-season-legend">{t('tariffs.price.title', { currency })}</legend>
            {tariffBands.map((band) => (
              <Form.Item
                key={band}
                name={['prices', band]}
                label={t('tariffs.price.band', { band: t(`tariffs.band.${band}`) })}
                rules={[tariffForm.rule(`prices.${band}`)]}
              >
                <InputNumber<number>
                  min={0}
                  step={0.01}
                  suffix={unit}
                  className="tariff-price"
                  data-testid={`tariff-price-${band}`}
                />
              </Form.Item>
            ))}
            <Form.Item
              name="feed_in_price"
              label={t('tariffs.price.feedIn')}
              rules={[tariffForm.rule('feed_in_price')]}
            >
              <InputNumber<number>
                min={0}
                step={0.01}
                suffix={unit}
                className="tariff-price"
                data-testid="tariff-price-feed-in"
              />
            </Form.Item>
          </fieldset>
          {failure && (
            <Alert
              type="error"
              showIcon
              title={failure}
              className="tariff-note"
              data-testid="tariff-save-error"
            />
          )}
        </div>
      </FormDialog>
      <SaveConfirm
        open={confirming !== undefined}
        today={today}
        pending={save.isPending}
        onCancel={() => setConfirming(undefined)}
        onConfirm={send}
      />
    </>
  );
}
