import { snPattern } from '../fleet-rules.ts';

/**
 * Topics of the device protocol (docs/device-protocol.md). Every topic of a device sits under its
 * own serial number; a device publishes only under `dev/{sn}/up/` and subscribes only to its own
 * command topic. The broker refuses everything else, for every device, on every broker.
 */

/** First level of every device topic. */
export const TOPIC_ROOT = 'dev';

/** What a device sends up; each kind has its own topic `dev/{sn}/up/{kind}`. */
export const upKinds = ['telemetry', 'backfill', 'alarm', 'status', 'reply'] as const;
export type UpKind = (typeof upKinds)[number];

/** Topic a device publishes `kind` messages on. */
export function upTopic(sn: string, kind: UpKind): string {
  return `${TOPIC_ROOT}/${sn}/up/${kind}`;
}

/** The one topic a device subscribes to: the commands the portal sends it. */
export function commandTopic(sn: string): string {
  return `${TOPIC_ROOT}/${sn}/down/command`;
}

/** What the portal subscribes to: everything every device sends up. */
export const ALL_UP_TOPICS = `${TOPIC_ROOT}/+/up/+`;

/** The device and kind of an up topic, or undefined when the topic is not one. */
export function parseUpTopic(topic: string): { sn: string; kind: UpKind } | undefined {
  const parts = topic.split('/');
  if (parts.length !== 4 || parts[0] !== TOPIC_ROOT || parts[2] !== 'up') return undefined;
  const [, sn, , kind] = parts as [string, string, string, string];
  if (!snPattern.test(sn) || !(upKinds as readonly string[]).includes(kind)) return undefined;
  return { sn, kind: kind as UpKind };
}

/**
 * Whether the device `sn` may publish on `topic`: only its own up topics, exactly (no wildcard
 * can appear in a publish topic, and none is accepted here).
 */
export function mayPublish(sn: string, topic: string): boolean {
  const parsed = parseUpTopic(topic);
  return parsed !== undefined && parsed.sn === sn;
}

/** Whether the device `sn` may subscribe to `filter`: its own command topic, exactly. */
export function maySubscribe(sn: string, filter: string): boolean {
  return snPattern.test(sn) && filter === commandTopic(sn);
}
