/**
 * The status of an early answer (a middleware's stop, a guard's block) must be a final HTTP
 * status: an integer from 200 to 599. Anything else (99, 1000, NaN, a 1xx) is a bug in the app,
 * not the client's doing, and Node would refuse it or send a status no client reads as an
 * answer: it is answered 500 problem+json `SVC_ERR_EARLY_STATUS` instead (never an empty body),
 * and logged once per component method, however many requests meet it (docs/lifecycle.md).
 */
import type { ErrorSettings } from '../response/answer-error.js';
import { frameworkProblem } from '../errors/problem.js';
import type { Exchange } from '../http/exchange.js';
import { withKeptHeaders } from '../response/kept-headers.js';
import { sendProblem } from '../response/send.js';

export { isFinalStatus } from '../../model/early-status.js';

/** Component methods already logged, per app (its settings): the log stays bounded whatever the requests. */
const logged = new WeakMap<ErrorSettings, Set<string>>();

/** The 500 for an early answer whose status is not HTTP; `label` names the component method. */
export function answerInvalidEarlyStatus(
  ex: Exchange,
  status: unknown,
  where: { label: string; route: string; settings: ErrorSettings },
): true {
  const { label, route, settings } = where;
  let seen = logged.get(settings);
  if (seen === undefined) logged.set(settings, (seen = new Set()));
  if (!seen.has(label)) {
    seen.add(label);
    settings.log(
      `svc: ${route}: ${label} answered early with status ${String(status)}, which is not an HTTP ` +
        'status (an integer from 200 to 599); answered 500 SVC_ERR_EARLY_STATUS (logged once)',
    );
  }
  const problem = frameworkProblem(
    'SVC_ERR_EARLY_STATUS',
    'A middleware or guard answered with an invalid status.',
  );
  sendProblem(ex.res, ex.method === 'HEAD', problem, withKeptHeaders(ex, undefined));
  return true;
}
