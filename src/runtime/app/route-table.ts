/** Puts the compiled routes in a RadixRouter and records the methods the app declares. */
import { RadixRouter } from '../router/radix-router.js';
import type { CompiledRoute } from './compile-route.js';
import type { RouteTable } from './request-handler.js';

const ALWAYS = ['HEAD', 'OPTIONS'];

export function buildRouteTable(routes: readonly CompiledRoute[]): RouteTable {
  const router = new RadixRouter<CompiledRoute>();
  for (const route of routes) router.add(route.method, route.fullPath, route, route.label);
  const methods = new Set([...routes.map((route) => route.method), ...ALWAYS]);
  return { router, methods, allowAll: [...methods].sort().join(', ') };
}
