/** `svc --help` and `svc --version`. */
import { readFileSync } from 'node:fs';

export const USAGE = `Usage: svc <command> [options]

Commands:
  dev     analyze, write the spec, serve the app and restart it on every change
  build   analyze, write the spec and compile the app for production
  start   serve the production build
  init    write a new project into [dir] (default: the current directory): svc init [dir]

Options:
  -r, --root <dir>      project root holding tsconfig.json (default: the current directory)
      --host <host>     host to listen on (default: HOST, then @App host, then localhost)
  -p, --port <port>     port to listen on (default: PORT, then @App port, then 8080)
  -w, --workers <n>     start only: run n server processes with node:cluster (default 1)
      --tls-key <file>  serve HTTPS and HTTP/2 with this PEM private key (default: SVC_TLS_KEY)
      --tls-cert <file> and this PEM certificate (default: SVC_TLS_CERT); give both or neither
  -h, --help            show this help
  -v, --version         show the svc version
`;

/** The version in svc's own package.json (two levels above dist/cli/). */
export function packageVersion(): string {
  const file = new URL('../../package.json', import.meta.url);
  const pkg = JSON.parse(readFileSync(file, 'utf8')) as { version?: string };
  return pkg.version ?? '0.0.0';
}
