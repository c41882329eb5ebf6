// Generates the analyzer bench project: 300 controllers × 10 routes sharing 20 DTO modules,
// once for svc and once, route for route, for tsoa. Both get the same types (nested objects,
// literal unions, Date, arrays, a generic page, Partial) so both analyzers do the same work.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const CONTROLLERS = 300;
export const DTO_MODULES = 20;

function modelSource(d) {
  return `/** An owner of entity ${d}. */
export interface Owner${d} {
  id: string;
  /** @format email */
  email: string;
  displayName?: string;
}

export type Status${d} = 'draft' | 'active' | 'archived';

/** Entity ${d} as stored. */
export interface Entity${d} {
  id: string;
  /** @minLength 1 @maxLength 200 */
  name: string;
  /** @isInt @minimum 0 */
  count: number;
  status: Status${d};
  createdAt: Date;
  tags: string[];
  owner: Owner${d};
  notes: string | null;
}

/** What a client sends to create entity ${d}. */
export interface CreateEntity${d} {
  name: string;
  /** @isInt @minimum 0 */
  count: number;
  status?: Status${d};
  tags: string[];
}

export interface History${d} {
  at: Date;
  change: string;
  by: Owner${d};
}
`;
}

const SHARED = `export interface Page<T> {
  items: T[];
  total: number;
  next?: string;
}

/** A stand-in value: the bench measures analysis, the handlers never run. */
export function sample<T>(): T {
  return {} as T;
}
`;

function svcController(c) {
  const d = c % DTO_MODULES;
  return `import { Body, Controller, Delete, Get, Header, Param, Patch, Post, Put, Query, StatusCode } from 'svcjs';
import { type Page, sample } from '../models/shared.js';
import type { CreateEntity${d}, Entity${d}, History${d}, Owner${d}, Status${d} } from '../models/entity${d}.js';

@Controller('things${c}')
export class Things${c}Controller {
  @Get()
  list(@Query() limit?: number, @Query() offset?: number): Page<Entity${d}> {
    return sample();
  }
  @Get('search')
  search(@Query() q: string, @Query() status?: Status${d}): Entity${d}[] {
    return sample();
  }
  @Get(':id')
  get(@Param() id: string): Entity${d} {
    return sample();
  }
  @Post()
  @StatusCode(201)
  create(@Body() body: CreateEntity${d}): Entity${d} {
    return sample();
  }
  @Put(':id')
  replace(@Param() id: string, @Body() body: CreateEntity${d}): Entity${d} {
    return sample();
  }
  @Patch(':id')
  update(@Param() id: string, @Body() body: Partial<CreateEntity${d}>): Entity${d} {
    return sample();
  }
  @Delete(':id')
  async remove(@Param() id: string): Promise<void> {}
  @Get(':id/owner')
  owner(@Param() id: string): Owner${d} {
    return sample();
  }
  @Get(':id/history')
  history(@Param() id: string, @Query() since?: Date): History${d}[] {
    return sample();
  }
  @Post(':id/archive')
  archive(@Param() id: string, @Header('x-request-id') requestId?: string): Entity${d} {
    return sample();
  }
}
`;
}

