// Random route tables and request paths: RadixRouter must give exactly the answers of the
// obviously-correct ReferenceRouter. The generator is seeded, so a failure always reproduces.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RadixRouter } from '../../src/runtime/router/radix-router.js';
import { ReferenceRouter } from './reference-router.js';
import type { PathMatch, Router } from '../../src/runtime/router/types.js';

const PATTERN_SEGMENTS = ['a', 'b', 'me', ':p'];
const PATH_SEGMENTS = ['a', 'b', 'me', 'x', 'A', '%2F', ''];
const METHODS = ['GET', 'POST', 'DELETE'];

/** mulberry32: a tiny seeded generator, enough to pick from short lists. */
function seededRandom(seed: number): (size: number) => number {
  let state = seed;
  return (size) => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * size);
  };
}

function randomPath(pick: (size: number) => number, alphabet: string[], numberParams: boolean): string {
  const segments: string[] = [];
  const length = 1 + pick(4);
  for (let i = 0; i < length; i++) {
    const segment = alphabet[pick(alphabet.length)] ?? '';
    segments.push(numberParams && segment === ':p' ? `:p${i}` : segment);
  }
  return '/' + segments.join('/') + (pick(4) === 0 ? '/' : '');
}

/** Adds to both routers; both must accept or both must reject with the same error code. */
function addToBoth(routers: Router<string>[], method: string, pattern: string): void {
  const outcomes = routers.map((router) => {
    try {
      router.add(method, pattern, `${method} ${pattern}`, `${method} ${pattern}`);
      return 'ok';
    } catch (error) {
      return (error as { code?: string }).code ?? String(error);
    }
  });
  assert.equal(outcomes[0], outcomes[1], `add ${method} ${pattern}`);
}

function summary(match: PathMatch<string> | undefined) {
  return match && { handlers: [...match.entry.handlers], allow: match.entry.allow, params: match.params };
}

describe('RadixRouter agrees with ReferenceRouter', () => {
  it('on 300 random route tables of up to 40 routes, 100 random paths each', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const pick = seededRandom(seed);
      const routers = [new RadixRouter<string>(), new ReferenceRouter<string>()];
      const routeCount = 1 + pick(40);
      for (let i = 0; i < routeCount; i++) {
        addToBoth(routers, METHODS[pick(METHODS.length)] ?? 'GET', randomPath(pick, PATTERN_SEGMENTS, true));
      }
      for (let i = 0; i < 100; i++) {
        const path = randomPath(pick, PATH_SEGMENTS, false);
        const [fast, reference] = routers.map((router) => summary(router.match(path)));
        assert.deepEqual(fast, reference, `seed ${seed}, path ${path}`);
      }
    }
  });
});
