/** The fixture projects under `dir` (itself included): folders whose tsconfig maps `svcjs` to svc's sources. */
export function fixtureProjects(dir: string): string[];
