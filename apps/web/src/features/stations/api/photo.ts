import { station } from '@helio/contracts';
import { upload } from '../../../lib/api.ts';

export type UploadedPhoto = Awaited<ReturnType<typeof uploadStationPhoto>>;

/** Uploads a station photo (bg/station/photo) and answers its id for the station form and its address. */
export function uploadStationPhoto(file: File, signal?: AbortSignal) {
  return upload(station.photo, file, { signal });
}
