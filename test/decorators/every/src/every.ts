/**
 * Every decorator svc exports, once at least, so a test can compare what the runtime decorators
 * record with what the analyzer reads. Imports svc's sources directly: the test evaluates this
 * module in its own process, where `svcjs` would resolve to the build.
 */
import {
  ApiDescription,
  ApiHidden,
  ApiInfo,
  ApiOperationId,
  ApiResponse,
  ApiSecurity,
  ApiSummary,
  ApiTag,
  ApiType,
  App,
  Body,
  Catch,
  component,
  Controller,
  Cookie,
  Ctx,
  Data,
  defineMethod,
  Delete,
  Get,
  Guard,
  GuardResult,
  Header,
  Interceptor,
  Messages,
  Middleware,
  MiddlewareResult,
  Next,
  NotFoundError,
  Param,
  Patch,
  Post,
  PostInterceptor,
  PreInterceptor,
  Put,
  Query,
  QueryMethod,
  RateLimit,
  SetHeader,
  Signal,
  SSE,
  StatusCode,
  WebSocket,
  type RequestContext,
} from '../../../../src/index.js';

export class TeapotError extends Error {}

@ApiSecurity('key', { type: 'apiKey', in: 'header', name: 'X-Key' })
export class Everything {
  @Middleware()
  before(@Header('X-Trace') trace?: string): MiddlewareResult {
    void trace;
    return MiddlewareResult.next();
  }

  @Guard()
  check(@Cookie('session') session?: string): GuardResult {
    return session === 'none' ? GuardResult.block({ statusCode: 401 }) : GuardResult.pass();
  }

  @Interceptor()
  around(@Next() next: Next): Promise<unknown> {
    return next();
  }

  @PreInterceptor()
  pre(@Ctx() ctx: RequestContext): void {
    void ctx;
  }

  @PostInterceptor()
  post(@Ctx() ctx: RequestContext): void {
    void ctx;
  }

  @Catch(TeapotError)
  @StatusCode(418)
  teapot(): string {
    return 'short and stout';
  }

  @Catch(NotFoundError)
  gone(): string {
    return 'gone';
  }

  @Catch(TypeError)
  @StatusCode(500)
  typeError(): string {
    return 'type error';
  }

  @Catch()
  any(): string {
    return 'caught';
  }
}
export const UseEverything = component(Everything);

export const Purge = defineMethod('PURGE');

export interface Item {
  id: string;
  name: string;
}

@Controller('items/:group')
@SetHeader('X-Controller', 'items')
@ApiTag('items', 'stock')
@ApiResponse(503, { description: 'Down for maintenance' })
@UseEverything()
export class ItemsController {
  @Get(':id')
  @ApiSummary('One item')
  @ApiDescription('Reads one item of a group.')
  get(
    @Param() group: string,
    @Param('id') itemId: string,
    @Query() verbose?: boolean,
    @Header('X-Request-Id') requestId?: string,
    @Header() accept?: string,
  ): Item {
    void [verbose, requestId, accept];
    return { id: itemId, name: group };
  }

  @Post()
  @StatusCode(201)
  @SetHeader('X-Created', 'yes')
  create(@Body() item: Item, @Body(['name']) name: string, @Data('user') user: string): Item {
    void [name, user];
    return item;
  }

  @Put(':id')
  replace(@Param() id: string, @Body() item: Item, @Query('dry') dryRun?: boolean): Item {
    void dryRun;
    return { ...item, id };
  }

  @Patch(':id')
  @ApiHidden()
  rename(@Param() id: string, @Cookie() locale?: string): string {
    return `${id} ${locale ?? ''}`;
  }

  @Delete(':id')
  remove(@Param() id: string, @ApiType({ type: 'string', format: 'uuid' }) @Query() token?: string): void {
    void [id, token];
  }

  @SSE('events')
  async *events(@Data() user: string): AsyncIterable<string> {
    yield user;
  }

  @WebSocket('live')
  async *live(
    @Messages() messages: AsyncIterable<string>,
    @Signal() signal: AbortSignal,
  ): AsyncIterable<string> {
    for await (const message of messages) if (!signal.aborted) yield message;
  }

  @Purge(':id')
  purge(@Param() id: string): string {
    return id;
  }

  @QueryMethod('search')
  @ApiOperationId('searchItems')
  @RateLimit({ limit: 100, window: '1m' })
  search(@Body() filter: { name: string }): Item[] {
    return [{ id: '1', name: filter.name }];
  }
}

@App({ prefix: '/v1' })
@ApiInfo({ title: 'Every decorator', version: '1.0.0' })
export class EveryApp {}
