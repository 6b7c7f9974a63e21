import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Spin, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadStationPhoto } from '../api/photo.ts';
import { PHOTO_ACCEPT, type PhotoProblem, photoProblem } from '../lib/photo.ts';
import { StationPhoto } from './station-photo.tsx';

interface PhotoFieldProps {
  id?: string;
  /** The uploaded photo's id (bg/station/photo), as the station form sends it. */
  value?: string | null;
  onChange?: (photoId: string | null) => void;
  /** Address of the photo shown: the station's own, or the one just uploaded. */
  previewUrl: string | null;
  onPreviewUrl: (url: string | null) => void;
  disabled?: boolean;
}

const problemKey: Record<PhotoProblem, string> = {
  type: 'stations.photoType',
  size: 'stations.photoSize',
  empty: 'stations.photoEmpty',
};

/**
 * The station photo: chosen with the file picker, checked here (JPEG/PNG/WebP, at most 5 MB), then
 * uploaded at once so that saving the station only sends its id. The server checks the content.
 */
export function PhotoField({ id, value, onChange, previewUrl, onPreviewUrl, disabled }: PhotoFieldProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const found = photoProblem(file);
    if (found) {
      setProblem(t(problemKey[found]));
      return;
    }
    setProblem(null);
    setUploading(true);
    try {
      const uploaded = await uploadStationPhoto(file);
      onChange?.(uploaded.photo_id);
      onPreviewUrl(uploaded.photo_url);
    } catch {
      // The failure has been shown; the previous photo stays.
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="photo-field">
      <Spin spinning={uploading}>
        <StationPhoto url={value ? previewUrl : null} name={t('stations.field.photo')} size={88} />
      </Spin>
      <div className="photo-field-controls">
        <input
          ref={input}
          id={id}
          type="file"
          accept={PHOTO_ACCEPT}
          className="visually-hidden"
          tabIndex={-1}
          disabled={disabled || uploading}
          onChange={(event) => {
            void choose(event.target.files?.[0]);
            // The same file chosen again after a failure must fire again.
            event.target.value = '';
          }}
          data-testid="station-photo"
        />
        <div className="photo-field-buttons">
          <Button
            icon={<UploadOutlined aria-hidden />}
            disabled={disabled || uploading}
            onClick={() => input.current?.click()}
            data-testid="station-photo-choose"
          >
            {value ? t('stations.photoReplace') : t('stations.photoChoose')}
          </Button>
          {value && (
            <Button
              icon={<DeleteOutlined aria-hidden />}
              disabled={disabled || uploading}
              onClick={() => {
                onChange?.(null);
                onPreviewUrl(null);
              }}
            >
              {t('stations.photoRemove')}
            </Button>
          )}
        </div>
        <Typography.Text type="secondary" className="photo-field-hint">
          {t('stations.photoHint')}
        </Typography.Text>
        {problem && (
          <Typography.Text type="danger" role="alert" data-testid="station-photo-problem">
            {problem}
          </Typography.Text>
        )}
      </div>
    </div>
  );
}
