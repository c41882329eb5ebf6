// What every bench server process shares: which scenario to serve and where to listen.
// The harness passes the scenario as the first argument and the port in PORT.

export function scenarioArg() {
  const name = process.argv[2];
  if (!name) throw new Error('usage: node <server>.mjs <scenario>');
  return name;
}

export function benchPort() {
  return Number(process.env.PORT ?? 3000);
}

/** Listens with a node:http server (or anything with the same listen signature). */
export function listen(server) {
  return new Promise((resolve) => server.listen(benchPort(), '127.0.0.1', resolve));
}
