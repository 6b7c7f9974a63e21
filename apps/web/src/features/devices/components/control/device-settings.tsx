import { RoleId, type SettingsView } from '@helio/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { EmptyState, LoadFailed } from '../../../../components/empty-state.tsx';
import { focusSoon, useFocusReturn } from '../../../../hooks/use-focus-return.ts';
import { useNow } from '../../../../hooks/use-now.ts';
import { describeError } from '../../../../lib/api.ts';
import { keepFocusNear } from '../../../../lib/focus.ts';
import { useSession } from '../../../../lib/session-store.ts';
import { useDeviceSettings } from '../../api/control.ts';
import type { ShownZone } from '../../api/telemetry.ts';
import { stillAhead } from '../../lib/control-time.ts';
import { readReportId } from '../../lib/paths.ts';
import { QuietSkeleton } from '../quiet-skeleton.tsx';
import { DiagnosticsPanel } from './diagnostics-panel.tsx';
import { MaintenanceSection } from './maintenance-section.tsx';
import { NetworkSection } from './network-section.tsx';
import { PasswordDialog } from './password-dialog.tsx';
import { SelfTestReportDialog } from './self-test-report.tsx';
import { SettingsGroup } from './settings-group.tsx';
import { type LockState, SettingsHeader } from './settings-header.tsx';
import { SystemExtras } from './system-extras.tsx';
import { UnlockDialog } from './unlock-dialog.tsx';
import '../../control.css';

export interface DeviceSettingsProps {
  sn: string;
  zone: ShownZone;
}

/**
 * The device detail's Settings tab (SPEC.md §2): the device's parameters as last read, group by
 * group, changed by command once the device is unlocked with its password; its network, its
 * maintenance (self-test, debugging, restart) and, for its installer, the messages it had refused.
 * The link of a mailed self-test report (`&report=`) opens that report here.
 */
export function DeviceSettings({ sn, zone }: DeviceSettingsProps) {
  const { t } = useTranslation();
  const settings = useDeviceSettings(sn);
  if (settings.isPending)
    return (
      <div aria-busy="true" data-testid="control-loading">
        <span className="visually-hidden" role="status">
          {t('control.loading')}
        </span>
        <QuietSkeleton paragraph={{ rows: 8 }} />
      </div>
    );
  if (settings.isError)
    return (
      <LoadFailed
        text={describeError(settings.error)}
        retryText={t('control.retry')}
        onRetry={() => void settings.refetch()}
      />
    );
  return <SettingsTab view={settings.data} zone={zone} />;
}

/** How often the lock's end is looked at: the fields go read-only when it passes. */
const LOCK_CHECK_MS = 15_000;

function useLock(view: SettingsView): LockState & { unlockedNow: (until: string) => void } {
  const [answered, setAnswered] = useState<string>();
  const now = useNow(LOCK_CHECK_MS);
  const until = [answered, view.unlocked_until ?? undefined]
    .filter((value): value is string => stillAhead(value, now))
    .sort()
    .at(-1);
  return {
    unlocked: !view.needs_password || until !== undefined,
    until: view.needs_password ? until : undefined,
    unlockedNow: setAnswered,
  };
}

function SettingsTab({ view, zone }: { view: SettingsView; zone: ShownZone }) {
  const { t } = useTranslation();
  const session = useSession();
  const lock = useLock(view);
  const [dialog, setDialog] = useState<'unlock' | 'password' | null>(null);
  const opener = useFocusReturn();
  const lockRef = useRef<HTMLDivElement>(null);
  const unlockedByDialog = useRef(false);
  const mayWrite = view.writable_groups.length > 0;
  const installer = session?.roleId === RoleId.installer;

  const open = (which: 'unlock' | 'password') => {
    opener.remember();
    setDialog(which);
  };
  // The self-test report a mailed link names opens once the password has been asked for (at once
  // when it is not), one dialog at a time; closed, it leaves the address.
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const linkedReport = readReportId(searchParams);
  const [reportDue, setReportDue] = useState(false);
  const closeReport = () =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('report');
        return next;
      },
      { replace: true, state: location.state },
    );

  // Once the unlock dialog has gone (or the report that followed it): the button that asked is gone
  // once unlocked, so the lock's line (saying until when) takes the focus; else what asked.
  const focusBack = () => {
    if (unlockedByDialog.current) {
      unlockedByDialog.current = false;
      focusSoon(lockRef.current);
    } else opener.restore();
  };

  // Opening the tab of a locked device asks for its password once; cancelled, the tab stays read-only.
  const asked = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked once, when the tab first shows the device
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    if (view.needs_password && !lock.unlocked && mayWrite) open('unlock');
    else setReportDue(true);
  }, []);

  const editable = (group: SettingsView['groups'][number]) =>
    lock.unlocked && view.writable_groups.includes(group);
  // Installers and those granted their rights: they may change the grid or system group.
  const maintenance = view.writable_groups.includes('grid') || view.writable_groups.includes('system');

  return (
    <div className="control-settings" data-testid="control-settings">
      <SettingsHeader
        view={view}
        zone={zone}
        lock={lock}
        onUnlock={() => open('unlock')}
        onChangePassword={installer && mayWrite ? () => open('password') : undefined}
        lockRef={lockRef}
      />
      {view.values === null ? (
        <EmptyState
          title={t('control.notReadTitle')}
          description={t('control.notReadDescription')}
          testId="control-not-read"
        />
      ) : (
        <div className="control-groups">
          {view.groups.map((group) =>
            group === 'network' ? (
              <NetworkSection key={group} view={view} editable={editable('network')} />
            ) : (
              <SettingsGroup key={group} group={group} view={view} editable={editable(group)}>
                {group === 'system' && <SystemExtras view={view} zone={zone} editable={editable('system')} />}
              </SettingsGroup>
            ),
          )}
        </div>
      )}
      {maintenance && <MaintenanceSection view={view} zone={zone} unlocked={lock.unlocked} />}
      {maintenance && <DiagnosticsPanel sn={view.equ_sn} zone={zone} />}
      <UnlockDialog
        sn={view.equ_sn}
        open={dialog === 'unlock'}
        onClose={(until) => {
          if (until) {
            lock.unlockedNow(until);
            unlockedByDialog.current = true;
          }
          setDialog(null);
        }}
        afterClose={() => {
          // A report the address names follows; the focus goes back once that has gone too.
          if (linkedReport !== undefined && !reportDue) setReportDue(true);
          else focusBack();
        }}
      />
      {installer && (
        <PasswordDialog
          sn={view.equ_sn}
          open={dialog === 'password'}
          onClose={() => setDialog(null)}
          afterClose={opener.restore}
        />
      )}
      <SelfTestReportDialog
        commandId={reportDue ? linkedReport : undefined}
        zone={zone}
        onClose={closeReport}
        afterClose={() => {
          focusBack();
          // Opened by the address, not by a control: the focus, if lost, goes to the lock's line.
          keepFocusNear(() => [lockRef.current]);
        }}
      />
    </div>
  );
}
