/**
 * Small throwaway projects for the option tests: one echo controller, an app class and an
 * optional `svc.config.json`, each written to a fresh temporary directory whose tsconfig maps
 * `svcjs` to this repository's sources.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ANALYSIS_COMPILER_OPTIONS } from '../support/scratch-project.js';

const ECHO_CONTROLLER = `import { Body, Controller, Post } from 'svcjs';

export interface Note {
  text: string;
}

@Controller('notes')
export class NotesController {
  @Post()
  create(@Body() note: Note): Note {
    return note;
  }

  /** The keys the handler received (the answer's serializer would drop undeclared ones anyway). */
  @Post('keys')
  keys(@Body() note: Note): string[] {
    return Object.keys(note);
  }
}
`;

/** Routes for the options that shape errors, SSE and WebSocket. */
const EXTRAS_CONTROLLER = `import { Controller, Get, Messages, SSE, WebSocket } from 'svcjs';

@Controller('extras')
export class ExtrasController {
  @Get('boom')
  boom(): string {
    throw new Error('boom');
  }

  /** One event, then only heartbeats until the client leaves. */
  @SSE('quiet')
  async *quiet(): AsyncGenerator<string> {
    yield 'start';
    await new Promise(() => {});
  }

  @WebSocket('echo')
  async *echo(@Messages() messages: AsyncIterable<string>): AsyncGenerator<string> {
    for await (const message of messages) yield message;
  }
}
`;

export interface ProjectFiles {
  /** The text of src/app.ts; none when omitted. */
  app?: string;
  /** The parsed content of svc.config.json; none when omitted. */
  config?: unknown;
}

export function makeProject({ app, config }: ProjectFiles): string {
  const root = mkdtempSync(join(tmpdir(), 'svc-options-'));
  mkdirSync(join(root, 'src'));
  const compilerOptions = { ...ANALYSIS_COMPILER_OPTIONS, types: ['node'] };
  writeFileSync(join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['src'] }));
  writeFileSync(join(root, 'src', 'notes.controller.ts'), ECHO_CONTROLLER);
  writeFileSync(join(root, 'src', 'extras.controller.ts'), EXTRAS_CONTROLLER);
  if (app !== undefined) writeFileSync(join(root, 'src', 'app.ts'), app);
  if (config !== undefined) writeFileSync(join(root, 'svc.config.json'), JSON.stringify(config));
  return root;
}

export function removeProject(root: string): void {
  rmSync(root, { recursive: true, force: true });
}

/** `@App({...})` with the given option text, in src/app.ts (the decorator is on line 3). */
export function appWith(options: string): string {
  return `import { App } from 'svcjs';\n\n@App(${options})\nexport class NotesApp {}\n`;
}

/** A JSON body of exactly `size` bytes: `{"text":"xxx…"}`. */
export function noteOfSize(size: number): string {
  const overhead = JSON.stringify({ text: '' }).length;
  return JSON.stringify({ text: 'x'.repeat(size - overhead) });
}
