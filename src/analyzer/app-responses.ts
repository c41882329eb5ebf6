/**
 * `@ApiResponse` on the `@App` class (docs/openapi.md, "App-level and shared responses"): with
 * `type`, documented on every operation, in place of what svc documents on its own under that
 * status (the shared `InvalidInput`, `ContentTooLarge`, `UnsupportedMediaType`, a thrown error's
 * problem); without, it re-describes that status where an operation answers it; with `null`
 * the status is dropped, here or on one route. A route's or controller's own `@ApiResponse`
 * for the status wins over the app's.
 */
import type { ApiResponseModel, AppClassModel, ControllerModel } from '../model/app-model.js';

/** Before early answers and catchers: a dropped status stays in the list (so nothing re-adds it) until `removeDropped`. */
export function applyAppResponses(app: AppClassModel | undefined, controllers: ControllerModel[]): void {
  const appResponses = app?.responses ?? [];
  if (appResponses.length === 0) return;
  for (const controller of controllers) {
    controller.routes = controller.routes.map((route) => {
      let responses = route.doc.responses;
      for (const response of appResponses) responses = withAppResponse(responses, response);
      return responses === route.doc.responses ? route : { ...route, doc: { ...route.doc, responses } };
    });
  }
}

function withAppResponse(responses: ApiResponseModel[], appResponse: ApiResponseModel): ApiResponseModel[] {
  const index = responses.findIndex((response) => response.status === appResponse.status);
  const known = responses[index];
  if (known && routeDeclared(known)) return responses;
  let response = structuredClone(appResponse);
  if (appResponse.describesOnly) {
    // Only re-describes svc's own answer where the operation gives it; its content (and the
    // catcher that shapes it) stays. Written in place: the shared component keeps svc's words.
    if (!known) return responses;
    const { shared: _shared, ...own } = known;
    response = { ...own, description: appResponse.description };
  }
  const result = [...responses];
  if (known) result[index] = response;
  else result.push(response);
  return result;
}

/** An `@ApiResponse` of the route or its controller (not one svc added: shared, or a thrown error). */
function routeDeclared(response: ApiResponseModel): boolean {
  if (response.shared) return false;
  return response.describesOnly === true || response.raisedBy === undefined;
}

/** Last step of assembly: `@ApiResponse(status, null)` leaves nothing under its status. */
export function removeDropped(controllers: ControllerModel[]): void {
  for (const controller of controllers) {
    controller.routes = controller.routes.map((route) => {
      if (!route.doc.responses.some((response) => response.dropped)) return route;
      const responses = route.doc.responses.filter((response) => !response.dropped);
      return { ...route, doc: { ...route.doc, responses } };
    });
  }
}
