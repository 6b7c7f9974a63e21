import { PictureOutlined } from '@ant-design/icons';
import { useState } from 'react';

interface StationPhotoProps {
  url: string | null;
  /** Read out in place of the picture: the station's name. */
  name: string;
  size: number;
  className?: string;
}

/**
 * A station's photo, cropped to a square (list thumbnail, detail header), or a neutral placeholder
 * when it has none or the picture cannot be loaded.
 */
export function StationPhoto({ url, name, size, className }: StationPhotoProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const style = { width: size, height: size };
  const classes = ['station-photo', className].filter(Boolean).join(' ');
  if (!url || failedUrl === url) {
    return (
      <span className={`${classes} station-photo-empty`} style={style} aria-hidden>
        <PictureOutlined style={{ fontSize: Math.round(size * 0.42) }} />
      </span>
    );
  }
  return (
    <img
      className={classes}
      style={style}
      src={url}
      alt={name}
      loading="lazy"
      decoding="async"
      onError={() => setFailedUrl(url)}
    />
  );
}
