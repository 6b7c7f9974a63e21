import { z } from 'zod';
import { stationStates } from '../../enums.ts';
import { formId, optionalField } from '../../validation/common.ts';
import { stationEditForm, stationForm, stationTypeField } from '../../validation/station.ts';
import { defineCall, type UploadDef } from '../call.ts';
import { pageOf, pageRequest } from '../paging.ts';
import {
  endUserChoice,
  equipStatItem,
  installerChoice,
  MAX_STATION_LIST_COLUMNS,
  stationItem,
  stationListColumnIds,
  stationStatItem,
} from './station-items.ts';

export * from './station-items.ts';

/**
 * Stations (SPEC.md §7 station paths; bind, unbind and the photo upload are our own paths). Every
 * id is scoped: an id outside the caller's tree answers 9001 exactly like an id that does not exist.
 */

const stationId = z.object({ station_id: formId });

export const add = defineCall({
  path: 'bg/station/add',
  summary:
    'Create a station bound to an installer and/or an end user of the caller’s tree; an installer naming neither binds it to itself; an end user creates one for itself',
  domain: 'station',
  access: 'user',
  kind: 'write',
  body: stationForm,
  data: stationItem,
});

export const edit = defineCall({
  path: 'bg/station/edit',
  summary: 'Replace a station’s descriptive fields (the whole form; bindings change through bind/unbind)',
  domain: 'station',
  access: 'user',
  kind: 'write',
  body: stationEditForm,
  data: stationItem,
});

export const stationDetail = defineCall({
  path: 'api/stationDetail',
  summary: 'One station of the caller’s scope',
  domain: 'station',
  access: 'user',
  kind: 'read',
  encoding: 'form',
  body: stationId,
  data: stationItem,
});

export const delStation = defineCall({
  path: 'api/delStation',
  summary: 'Delete a station (installers only) with its device registrations: their SNs become free again',
  domain: 'station',
  access: 'user',
  kind: 'write',
  body: stationId,
  data: z.null(),
});

export const list = defineCall({
  path: 'api/station/list',
  summary: 'The stations of the caller’s scope: searched by name, filtered, sorted and paged',
  domain: 'station',
  access: 'user',
  kind: 'read',
  body: z.object({
    ...pageRequest,
    keyword: optionalField(z.string().trim().max(100)).describe('Part of the station name'),
    station_type: optionalField(stationTypeField),
    status: optionalField(z.enum(stationStates)),
    installer_id: optionalField(formId).describe('Only stations bound to this installer'),
    /** `status` sorts in the order of `stationStates` (alarm first ascending); ties by station id. */
    sort_by: z.enum(['name', 'created_at', 'capacity', 'status']).default('created_at'),
    sort_order: z.enum(['asc', 'desc']).default('desc'),
  }),
  data: pageOf(stationItem),
});

export const listColumns = defineCall({
  path: 'api/station/list/columns',
  summary:
    'The caller’s station-list columns: with `columns` saves them (in order) and answers them; without, answers the saved or the default ones',
  domain: 'station',
  access: 'user',
  // Reading is what the demo account does here; saving is refused to it by the service (9001).
  kind: 'read',
  body: z.object({
    columns: z
      .array(z.enum(stationListColumnIds, { error: 'validation.invalidValue' }))
      .min(1, { error: 'validation.invalidValue' })
      .max(MAX_STATION_LIST_COLUMNS, { error: 'validation.selectionLimit' })
      .refine((columns) => new Set(columns).size === columns.length, { error: 'validation.invalidValue' })
      .optional(),
  }),
  data: z.object({
    columns: z.array(z.enum(stationListColumnIds)),
    /** True while the user has not saved a choice. */
    is_default: z.boolean(),
  }),
});

export const stationStat = defineCall({
  path: 'api/station/stationStat',
  summary: 'Counts of the caller’s stations by status',
  domain: 'station',
  access: 'user',
  kind: 'read',
  body: z.object({}),
  data: stationStatItem,
});

export const equipStat = defineCall({
  path: 'api/station/equipStat',
  summary: 'Counts of the devices on the caller’s stations by status',
  domain: 'station',
  access: 'user',
  kind: 'read',
  body: z.object({}),
  data: equipStatItem,
});

export const installerList = defineCall({
  path: 'bg/installer/installerList',
  summary: 'Installers the caller may bind a station to: itself and its sub-installers (installers only)',
  domain: 'station',
  access: 'user',
  kind: 'read',
  body: z.object({ ...pageRequest, keyword: optionalField(z.string().trim().max(50)) }),
  data: pageOf(installerChoice),
});

export const endUserList = defineCall({
  path: 'api/user/installer/endUserList',
  summary:
    'End users of the caller’s tree a station may be bound to; installer_id narrows to that installer’s tree',
  domain: 'station',
  access: 'user',
  kind: 'read',
  body: z.object({
    ...pageRequest,
    keyword: optionalField(z.string().trim().max(50)).describe('Part of the user name or email'),
    installer_id: optionalField(formId),
  }),
  data: pageOf(endUserChoice),
});

export const bind = defineCall({
  path: 'api/station/bind',
  summary: 'Bind a station to an installer and an end user of that installer’s tree (both required)',
  domain: 'station',
  access: 'user',
  kind: 'write',
  body: z.object({ station_id: formId, installer_id: formId, end_user_id: formId }),
  data: stationItem,
});

export const unbind = defineCall({
  path: 'api/station/unbind',
  summary: 'Remove a station’s installer or end user; it must keep one of them (3006)',
  domain: 'station',
  access: 'user',
  kind: 'write',
  body: z.object({ station_id: formId, which: z.enum(['installer', 'end_user', 'both']) }),
  data: stationItem,
});

/** Largest station photo, in bytes (5 MB). */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

export const photo = {
  path: 'bg/station/photo',
  summary:
    'Upload a station photo (multipart, field `file`; JPEG, PNG or WebP by content, at most 5 MB); pass its photo_id to add or edit',
  domain: 'station',
  access: 'user',
  kind: 'write',
  field: 'file',
  maxBytes: MAX_PHOTO_BYTES,
  mediaTypes: ['image/jpeg', 'image/png', 'image/webp'],
  data: z.object({
    photo_id: z.string(),
    photo_url: z.string().describe('GET address of the photo; the unguessable id is the capability'),
  }),
} satisfies UploadDef;
