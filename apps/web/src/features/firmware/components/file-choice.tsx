import type { FirmwarePart } from '@helio/contracts';
import { Form, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { type Choices, NO_FILE } from '../lib/task-form.ts';
import { partsWithFiles } from '../lib/task-view.ts';
import { useFirmwareTexts } from '../lib/use-firmware-texts.ts';

/**
 * One file per part of the model, or none (the part stays as it is): each file with its version,
 * the lowest version it goes over, its date, its release notes in the user's language and how
 * many chosen devices it would move down or cannot reach.
 */
export function FileChoice({ choices, disabled }: { choices: Choices; disabled?: boolean }) {
  const { t } = useTranslation();
  const texts = useFirmwareTexts();
  const parts = partsWithFiles(choices.files);
  if (parts.length === 0)
    return (
      <p className="firmware-help" data-testid="upgrade-no-files">
        {t('firmware.newTask.noFiles', { model: choices.model })}
      </p>
    );
  return (
    <div className="firmware-file-choice" data-testid="upgrade-file-choice">
      {parts.map((part: FirmwarePart) => (
        <fieldset key={part} className="firmware-fieldset">
          <legend>{t('firmware.newTask.partFiles', { part })}</legend>
          <Form.Item name={['files', part]} noStyle>
            <Radio.Group disabled={disabled} className="firmware-radios">
              <Radio value={NO_FILE} data-testid={`upgrade-file-none-${part}`}>
                {t('firmware.newTask.keepPart')}
              </Radio>
              {choices.files
                .filter((file) => file.part === part)
                .map((file) => (
                  <Radio key={file.file_id} value={file.file_id} data-testid={`upgrade-file-${file.file_id}`}>
                    <span className="firmware-file-option">
                      <strong>
                        {file.name} · {file.version}
                      </strong>
                      <span className="firmware-help">
                        {[
                          texts.time(file.created_at),
                          texts.bytes(file.size_bytes),
                          file.min_version
                            ? t('firmware.newTask.minVersion', { version: file.min_version })
                            : null,
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </span>
                      {file.notes && <span className="firmware-notes">{file.notes}</span>}
                      {file.downgrades > 0 && (
                        <span className="firmware-warning">
                          {t('firmware.newTask.downgrades', { count: file.downgrades })}
                        </span>
                      )}
                      {file.below_minimum > 0 && (
                        <span className="firmware-warning">
                          {t('firmware.newTask.belowMinimum', { count: file.below_minimum })}
                        </span>
                      )}
                    </span>
                  </Radio>
                ))}
            </Radio.Group>
          </Form.Item>
        </fieldset>
      ))}
    </div>
  );
}
