// Placeholder replaced below once svc's SSE and WebSocket routes can be served.
export async function runStreamsBench() {
  return {};
}
