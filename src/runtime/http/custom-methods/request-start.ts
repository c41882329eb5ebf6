/**
 * Where a request that Node's parser refused for its method begins. Node hands over only the
 * read in which the parser stopped (`rawPacket`) and the offset of the refused byte; the bytes
 * the parser consumed before it are a prefix of a method word it knows, and may lie in this
 * read or in an earlier one. The start is taken only when it is certain; otherwise the caller
 * answers 400 and closes, and never tries to find a later request boundary (that is how a
 * body becomes a smuggled request).
 */
import { isMethodWordByte, isParserMethodPrefix, LONGEST_METHOD_WORD } from './parser-methods.js';

export type RequestStart = { certain: true; offset: number } | { certain: false };

/**
 * `idleBefore`: the parser was between requests when this read began (it is the connection's
 * first read, or every earlier request was read to its end and answered).
 */
export function locateRequestStart(
  packet: Buffer,
  bytesParsed: number | undefined,
  idleBefore: boolean,
): RequestStart {
  const stop = Math.min(Math.max(bytesParsed ?? 0, 0), packet.length);
  let runStart = stop;
  while (runStart > 0 && isMethodWordByte(packet[runStart - 1]!)) runStart--;
  const candidates = startCandidates(packet, runStart, stop);
  if (runStart === 0) {
    // The method may have begun in an earlier read; only an idle parser rules that out, and
    // an idle parser starts the method at the read's first byte.
    return idleBefore && candidates.includes(0) ? { certain: true, offset: 0 } : { certain: false };
  }
  // A byte that no method word holds stands before the run: the method began inside it.
  return candidates.length === 1 ? { certain: true, offset: candidates[0]! } : { certain: false };
}

/** Offsets from which the parser would have consumed up to `stop` and refused the byte there. */
function startCandidates(packet: Buffer, runStart: number, stop: number): number[] {
  const candidates: number[] = [];
  const refused = stop < packet.length ? String.fromCharCode(packet[stop]!) : '';
  for (let start = Math.max(runStart, stop - LONGEST_METHOD_WORD); start <= stop; start++) {
    const consumed = packet.toString('latin1', start, stop);
    if (isParserMethodPrefix(consumed) && !isParserMethodPrefix(consumed + refused)) candidates.push(start);
  }
  return candidates;
}
