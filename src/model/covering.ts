/**
 * The components that run for a route, outermost first: the app's, the controller's, then the
 * route's own (docs/lifecycle.md), each class once. Shared by the analyzer (early answers) and the
 * writer (component parameters).
 */
import type {
  AppClassModel,
  ComponentMethodModel,
  ComponentModel,
  ControllerModel,
  RouteModel,
} from './app-model.js';

/**
 * The roles that run before the handler and can read the request or answer early. An
 * around-interceptor binds its parameters before it calls `next()`, so it is one of them.
 */
const BEFORE_HANDLER = new Set(['middleware', 'guard', 'interceptor', 'preInterceptor']);

export function coveringComponents(
  app: AppClassModel | undefined,
  components: readonly ComponentModel[],
  controller: ControllerModel,
  route: RouteModel,
): ComponentModel[] {
  const uses = [...(app?.components ?? []), ...controller.components, ...route.components];
  const covering: ComponentModel[] = [];
  for (const use of uses) {
    const component = components.find((candidate) => candidate.className === use.component);
    if (component && !covering.includes(component)) covering.push(component);
  }
  return covering;
}

/** The middleware, guard, around- and pre-interceptor methods of the covering components, in run order. */
export function beforeHandlerMethods(covering: readonly ComponentModel[]): ComponentMethodModel[] {
  return covering.flatMap((component) =>
    component.methods.filter((method) => BEFORE_HANDLER.has(method.role)),
  );
}
