import { WarningOutlined } from '@ant-design/icons';
import type { FlowNode, PowerFlowData } from '@helio/contracts';
import { Card, Skeleton, Tag, Typography } from 'antd';
import { type CSSProperties, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, LoadFailed } from '../../../components/empty-state.tsx';
import { useMediaQuery } from '../../../hooks/use-media-query.ts';
import { useNow } from '../../../hooks/use-now.ts';
import { describeError } from '../../../lib/api.ts';
import { usePowerFlow } from '../api/plant.ts';
import { seriesColors } from '../lib/chart-option.ts';
import { powerText } from '../lib/format.ts';
import { percentText } from '../lib/plant-format.ts';
import {
  arrowPoints,
  dashSeconds,
  type FlowLink,
  flowLinks,
  HUB,
  HUB_RADIUS,
  labelPlacement,
  NODE_RADIUS,
  nodeOrder,
  nodeSlots,
  strokeWidth,
  VIEW_BOX,
} from '../lib/power-flow-geometry.ts';
import { FlowNodeIcon } from './flow-node-icon.tsx';
import { SectionTitle } from './section-title.tsx';

type FlowNodeItem = PowerFlowData['nodes'][number];

/** The colour of each node and its line: the same as its series in the charts. */
export const nodeColors: Record<FlowNode, string> = {
  pv: seriesColors.pv_w,
  generator: seriesColors.generator_w,
  grid: seriesColors.grid_w,
  battery: seriesColors.battery_w,
  load: seriesColors.load_w,
  ev: seriesColors.ev_w,
};

/** The EMS 5000 names its parts with the acronyms on their nameplates, in every language. */
const emsPartNames: Partial<Record<FlowNode, string>> = { pv: 'PVS', battery: 'PCS · BMS' };

/** A node's name: an EMS 5000 part by its acronym, else the flow's translated name. */
function useNodeName() {
  const { t } = useTranslation();
  return (item: Pick<FlowNodeItem, 'node' | 'part'>) =>
    (item.part && emsPartNames[item.node]) || t(`stations.flow.node.${item.node}`);
}

/** "12 seconds ago" in the interface language, from the answer's age and the time since it came. */
function ageText(ageS: number, language: string): string {
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  if (ageS < 60) return format.format(-ageS, 'second');
  if (ageS < 3600) return format.format(-Math.floor(ageS / 60), 'minute');
  if (ageS < 86_400) return format.format(-Math.floor(ageS / 3600), 'hour');
  return format.format(-Math.floor(ageS / 86_400), 'day');
}

function FlowAge({ data, receivedAt }: { data: PowerFlowData; receivedAt: number }) {
  const { t, i18n } = useTranslation();
  const now = useNow(1000);
  if (data.age_s === null) return null;
  const age = data.age_s + Math.max(0, Math.floor((now - receivedAt) / 1000));
  const text = t('stations.flow.updated', { ago: ageText(age, i18n.language) });
  if (data.stale) {
    return (
      <Tag
        color="warning"
        icon={<WarningOutlined aria-hidden />}
        data-testid="power-flow-age"
        data-stale="true"
      >
        {text} · {t('stations.flow.stale')}
      </Tag>
    );
  }
  return (
    <Typography.Text
      type="secondary"
      className="power-flow-age"
      data-testid="power-flow-age"
      data-stale="false"
    >
      {text}
    </Typography.Text>
  );
}

/** The second line under a node: what it does now (import/export, charging, SOC, charger state). */
function useNodeDetail() {
  const { t } = useTranslation();
  return (item: FlowNodeItem, link: FlowLink | undefined): string | undefined => {
    const moving = link && link.direction !== 'idle';
    switch (item.node) {
      case 'grid':
        if (!moving) return undefined;
        return link.direction === 'to-hub' ? t('stations.flow.importing') : t('stations.flow.exporting');
      case 'battery': {
        const soc =
          item.soc_pct === null || item.soc_pct === undefined
            ? undefined
            : `SOC ${percentText(item.soc_pct)}`;
        const doing = moving
          ? link.direction === 'to-hub'
            ? t('stations.flow.discharging')
            : t('stations.flow.charging')
          : undefined;
        return [soc, doing].filter(Boolean).join(' · ') || undefined;
      }
      case 'ev':
        return item.pile_state ? t(`stations.pileState.${item.pile_state}`) : undefined;
      default:
        return undefined;
    }
  };
}

