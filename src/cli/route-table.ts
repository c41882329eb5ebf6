/** The route table `svc dev` and `svc start` print once the server listens. */
import type { RouteInfo } from '../runtime/app-types.js';

/** Aligned columns METHOD, PATH, HANDLER; SSE and WebSocket routes are marked after the method. */
export function formatRouteTable(routes: readonly RouteInfo[]): string {
  const rows = routes.map((route) => [methodLabel(route), route.path, route.handler] as const);
  const header = ['METHOD', 'PATH', 'HANDLER'] as const;
  const widths = [0, 1].map((column) =>
    Math.max(header[column]!.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: readonly string[]) =>
    `  ${cells[0]!.padEnd(widths[0]!)}  ${cells[1]!.padEnd(widths[1]!)}  ${cells[2]}`.trimEnd();
  return [line(header), ...rows.map(line)].join('\n') + '\n';
}

function methodLabel(route: RouteInfo): string {
  if (route.kind === 'sse') return `${route.method} (sse)`;
  if (route.kind === 'websocket') return `${route.method} (ws)`;
  return route.method;
}
