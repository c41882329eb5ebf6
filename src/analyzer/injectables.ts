/**
 * The dependency classes the container may construct with arguments: those reachable from a
 * controller's, component's or `@App` provider's constructor, through other providers'
 * constructors. Classes are keyed by module and export name, never by class name alone.
 */
import type { AppModel, ClassRefModel, DependencyModel, InjectableModel } from '../model/app-model.js';

const keyOf = (ref: { module?: string; exportName?: string }): string => `${ref.module}#${ref.exportName}`;

export function reachableInjectables(model: AppModel, candidates: InjectableModel[]): InjectableModel[] {
  const byKey = new Map(candidates.map((injectable) => [keyOf(injectable), injectable]));
  const reached = new Map<string, InjectableModel>();
  const pending: (DependencyModel | ClassRefModel)[] = [
    ...(model.app?.providers ?? []),
    ...[...model.controllers, ...model.components].flatMap((owner) => owner.dependencies),
  ];
  for (let ref = pending.pop(); ref !== undefined; ref = pending.pop()) {
    const key = keyOf(ref);
    const injectable = byKey.get(key);
    if (injectable === undefined || reached.has(key)) continue;
    reached.set(key, injectable);
    pending.push(...injectable.dependencies);
  }
  return [...reached.values()].sort((a, b) => keyOf(a).localeCompare(keyOf(b)));
}