function FlowDiagram({ data, reducedMotion }: { data: PowerFlowData; reducedMotion: boolean }) {
  const { t } = useTranslation();
  const nameOf = useNodeName();
  const detailOf = useNodeDetail();
  const titleId = useId();
  const descId = useId();
  const links = flowLinks(data);
  const items = nodeOrder
    .map((node) => data.nodes.find((item) => item.node === node))
    .filter((item): item is FlowNodeItem => item !== undefined);
  const itemOf = (node: FlowNode) => data.nodes.find((item) => item.node === node);
  const sentences = data.flows.map((flow) =>
    t('stations.flow.sentence', {
      from: nameOf(itemOf(flow.from) ?? { node: flow.from }),
      to: nameOf(itemOf(flow.to) ?? { node: flow.to }),
      power: powerText(flow.power_w),
    }),
  );

  return (
    <>
      <svg
        viewBox={`0 0 ${VIEW_BOX.width} ${VIEW_BOX.height}`}
        className="power-flow-svg"
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        data-testid="power-flow-svg"
        data-motion={reducedMotion ? 'reduced' : 'animated'}
        data-stale={data.stale}
      >
        <title id={titleId}>{t('stations.flow.title')}</title>
        <desc id={descId}>{sentences.length ? sentences.join('. ') : t('stations.flow.noFlow')}</desc>
        {links.map((link) => {
          const moving = link.direction !== 'idle';
          const seconds = dashSeconds(link.powerW);
          const style = { '--flow-seconds': `${seconds ?? 0}s` } as CSSProperties;
          return (
            <g
              key={link.node}
              className="power-flow-link"
              data-testid={`flow-link-${link.node}`}
              data-direction={link.direction}
              data-power={Math.round(link.powerW)}
              data-animated={moving && !reducedMotion ? 'true' : 'false'}
              style={{ color: nodeColors[link.node] }}
            >
              <line
                x1={link.start.x}
                y1={link.start.y}
                x2={link.end.x}
                y2={link.end.y}
                className="power-flow-track"
              />
              {moving && (
                <>
                  <path
                    d={link.path}
                    className={reducedMotion ? 'power-flow-dash' : 'power-flow-dash power-flow-moving'}
                    strokeWidth={strokeWidth(link.powerW)}
                    style={style}
                  />
                  <polygon points={arrowPoints(link.start, link.end)} className="power-flow-arrow" />
                </>
              )}
            </g>
          );
        })}
        <circle cx={HUB.x} cy={HUB.y} r={HUB_RADIUS} className="power-flow-hub" />
        {items.map((item) => {
          const slot = nodeSlots[item.node];
          const label = labelPlacement(item.node);
          const link = links.find((one) => one.node === item.node);
          const detail = detailOf(item, link);
          const value = item.power_w === null ? '--' : powerText(Math.abs(item.power_w));
          return (
            <g
              key={item.node}
              className="power-flow-node"
              data-testid={`flow-node-${item.node}`}
              data-power={item.power_w ?? ''}
            >
              <circle
                cx={slot.x}
                cy={slot.y}
                r={NODE_RADIUS}
                className="power-flow-node-circle"
                style={{ color: nodeColors[item.node] }}
              />
              <g transform={`translate(${slot.x} ${slot.y})`} style={{ color: nodeColors[item.node] }}>
                <FlowNodeIcon node={item.node} socPct={item.soc_pct} />
              </g>
              <text x={label.x} y={label.y} textAnchor={label.anchor} className="power-flow-name">
                {nameOf(item)}
              </text>
              <text
                x={label.x}
                y={label.y + 19}
                textAnchor={label.anchor}
                className="power-flow-value"
                data-testid={`flow-value-${item.node}`}
              >
                {value}
              </text>
              {detail && (
                <text x={label.x} y={label.y + 35} textAnchor={label.anchor} className="power-flow-detail">
                  {detail}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <ul className="power-flow-list" data-testid="power-flow-flows">
        {sentences.length ? (
          sentences.map((sentence) => <li key={sentence}>{sentence}</li>)
        ) : (
          <li>{t('stations.flow.noFlow')}</li>
        )}
      </ul>
    </>
  );
}

/**
 * The station's power flow now (api/home/station/powerFlow, asked every 10 s): its PV, battery
 * with SOC, grid, home, wallbox and generator as it has them, joined by lines whose dashes move the
 * way the power goes, thicker and faster with more power (still, with arrows, for those who ask for
 * reduced motion), the values by the display rules, and how old the data is.
 */
export function PowerFlow({ stationId }: { stationId: number }) {
  const { t } = useTranslation();
  const flow = usePowerFlow(stationId);
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const data = flow.data;

  let body: ReactNode;
  if (!data && flow.isError) {
    body = (
      <LoadFailed
        text={describeError(flow.error)}
        retryText={t('stations.retry')}
        onRetry={() => void flow.refetch()}
      />
    );
  } else if (!data) {
    body = <Skeleton.Node active className="power-flow-skeleton" />;
  } else if (data.updated_at === null || data.nodes.length === 0) {
    body = (
      <EmptyState
        title={t('stations.noDataYet')}
        description={t('stations.flow.empty')}
        testId="power-flow-empty"
      />
    );
  } else {
    body = <FlowDiagram data={data} reducedMotion={reducedMotion} />;
  }

  return (
    <Card
      title={<SectionTitle>{t('stations.flow.title')}</SectionTitle>}
      className="station-section power-flow"
      data-testid="power-flow"
      data-updated-at={data?.updated_at ?? ''}
      extra={data && data.updated_at !== null && <FlowAge data={data} receivedAt={flow.dataUpdatedAt} />}
    >
      {body}
    </Card>
  );
}
