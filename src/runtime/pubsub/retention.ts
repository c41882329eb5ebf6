/**
 * How much history each topic keeps for streams that resume (docs/scaling-out.md, "Retention"):
 * the app's `pubsub.retention`, overridden for the topics a `pubsub.topics` key matches (a topic,
 * or a prefix ending in `*`; the longest match wins), with the options table's defaults for
 * whatever neither gives. `false` keeps nothing: the topic's events carry no id and never resume.
 */
import {
  DEFAULT_PUBSUB_RETENTION,
  type RetentionOptions,
  type TopicOptions,
} from '../../model/app-options.js';

export interface RetentionPolicy {
  /** The most events kept. */
  readonly events: number;
  /** Events older than this are dropped, in ms. */
  readonly maxAgeMs: number;
}

export type Retention = (topic: string) => RetentionPolicy | undefined;

interface Rule {
  /** The topic, or the prefix of a `*` key. */
  readonly match: string;
  readonly prefix: boolean;
  readonly policy: RetentionPolicy | undefined;
}

/** The policy of each topic, from the app's retention and its topic table. */
export function retentionOf(
  retention: RetentionOptions | false | undefined,
  topics: Record<string, TopicOptions> = {},
): Retention {
  const base = policyOf(retention, DEFAULT_PUBSUB_RETENTION);
  const defaults = base ?? DEFAULT_PUBSUB_RETENTION;
  // Longest key first, so the first match is the most specific one.
  const rules: Rule[] = Object.entries(topics)
    .map(([key, topic]) => ruleOf(key, policyOf(topic.retention, defaults)))
    .sort((a, b) => b.match.length - a.match.length || Number(a.prefix) - Number(b.prefix));
  if (rules.length === 0) return () => base;
  return (topic) => {
    for (const rule of rules)
      if (rule.prefix ? topic.startsWith(rule.match) : topic === rule.match) return rule.policy;
    return base;
  };
}

function ruleOf(key: string, policy: RetentionPolicy | undefined): Rule {
  const prefix = key.endsWith('*');
  return { match: prefix ? key.slice(0, -1) : key, prefix, policy };
}

function policyOf(
  options: RetentionOptions | false | undefined,
  defaults: Required<RetentionOptions>,
): RetentionPolicy | undefined {
  if (options === false) return undefined;
  return {
    events: options?.events ?? defaults.events,
    maxAgeMs: options?.maxAgeMs ?? defaults.maxAgeMs,
  };
}
