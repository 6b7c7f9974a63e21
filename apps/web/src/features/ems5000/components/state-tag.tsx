import type { EmsStateSet } from '@helio/contracts/device-link';
import { Tag } from 'antd';
import { useEmsTexts } from '../lib/use-ems-texts.ts';

/** A state in words beside its colour (never the colour alone), of its part's own numbered set. */
export function StateTag({ set, code, testId }: { set: EmsStateSet; code: number | null; testId: string }) {
  const texts = useEmsTexts();
  const state = texts.state(set, code);
  return (
    <Tag color={state.color} data-testid={testId} data-state={state.name ?? code ?? ''}>
      {state.text}
    </Tag>
  );
}