function tsoaController(c) {
  const d = c % DTO_MODULES;
  const op = (name) => `@OperationId('things${c}_${name}')`;
  return `import { Body, Controller, Delete, Get, Header, OperationId, Patch, Path, Post, Put, Query, Route, SuccessResponse } from 'tsoa';
import { type Page, sample } from '../models/shared.js';
import type { CreateEntity${d}, Entity${d}, History${d}, Owner${d}, Status${d} } from '../models/entity${d}.js';

@Route('things${c}')
export class Things${c}Controller extends Controller {
  @Get() ${op('list')}
  public async list(@Query() limit?: number, @Query() offset?: number): Promise<Page<Entity${d}>> {
    return sample();
  }
  @Get('search') ${op('search')}
  public async search(@Query() q: string, @Query() status?: Status${d}): Promise<Entity${d}[]> {
    return sample();
  }
  @Get('{id}') ${op('get')}
  public async get(@Path() id: string): Promise<Entity${d}> {
    return sample();
  }
  @Post() ${op('create')}
  @SuccessResponse(201, 'Created')
  public async create(@Body() body: CreateEntity${d}): Promise<Entity${d}> {
    return sample();
  }
  @Put('{id}') ${op('replace')}
  public async replace(@Path() id: string, @Body() body: CreateEntity${d}): Promise<Entity${d}> {
    return sample();
  }
  @Patch('{id}') ${op('update')}
  public async update(@Path() id: string, @Body() body: Partial<CreateEntity${d}>): Promise<Entity${d}> {
    return sample();
  }
  @Delete('{id}') ${op('remove')}
  public async remove(@Path() id: string): Promise<void> {}
  @Get('{id}/owner') ${op('owner')}
  public async owner(@Path() id: string): Promise<Owner${d}> {
    return sample();
  }
  @Get('{id}/history') ${op('history')}
  public async history(@Path() id: string, @Query() since?: Date): Promise<History${d}[]> {
    return sample();
  }
  @Post('{id}/archive') ${op('archive')}
  public async archive(@Path() id: string, @Header('x-request-id') requestId?: string): Promise<Entity${d}> {
    return sample();
  }
}
`;
}

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    lib: ['ES2023'],
    types: [],
    strict: true,
    noUnusedParameters: false,
    experimentalDecorators: true,
    skipLibCheck: true,
    outDir: 'dist',
    rootDir: 'src',
  },
  include: ['src'],
};

function writeCommon(root, nodeModules) {
  mkdirSync(join(root, 'src', 'models'), { recursive: true });
  mkdirSync(join(root, 'src', 'controllers'), { recursive: true });
  writeFileSync(
    join(root, 'package.json'),
    JSON.stringify({ name: 'bench-project', private: true, type: 'module' }),
  );
  writeFileSync(join(root, 'tsconfig.json'), JSON.stringify(TSCONFIG, null, 2));
  writeFileSync(join(root, 'src', 'models', 'shared.ts'), SHARED);
  for (let d = 0; d < DTO_MODULES; d++)
    writeFileSync(join(root, 'src', 'models', `entity${d}.ts`), modelSource(d));
  symlinkSync(nodeModules.target, join(root, 'node_modules'), 'dir');
}

/** The svc project; `repoDir` is linked as node_modules/svcjs. */
export function writeSvcProject(root, repoDir) {
  mkdirSync(join(root, 'deps'), { recursive: true });
  symlinkSync(repoDir, join(root, 'deps', 'svcjs'), 'dir');
  writeCommon(root, { target: join(root, 'deps') });
  writeFileSync(
    join(root, 'src', 'app.ts'),
    `import { App } from 'svcjs';\n\n@App({ prefix: '/api' })\nexport class BenchApp {}\n`,
  );
  for (let c = 0; c < CONTROLLERS; c++) writeFileSync(controllerFile(root, c), svcController(c));
}

/** The same API for tsoa; `benchNodeModules` (holding tsoa) is linked as node_modules. */
export function writeTsoaProject(root, benchNodeModules) {
  writeCommon(root, { target: benchNodeModules });
  for (let c = 0; c < CONTROLLERS; c++) writeFileSync(controllerFile(root, c), tsoaController(c));
  writeFileSync(join(root, 'src', 'app.ts'), 'export {};\n');
  const tsoaConfig = {
    entryFile: 'src/app.ts',
    noImplicitAdditionalProperties: 'silently-remove-extras',
    controllerPathGlobs: ['src/controllers/*.ts'],
    spec: { outputDirectory: 'spec', specVersion: 3, basePath: '/api' },
  };
  writeFileSync(join(root, 'tsoa.json'), JSON.stringify(tsoaConfig, null, 2));
}

export function controllerFile(root, c) {
  return join(root, 'src', 'controllers', `things${c}.ts`);
}
