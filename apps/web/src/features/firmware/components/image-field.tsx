import { firmwareExtensions } from '@helio/contracts';
import { Progress } from 'antd';
import { type Ref, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../lib/api.ts';
import { useUploadImage } from '../api/catalogue.ts';
import { useFirmwareTexts } from '../lib/use-firmware-texts.ts';

/** What the staging area answered for an image. */
export interface StagedImage {
  upload_id: string;
  file_name: string;
  size_bytes: number;
  sha256: string;
}

export interface ImageFieldProps {
  /** The staged image's upload id (the form's value). */
  value?: string | undefined;
  onChange?: (uploadId: string | undefined) => void;
  /** Given by the form item: the label names the input. */
  id?: string;
  ref?: Ref<HTMLInputElement>;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  disabled?: boolean;
  onStaged: (image: StagedImage | undefined) => void;
  /** A refusal of the upload (240401 wrong type, 200005 too large), said under the field. */
  onRefused: (text: string) => void;
}

/**
 * The firmware image: chosen as a file, streamed at once to the staging area with a progress
 * bar, then its SHA-256 and size as the portal computed them (to compare with the signature
 * file's). Choosing another file stops an upload under way.
 */
export function ImageField({
  value: _uploadId,
  onChange,
  id,
  ref,
  disabled,
  onStaged,
  onRefused,
  ...aria
}: ImageFieldProps) {
  const { t } = useTranslation();
  const texts = useFirmwareTexts();
  const upload = useUploadImage();
  const [percent, setPercent] = useState<number>();
  const [staged, setStaged] = useState<StagedImage>();
  const abort = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => abort.current?.abort(), []);

  const choose = (file: File | undefined) => {
    abort.current?.abort();
    setStaged(undefined);
    onStaged(undefined);
    onChange?.(undefined);
    if (!file) return;
    const controller = new AbortController();
    abort.current = controller;
    setPercent(0);
    upload.mutate(
      { file, signal: controller.signal, onProgress: setPercent },
      {
        onSuccess: (answer) => {
          if (controller.signal.aborted) return;
          setStaged(answer);
          onStaged(answer);
          onChange?.(answer.upload_id);
        },
        onError: (error) => {
          if (controller.signal.aborted) return;
          setPercent(undefined);
          onRefused(describeError(error));
        },
      },
    );
  };

  return (
    <div className="firmware-file-field">
      <input
        type="file"
        id={id}
        ref={ref}
        accept={firmwareExtensions.join(',')}
        disabled={disabled}
        onChange={(event) => choose(event.target.files?.[0])}
        data-testid="firmware-publish-image"
        {...aria}
      />
      {percent !== undefined && !staged && (
        <Progress
          percent={percent}
          size="small"
          aria-label={t('firmware.file.uploading')}
          data-testid="firmware-publish-progress"
        />
      )}
      {staged && (
        <dl className="firmware-staged" data-testid="firmware-publish-staged">
          <dt>{t('firmware.file.sha256')}</dt>
          <dd className="firmware-code" title={staged.sha256}>
            {staged.sha256}
          </dd>
          <dt>{t('firmware.file.size')}</dt>
          <dd>{texts.bytes(staged.size_bytes)}</dd>
        </dl>
      )}
    </div>
  );
}
