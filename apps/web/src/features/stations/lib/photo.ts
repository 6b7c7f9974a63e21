import { station } from '@helio/contracts';

/**
 * The client's own check of a station photo before it is sent (bg/station/photo): JPEG, PNG or WebP
 * and at most 5 MB. The browser's type comes from the file name; the server reads the content.
 */
export type PhotoProblem = 'type' | 'size' | 'empty';

export const PHOTO_ACCEPT = station.photo.mediaTypes.join(',');

export function photoProblem(file: { type: string; size: number }): PhotoProblem | undefined {
  if (!station.photo.mediaTypes.includes(file.type)) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > station.photo.maxBytes) return 'size';
  return undefined;
}
