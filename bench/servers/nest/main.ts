// NestJS, the way its docs show: modules, controllers, DTO classes with class-validator and
// the global ValidationPipe, ParseIntPipe/ParseBoolPipe for query coercion, a CanActivate
// guard. Compiled by tsc with emitDecoratorMetadata (bench/servers/nest/tsconfig.json).
// Usage: node build/nest/main.js <scenario> <express|fastify>
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { ValidationPipe, type INestApplication, type Type } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { BodyModule, GuardModule, HelloModule, ListModule, ParamsModule, QueryModule } from './modules.js';
import { RoutesModule } from './routes.js';

const modules: Record<string, Type<unknown>> = {
  hello: HelloModule,
  params: ParamsModule,
  query: QueryModule,
  body: BodyModule,
  routes: RoutesModule,
  guard: GuardModule,
  list: ListModule,
};

async function bootstrap(scenario: string, adapterName: string): Promise<void> {
  const module = modules[scenario];
  if (!module) throw new Error(`unknown scenario ${scenario}`);
  const adapter = adapterName === 'fastify' ? new FastifyAdapter() : new ExpressAdapter();
  const app: INestApplication = await NestFactory.create(module, adapter, { logger: ['error', 'warn'] });
  if (scenario === 'body') app.useGlobalPipes(new ValidationPipe());
  await app.listen(Number(process.env.PORT ?? 3000), '127.0.0.1');
}

await bootstrap(process.argv[2] ?? 'hello', process.argv[3] ?? 'express');
