import { firmwareExtensions } from '@helio/contracts';
import { Progress } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../lib/api.ts';
import { useUploadImage } from '../api/catalogue.ts';
import { useFirmwareTexts } from '../lib/use-firmware-texts.ts';
import { FileInput, type FormFileProps } from './file-input.tsx';

/** What the staging area answered for an image. */
export interface StagedImage {
  upload_id: string;
  file_name: string;
  size_bytes: number;
  sha256: string;
}

/** The form's value: the staged image's upload id. */
export interface ImageFieldProps extends FormFileProps<string> {
  onStaged: (image: StagedImage | undefined) => void;
  /** A refusal of the upload (240401 wrong type, 200005 too large), said under the field. */
  onRefused: (text: string) => void;
}

/**
 * The firmware image: chosen as a file, streamed at once to the staging area with a progress
 * bar, then its SHA-256 and size as the portal computed them (to compare with the signature
 * file's). Choosing another file stops an upload under way.
 */
export function ImageField({ value: _uploadId, onChange, onStaged, onRefused, ...input }: ImageFieldProps) {
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
    <FileInput
      {...input}
      accept={firmwareExtensions.join(',')}
      onFile={choose}
      testId="firmware-publish-image"
    >
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
    </FileInput>
  );
}
