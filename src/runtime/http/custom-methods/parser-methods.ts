/**
 * The method words Node's HTTP parser (llhttp) matches at the start of a request. When it
 * refuses a method, the bytes it consumed before the refusal are a prefix of one of these
 * words; that is what lets svc find where the refused request began. A test checks this list
 * against the parser of the Node version that runs it.
 */
import { METHODS } from 'node:http';

/** llhttp shares one method table with RTSP and ICE; it matches these words too. */
const PARSER_ONLY_WORDS = [
  'ANNOUNCE',
  'DESCRIBE',
  'FLUSH',
  'GET_PARAMETER',
  'PAUSE',
  'PLAY',
  'PRI',
  'RECORD',
  'REDIRECT',
  'SETUP',
  'SET_PARAMETER',
  'TEARDOWN',
];

export const PARSER_METHOD_WORDS: readonly string[] = [...METHODS, ...PARSER_ONLY_WORDS];

export const LONGEST_METHOD_WORD = Math.max(...PARSER_METHOD_WORDS.map((word) => word.length));

const PREFIXES = new Set<string>();
for (const word of PARSER_METHOD_WORDS) {
  for (let end = 0; end <= word.length; end++) PREFIXES.add(word.slice(0, end));
}

/** True when the parser, starting a request with `text`, has not refused it yet. */
export function isParserMethodPrefix(text: string): boolean {
  return PREFIXES.has(text);
}

/** Bytes that can appear inside a method word (A-Z, '-', '_'). */
export function isMethodWordByte(byte: number): boolean {
  return (byte >= 0x41 && byte <= 0x5a) || byte === 0x2d || byte === 0x5f;
}
