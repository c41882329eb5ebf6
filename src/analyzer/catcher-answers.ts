/**
 * Catchers shape the document as they shape the wire: every error answer a route documents
 * (svc's 400/413/415, thrown `HttpError`s, an uncaught 500 where a catch-all covers the route)
 * is documented with the content the nearest catcher that catches it sends, under the status it
 * sends (its `@StatusCode`, else the error's). What no catcher catches stays svc's problem.
 */
import { STATUS_CODES } from 'node:http';
import type {
  ApiResponseModel,
  AppClassModel,
  ComponentMethodModel,
  ComponentModel,
  ControllerModel,
  ResponseContentModel,
  RouteModel,
} from '../model/app-model.js';
import { CATCH_SEARCH_ORDER } from '../model/lifecycle-phases.js';
import { ANY_ERROR_CHAIN, catchKey } from './error-classes.js';
import { addContent } from './response-content.js';

/** How a catcher's value goes on the wire, by its return kind (runtime/response/send.ts). */
const RETURN_MEDIA_TYPES: Readonly<Record<string, string | undefined>> = {
  json: 'application/json',
  text: 'text/plain',
  bytes: 'application/octet-stream',
};

/** Routes are copies made by assembly; a route whose responses change gets a new `doc`. */
export function applyCatchers(
  app: AppClassModel | undefined,
  components: readonly ComponentModel[],
  controllers: ControllerModel[],
): void {
  for (const controller of controllers) {
    controller.routes = controller.routes.map((route) => {
      const catchers = catchersOf(app, components, controller, route);
      const responses = caughtResponses(route.doc.responses, catchers);
      return responses === route.doc.responses ? route : { ...route, doc: { ...route.doc, responses } };
    });
  }
}

/** The catch methods covering a route, in the order the runtime tries them: route, controller, app. */
function catchersOf(
  app: AppClassModel | undefined,
  components: readonly ComponentModel[],
  controller: ControllerModel,
  route: RouteModel,
): ComponentMethodModel[] {
  const uses = { route: route.components, controller: controller.components, app: app?.components ?? [] };
  return CATCH_SEARCH_ORDER.flatMap((level) =>
    uses[level].flatMap((use) => {
      const component = components.find((candidate) => candidate.className === use.component);
      return component?.methods.filter((method) => method.role === 'catch') ?? [];
    }),
  );
}

/** The nearest catcher an error of this class chain reaches, as `instanceof` decides at run time. */
function catcherFor(
  catchers: readonly ComponentMethodModel[],
  chain: readonly string[],
): ComponentMethodModel | undefined {
  return catchers.find((catcher) => {
    // A class the analyzer could not name (already an error) catches nothing here.
    if (catcher.catches !== undefined)
      return catcher.catchesClass && chain.includes(catchKey(catcher.catchesClass));
    return true;
  });
}

/** The responses with catchers applied and `raisedBy` gone; the same array when nothing changes. */
function caughtResponses(
  responses: ApiResponseModel[],
  catchers: readonly ComponentMethodModel[],
): ApiResponseModel[] {
  const uncaught500 = uncaughtServerError(responses, catchers);
  if (!uncaught500 && !responses.some((response) => response.raisedBy)) return responses;
  const result: ApiResponseModel[] = [];
  const moved: ApiResponseModel[] = [];
  for (const response of uncaught500 ? [...responses, uncaught500] : responses) {
    const { raisedBy, ...rest } = response;
    if (!raisedBy) {
      result.push(response);
      continue;
    }
    const answers = raisedBy.map((chain) => catcherFor(catchers, chain));
    const stays = answers.some((catcher) => catcher === undefined);
    if (stays) result.push(rest);
    else if (
      rest.alternatives &&
      answers.every((catcher) => catcher?.statusCode !== undefined && catcher.statusCode !== rest.status)
    )
      result.push(alternativesOnly(rest, rest.alternatives));
    for (const catcher of answers) {
      if (catcher) moved.push(caughtResponse(rest, catcher, stays));
    }
  }
  for (const response of mergeMoved(moved)) mergeResponse(result, response);
  return result;
}

/**
 * The catchers' answers merged by status: two errors a catcher answers under one status (a 400
 * and a 413 both become 500) are one response, named by its status rather than by either error.
 */
function mergeMoved(moved: readonly ApiResponseModel[]): ApiResponseModel[] {
  const byStatus = new Map<number, ApiResponseModel>();
  for (const response of moved) {
    const known = byStatus.get(response.status);
    if (!known) byStatus.set(response.status, response);
    else {
      const merged = addContent(known, response);
      const description =
        known.description === response.description
          ? known.description
          : (STATUS_CODES[response.status] ?? 'Error');
      byStatus.set(response.status, { ...merged, description });
    }
  }
  return [...byStatus.values()];
}

/** A catch-all covers the route: any error may reach it, so its answer is documented (500 by default). */
function uncaughtServerError(
  responses: readonly ApiResponseModel[],
  catchers: readonly ComponentMethodModel[],
): ApiResponseModel | undefined {
  if (!catcherFor(catchers, ANY_ERROR_CHAIN)) return undefined;
  if (responses.some((response) => response.status === 500)) return undefined;
  return { status: 500, description: 'Internal Server Error', raisedBy: [[...ANY_ERROR_CHAIN]] };
}

/** The answer the catcher gives instead of `response`: its status, its declared body. */
function caughtResponse(
  response: ApiResponseModel,
  catcher: ComponentMethodModel,
  kept: boolean,
): ApiResponseModel {
  const { schema: _schema, mediaType: _mediaType, shared: _shared, alternatives, ...described } = response;
  const status = catcher.statusCode ?? response.status;
  const caught: ApiResponseModel = { ...described, status, ...catcherContent(catcher) };
  // A description that only named the old status (a thrown error's `Not Found`) names the new one.
  if (status !== response.status && response.description === STATUS_CODES[response.status])
    caught.description = STATUS_CODES[status] ?? 'Error';
  // Alternatives (a guard's block) stay with the status they were documented under, each once.
  if (!alternatives || kept || status !== response.status) return caught;
  return alternatives.reduce<ApiResponseModel>(
    (merged, content) => addContent(merged, { status, description: '', ...content }),
    caught,
  );
}

/** What else answers under a status whose error a catcher moved elsewhere (a guard's block). */
function alternativesOnly(
  response: ApiResponseModel,
  alternatives: ResponseContentModel[],
): ApiResponseModel {
  const {
    schema: _schema,
    mediaType: _mediaType,
    shared: _shared,
    alternatives: _all,
    ...described
  } = response;
  const [first, ...more] = alternatives;
  return { ...described, ...first, ...(more.length > 0 && { alternatives: more }) };
}

function catcherContent(catcher: ComponentMethodModel): ResponseContentModel {
  const returns = catcher.returns;
  const mediaType = returns && RETURN_MEDIA_TYPES[returns.kind];
  // Nothing declared (void): the answer's body is whatever the catcher left on ctx.response.
  return mediaType ? { schema: returns.schema ?? {}, mediaType } : {};
}

/** Adds `response`, or its content beside the content of the one documented under its status. */
function mergeResponse(responses: ApiResponseModel[], response: ApiResponseModel): void {
  const index = responses.findIndex((known) => known.status === response.status);
  const known = responses[index];
  if (!known) {
    responses.push(response);
    return;
  }
  responses[index] = addContent(known, response);
}
