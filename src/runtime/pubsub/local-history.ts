/**
 * The history of topics kept in this process (no Redis: one process, or each worker of
 * `svc start --workers N`): per topic, a ring of its last events, as their JSON text.
 *
 * Bounds, all applied when an event is added or read, so no timer runs:
 * - `events` per topic and `maxAgeMs` (the topic's retention policy);
 * - `retainedBytes` for the whole process (JSON text length, plus MESSAGE_COST per message and
 *   RING_COST per topic): past it, the topics published least recently lose their oldest events
 *   first. Topics are kept in a Map in the order of their last publish, so the least recent is
 *   always the first; its events are also the first to age, so each add drops the aged events at
 *   the front of that order as well.
 *
 * A reader that asks for events after a position this history no longer holds is told so (a
 * gap): each ring remembers the newest sequence number it dropped, and a ring dropped whole leaves
 * that number behind (for the last `MAX_DROPPED` such topics, then in one watermark shared by all
 * topics), so when in doubt the answer is a gap rather than a silent loss.
 */
import { compareLocalIds, localId, localSeq, newEpoch, type Compare } from './event-ids.js';
import type { Retention, RetentionPolicy } from './retention.js';
import type { HistoryPage, TopicHistory } from './transport.js';

/** Topics whose ring was dropped whole and whose last dropped number is remembered one by one. */
const MAX_DROPPED = 10_000;
/**
 * What a retained message costs beyond its text (its number, time and array slots, the string's
 * header) and what a topic's ring costs, counted against `retainedBytes` so that many small
 * messages, or many topics, are bounded as well as large ones.
 */
export const MESSAGE_COST = 64;
export const RING_COST = 256;

/** One topic's retained events: parallel arrays from `start`, oldest first. */
class Ring {
  seqs: number[] = [];
  texts: string[] = [];
  times: number[] = [];
  start = 0;

  constructor(
    public policy: RetentionPolicy,
    /** The newest sequence number no longer held (dropped here, or before this ring existed). */
    public droppedUpTo: number,
  ) {}

  get size(): number {
    return this.seqs.length - this.start;
  }

  oldestTime(): number {
    return this.times[this.start] as number;
  }

  /** Drops the oldest event; returns its size. */
  shift(): number {
    const bytes = (this.texts[this.start] as string).length + MESSAGE_COST;
    this.droppedUpTo = this.seqs[this.start] as number;
    this.start++;
    // Compact once half the arrays are dropped events: shifting each time would be quadratic.
    if (this.start * 2 >= this.seqs.length) {
      this.seqs = this.seqs.slice(this.start);
      this.texts = this.texts.slice(this.start);
      this.times = this.times.slice(this.start);
      this.start = 0;
    }
    return bytes;
  }

  /** Index of the first event after sequence number `seq`. */
  indexAfter(seq: number): number {
    let low = this.start;
    let high = this.seqs.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.seqs[middle] as number) <= seq) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

export class LocalHistory implements TopicHistory {
  readonly epoch = newEpoch();
  private seq = 0;
  private bytes = 0;
  /** In the order of their last publish, least recent first. */
  private readonly rings = new Map<string, Ring>();
  /** Topics whose ring was dropped whole: the newest number each had dropped. */
  private readonly dropped = new Map<string, number>();
  /** The newest number dropped by topics no longer in `dropped`. */
  private forgottenUpTo = 0;

  constructor(
    private readonly retention: Retention,
    private readonly maxBytes: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Only ever given ids this history owns (`owns` vets those from outside). */
  readonly compare: Compare = compareLocalIds;

  owns(id: string): boolean {
    return localSeq(id, this.epoch) !== undefined;
  }

  /** Numbers a message of `topic` and keeps it; undefined when the topic keeps no history. */
  append(topic: string, text: string): string | undefined {
    const policy = this.retention(topic);
    if (policy === undefined) return undefined;
    const seq = ++this.seq;
    const ring = this.ringFor(topic, policy);
    const time = this.now();
    ring.seqs.push(seq);
    ring.texts.push(text);
    ring.times.push(time);
    this.bytes += text.length + MESSAGE_COST;
    while (ring.size > policy.events) this.bytes -= ring.shift();
    this.trimAged(topic, ring, time);
    this.expire(time);
    return localId(this.epoch, seq);
  }

  headNow(): string {
    return localId(this.epoch, this.seq);
  }

  head(): Promise<string> {
    return Promise.resolve(this.headNow());
  }

  read(topic: string, after: string, limit: number): Promise<HistoryPage> {
    const from = localSeq(after, this.epoch);
    // An id of another process or an earlier run, or one not given yet: it cannot be placed.
    if (from === undefined || from > this.seq)
      return Promise.resolve({ entries: [], gap: true, restart: this.headNow() });
    const held = this.rings.get(topic);
    const ring = held && this.trimAged(topic, held, this.now());
    // Nothing held: the reader stands at the head now, so a later read does not report the same loss.
    if (ring === undefined)
      return Promise.resolve({ entries: [], gap: from < this.droppedOf(topic), restart: this.headNow() });
    const entries: [string, string][] = [];
    for (let i = ring.indexAfter(from); i < ring.seqs.length && entries.length < limit; i++)
      entries.push([localId(this.epoch, ring.seqs[i] as number), ring.texts[i] as string]);
    return Promise.resolve({ entries, gap: from < ring.droppedUpTo });
  }

  /** The topic's ring, moved to the end of the publish order. */
  private ringFor(topic: string, policy: RetentionPolicy): Ring {
    let ring = this.rings.get(topic);
    if (ring === undefined) {
      ring = new Ring(policy, this.droppedOf(topic));
      this.dropped.delete(topic);
      this.bytes += RING_COST;
    }
    ring.policy = policy;
    this.rings.delete(topic);
    this.rings.set(topic, ring);
    return ring;
  }

  /** Drops the ring's aged events; returns it, or undefined when none was left (it is dropped). */
  private trimAged(topic: string, ring: Ring, now: number): Ring | undefined {
    const oldest = now - ring.policy.maxAgeMs;
    while (ring.size > 0 && ring.oldestTime() < oldest) this.bytes -= ring.shift();
    if (ring.size > 0) return ring;
    this.drop(topic, ring);
    return undefined;
  }

  /** Drops what is past the byte budget, then what has aged, from the least recently published topics. */
  private expire(now: number): void {
    for (const [topic, ring] of this.rings) {
      const oldest = now - ring.policy.maxAgeMs;
      while (ring.size > 0 && (this.bytes > this.maxBytes || ring.oldestTime() < oldest))
        this.bytes -= ring.shift();
      if (ring.size > 0) return;
      this.drop(topic, ring);
    }
  }

  /** Forgets an empty ring, remembering the newest number it dropped. */
  private drop(topic: string, ring: Ring): void {
    this.rings.delete(topic);
    this.bytes -= RING_COST;
    this.dropped.set(topic, ring.droppedUpTo);
    if (this.dropped.size <= MAX_DROPPED) return;
    const [forgotten, upTo] = this.dropped.entries().next().value as [string, number];
    this.dropped.delete(forgotten);
    this.forgottenUpTo = Math.max(this.forgottenUpTo, upTo);
  }

  /** The newest number a topic without a ring may have dropped. */
  private droppedOf(topic: string): number {
    return this.dropped.get(topic) ?? this.forgottenUpTo;
  }
}
