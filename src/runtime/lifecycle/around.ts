/**
 * Around-interceptors (`@Interceptor()`): one stage that wraps the stages after the guards (the
 * pre-interceptors, the handler and the post-interceptors). The outermost interceptor runs first;
 * its `@Next()` function runs the next one, and the innermost one's runs the wrapped stages.
 *
 * `next()` resolves to the response value as it stands after the wrapped stages (the handler's
 * value as the post-interceptors left it) and rejects with whatever they threw, so an
 * interceptor sees both outcomes; a throw that escapes the outermost one goes to the catchers.
 * What an interceptor returns becomes the response value; `undefined` keeps the value as it
 * stands, so a timing interceptor that forgets `return` still answers with the handler's value.
 */
import type { RequestContext } from '../context.js';
import type { Exchange } from '../http/exchange.js';
import type { ComponentStep } from './component-step.js';
import { answered, isThenable, proceed, type Stage } from './stage.js';

/**
 * `answers`: the wrapped stages answer the request themselves (stream routes); otherwise the
 * pipeline's send stage answers with `ctx.response` after this one.
 */
export function aroundStage(
  interceptors: readonly ComponentStep[],
  wrapped: readonly Stage[],
  answers: boolean,
): Stage {
  const innermost = interceptors.length;
  const call = async (ex: Exchange, depth: number): Promise<unknown> => {
    const response = (ex.context as RequestContext).response;
    if (depth === innermost) {
      await runStages(wrapped, ex);
      return response.body;
    }
    const step = interceptors[depth] as ComponentStep;
    // Read by the `@Next()` extractor while this step binds its arguments, which is synchronous:
    // each interceptor gets the `next` of its own depth, however they nest or retry.
    ex.next = () => call(ex, depth + 1);
    const value: unknown = await step.run(ex);
    if (value !== undefined) response.body = value;
    return response.body;
  };
  return { run: (ex) => call(ex, 0), settle: answers ? answered : proceed };
}

/** Runs the wrapped stages in order until one answers; a throw rejects the interceptor's `next()`. */
async function runStages(stages: readonly Stage[], ex: Exchange): Promise<void> {
  for (const stage of stages) {
    const value = stage.run(ex);
    if (stage.settle(ex, isThenable(value) ? await value : value)) return;
  }
}
