/**
 * Event ids: where a message stands in its topic's history, written as the SSE `id:` of the
 * events a relay sends, and read back from `Last-Event-ID` when the client reconnects.
 *
 * - Redis: the stream entry's own id, `<ms>-<seq>`, the same in every process and machine.
 * - One process, or each worker of `svc start --workers N`: `<epoch>.<seq>`, where `epoch` is
 *   eight base-36 characters drawn when the process's PubSub starts and `seq` counts the
 *   messages it delivered. Another process (or the same one restarted) has another epoch, so an
 *   id from elsewhere is recognised as one it cannot place, never mistaken for one of its own.
 *
 * Both forms hold no CR, LF, NUL or comma. A stream that holds several subscriptions writes their
 * positions in the order they were made, joined by commas.
 */
import { randomBytes } from 'node:crypto';

/** Numbers as svc and Redis write them: no leading zeros (comparing ids compares their digits). */
const LOCAL_ID = /^([0-9a-z]{8})\.(0|[1-9]\d{0,14})$/;
/** Milliseconds within Number's exact range; the sequence as Redis allows it (an unsigned 64-bit integer). */
const REDIS_ID = /^(0|[1-9]\d{0,14})-(0|[1-9]\d{0,19})$/;

/** Orders two positions of one topic: negative when `a` comes first. */
export type Compare = (a: string, b: string) => number;

/** A fresh epoch for one process's local ids. */
export function newEpoch(): string {
  let epoch = '';
  for (const byte of randomBytes(8)) epoch += (byte % 36).toString(36);
  return epoch;
}

export function localId(epoch: string, seq: number): string {
  return `${epoch}.${seq}`;
}

/** The sequence number of a local id of `epoch`, or undefined when it is not one. */
export function localSeq(id: string, epoch: string): number | undefined {
  const match = LOCAL_ID.exec(id);
  return match?.[1] === epoch ? Number(match[2]) : undefined;
}

export function isRedisId(id: string): boolean {
  return REDIS_ID.test(id);
}

/** Whether `id` is an id svc writes (of any transport): anything else is a handler's own. */
export function isEventId(id: string): boolean {
  return LOCAL_ID.test(id) || REDIS_ID.test(id);
}

/**
 * Compares two Redis stream ids, milliseconds first, then sequence (digit strings, so 64-bit
 * safe). It runs for every message and subscriber, so it neither splits nor allocates.
 */
export const compareRedisIds: Compare = (a, b) => {
  const aDash = a.indexOf('-');
  const bDash = b.indexOf('-');
  return (
    compareDigits(a, 0, aDash, b, 0, bDash) || compareDigits(a, aDash + 1, a.length, b, bDash + 1, b.length)
  );
};

/**
 * Compares two local ids of one epoch (the history checked both are its own): by their counts,
 * the digits after the eight-character epoch and its dot.
 */
export const compareLocalIds: Compare = (a, b) => compareDigits(a, 9, a.length, b, 9, b.length);

/** Compares the unsigned integers written in `a[aFrom, aTo)` and `b[bFrom, bTo)` (no leading zeros). */
function compareDigits(a: string, aFrom: number, aTo: number, b: string, bFrom: number, bTo: number): number {
  if (aTo - aFrom !== bTo - bFrom) return aTo - aFrom - (bTo - bFrom);
  for (let i = 0; i < aTo - aFrom; i++) {
    const difference = a.charCodeAt(aFrom + i) - b.charCodeAt(bFrom + i);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** The milliseconds of a Redis id. */
export function redisIdMs(id: string): number {
  return Number(id.slice(0, id.indexOf('-')));
}

/**
 * The id of a stream whose subscriptions stand at `positions`: the one position, or all of them
 * comma-joined (an unknown one empty); undefined while none is known.
 */
export function joinPositions(positions: readonly (string | undefined)[]): string | undefined {
  if (positions.length === 1) return positions[0];
  return positions.some((position) => position !== undefined)
    ? positions.map((position) => position ?? '').join(',')
    : undefined;
}

/** `Last-Event-ID` split into the positions of the subscriptions it was written for. */
export function splitPositions(lastEventId: string): string[] {
  return lastEventId.split(',');
}
