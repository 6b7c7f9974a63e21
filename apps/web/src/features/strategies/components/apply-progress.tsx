import type { StrategyState } from '@helio/contracts';
import { Tag } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { pendingIn, useBatch } from '../api/apply.ts';

export interface ApplyProgressProps {
  batchId: string;
  /** The application's first answer, shown until the first progress arrives. */
  first: readonly { equ_sn: string; state: StrategyState }[];
  /** Called once when no device is pending any more. */
  onDone?: () => void;
}

const stateColor: Record<StrategyState, string> = {
  pending: 'processing',
  applied: 'success',
  failed: 'error',
};

/**
 * An application followed device by device (api/mode/batch, asked every 2 s): each pending until its
 * device has answered the strategy command, then applied or failed, the state always written beside
 * its colour; a sentence screen readers hear counts them as they change.
 */
export function ApplyProgress({ batchId, first, onDone }: ApplyProgressProps) {
  const { t } = useTranslation();
  const batch = useBatch(batchId);
  const list = batch.data?.list ?? first;
  const done = batch.data !== undefined && !pendingIn(batch.data.list);
  const count = (state: StrategyState) => list.filter((item) => item.state === state).length;

  const told = useRef(false);
  useEffect(() => {
    if (done && !told.current) {
      told.current = true;
      onDone?.();
    }
  }, [done, onDone]);

  return (
    <div className="strategy-progress" data-testid="strategy-apply-progress" data-done={done}>
      <p role="status" className="strategy-progress-summary" data-testid="strategy-apply-summary">
        {done
          ? t('strategies.apply.progress.done', { applied: count('applied'), failed: count('failed') })
          : t('strategies.apply.progress.underWay', {
              applied: count('applied'),
              failed: count('failed'),
              pending: count('pending'),
            })}
      </p>
      {batch.isError && <p className="strategy-help">{t('strategies.apply.progress.lost')}</p>}
      <ul className="strategy-progress-list">
        {list.map((item) => (
          <li key={item.equ_sn} data-testid={`strategy-apply-state-${item.equ_sn}`} data-state={item.state}>
            <span className="strategy-sn">{item.equ_sn}</span>
            <Tag color={stateColor[item.state]}>{t(`strategies.state.${item.state}`)}</Tag>
          </li>
        ))}
      </ul>
    </div>
  );
}
