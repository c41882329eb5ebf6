/**
 * A throwaway project whose routes carry the `@pattern`s of the ReDoS tests, and its server in a
 * child process: a pattern that backtracks blocks the event loop of the process running it, so
 * only a server of its own lets the test's timeout end a run that would take days. Its tsconfig
 * maps `svcjs` to this repository's sources.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestApp } from '../../src/testing/index.js';
import { ServerProcess } from '../run-modes/server-process.js';
import { ANALYSIS_TSCONFIG } from '../support/scratch-project.js';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The finding's pattern: `\w` and `\d` overlap, so RegExp tries 2^n ways to fail. */
export const OVERLAPPING = '^(\\w|\\d)+$';

/** Lookaheads right after `^`, one of them with the finding's overlap: RE2 runs them, split. */
export const LOOKAHEAD = '^(?=(?:\\w|\\d)+$)(?=.*\\d).{8,}$';

/** A backreference, which RE2 cannot run: it stays on RegExp, capped. */
export const BACKREFERENCE = '^(\\w)\\w*\\1$';

/** Line numbers below are those of this text: the analyzer's warnings name them. */
export const CONTROLLER = `import { Body, Controller, Get, Post, Query } from 'svcjs';

export interface Code {
  /** @pattern ${OVERLAPPING} */
  code: string;
}

export interface Secret {
  /** @pattern ${LOOKAHEAD} */
  secret: string;
}

export interface Pair {
  /** @pattern ${BACKREFERENCE} */
  pair: string;
}

@Controller('codes')
export class CodesController {
  @Get()
  find(
    /** @pattern ${OVERLAPPING} */
    @Query()
    code: string,
  ): Code {
    return { code };
  }

  @Post()
  create(@Body() body: Code): Code {
    return body;
  }

  @Get('secret')
  secret(
    /** @pattern ${LOOKAHEAD} */
    @Query()
    secret: string,
  ): Secret {
    return { secret };
  }

  @Post('secret')
  postSecret(@Body() body: Secret): Secret {
    return body;
  }

  @Get('pair')
  pair(
    /** @pattern ${BACKREFERENCE} */
    @Query()
    pair: string,
  ): Pair {
    return { pair };
  }

  @Post('pair')
  postPair(@Body() body: Pair): Pair {
    return body;
  }
}
`;

const SERVER = (
  root: string,
) => `import { createTestApp } from ${JSON.stringify(join(REPO, 'src', 'testing', 'index.ts'))};

const app = await createTestApp({ root: ${JSON.stringify(root)}, dev: false, log: () => {} });
console.log(\`listening on \${(await app.listen({ host: '127.0.0.1', port: 0 })).url}\`);
`;

export function makePatternProject(): string {
  const root = mkdtempSync(join(tmpdir(), 'svc-pattern-'));
  mkdirSync(join(root, 'src'));
  writeFileSync(join(root, 'tsconfig.json'), ANALYSIS_TSCONFIG);
  writeFileSync(join(root, 'src', 'codes.controller.ts'), CONTROLLER);
  writeFileSync(join(root, 'server.mts'), SERVER(root));
  return root;
}

export function removePatternProject(root: string): void {
  rmSync(root, { recursive: true, force: true });
}

/**
 * The project's server, started under tsx from the repository (where tsx resolves). A
 * createTestApp here first leaves its warm-start cache in the project, so the server's own
 * starts from the same model without loading the analyzer (in this process the analysis reuses
 * what the test's analyzeProject already parsed): a cold analysis fewer per run.
 */
export async function startPatternServer(root: string): Promise<ServerProcess> {
  await (await createTestApp({ root, dev: false, log: () => {} })).close();
  return new ServerProcess(['--import', 'tsx', join(root, 'server.mts')], REPO);
}
