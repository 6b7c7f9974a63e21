import { type StationItem, station } from '@helio/contracts';
import { Modal } from 'antd';
import { lazy, type ReactNode, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusReturn } from '../../../hooks/use-focus-return.ts';
import { call } from '../../../lib/api.ts';
import { notifySuccess } from '../../../lib/notifier.ts';
import { useRefreshStations } from '../api/stations.ts';
import { BindStationDialog } from './bind-station-dialog.tsx';
import type { StationAction } from './station-table.tsx';

/** The dialog and its map are a chunk of their own, downloaded when first wanted. */
const loadStationDialog = () => import('./station-dialog.tsx');
const StationDialog = lazy(loadStationDialog);

/** Starts downloading the dialog (e.g. when the pointer reaches the add button). */
export function preloadStationDialog(): void {
  loadStationDialog().catch(() => undefined);
}

type OpenDialog =
  | { kind: 'station'; station?: StationItem; open: boolean }
  | { kind: 'bind'; station: StationItem; open: boolean };

interface StationActionsOptions {
  /** After a station was deleted (the detail screen goes back to the list). */
  onDeleted?: (station: StationItem) => void;
  /** After a station was added or saved. */
  onSaved?: (station: StationItem, added: boolean) => void;
}

/**
 * What the station list and the detail screen do with a station: add and edit (the lazily loaded
 * dialog), bind, unbind and delete after a confirmation. `elements` holds the dialogs to render.
 * When a dialog closes, the focus goes back to what opened it (the button, or the button of the
 * menu whose item it was), which the lazily loaded dialog could not know by itself.
 */
export function useStationActions({ onDeleted, onSaved }: StationActionsOptions = {}): {
  run: (action: StationAction | 'add', station?: StationItem) => void;
  elements: ReactNode;
} {
  const { t } = useTranslation();
  const [modal, modalHolder] = Modal.useModal();
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const refreshStations = useRefreshStations();
  const { remember, restore } = useFocusReturn();
  const close = () => setDialog((current) => current && { ...current, open: false });

  const confirmDelete = useCallback(
    (item: StationItem) =>
      modal.confirm({
        title: t('stations.deleteTitle', { name: item.station_name }),
        content: t('stations.deleteDescription', { devices: item.device_count }),
        okText: t('stations.deleteConfirm'),
        okButtonProps: { danger: true, 'data-testid': 'station-delete-confirm' } as never,
        cancelText: t('stations.cancel'),
        afterClose: restore,
        onOk: async () => {
          await call(station.delStation, { station_id: item.station_id });
          notifySuccess(t('stations.deleted', { name: item.station_name }), 'station-delete');
          onDeleted?.(item);
          await refreshStations(item.station_id);
        },
      }),
    [modal, t, refreshStations, onDeleted, restore],
  );

  const confirmUnbind = useCallback(
    (item: StationItem, which: 'installer' | 'end_user') => {
      const name = which === 'installer' ? item.installer_name : item.end_user_name;
      return modal.confirm({
        title:
          which === 'installer'
            ? t('stations.unbindInstallerTitle', { name: item.station_name })
            : t('stations.unbindEndUserTitle', { name: item.station_name }),
        content: t('stations.unbindDescription', { account: name ?? '' }),
        okText: t('stations.unbindConfirm'),
        cancelText: t('stations.cancel'),
        afterClose: restore,
        onOk: async () => {
          await call(station.unbind, { station_id: item.station_id, which });
          notifySuccess(t('stations.unbound', { name: item.station_name }), 'station-unbind');
          await refreshStations();
        },
      });
    },
    [modal, t, refreshStations, restore],
  );

  const run = useCallback(
    (action: StationAction | 'add', item?: StationItem) => {
      remember();
      if (action === 'add') return setDialog({ kind: 'station', open: true });
      if (!item) return;
      switch (action) {
        case 'edit':
          return setDialog({ kind: 'station', station: item, open: true });
        case 'bind':
          return setDialog({ kind: 'bind', station: item, open: true });
        case 'unbind-installer':
          return void confirmUnbind(item, 'installer');
        case 'unbind-end-user':
          return void confirmUnbind(item, 'end_user');
        case 'delete':
          return void confirmDelete(item);
      }
    },
    [confirmDelete, confirmUnbind, remember],
  );

  const elements = (
    <>
      {modalHolder}
      {dialog?.kind === 'station' && (
        <Suspense
          fallback={
            <Modal
              open
              loading
              footer={null}
              onCancel={close}
              afterClose={restore}
              title={t('stations.loadingDialog')}
            />
          }
        >
          <StationDialog
            station={dialog.station}
            open={dialog.open}
            onClose={close}
            afterClose={restore}
            onSaved={(saved) => onSaved?.(saved, dialog.station === undefined)}
          />
        </Suspense>
      )}
      {dialog?.kind === 'bind' && (
        <BindStationDialog station={dialog.station} open={dialog.open} onClose={close} afterClose={restore} />
      )}
    </>
  );

  return { run, elements };
}
