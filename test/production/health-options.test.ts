/**
 * The `health` option where it is written statically (`@App`, svc.config.json): it takes effect,
 * an ill-formed value is SVC_ERR_INVALID_OPTION naming where it was written (createApp's too),
 * an app route on a health path is SVC_ERR_DUPLICATE_ROUTE, and the OpenAPI documents leave the
 * endpoints out unless `document: true` shows them (outside the prefix, with their answers).
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { buildOpenApiDocument } from '../../src/openapi/document.js';
import { buildOpenApi32Document } from '../../src/openapi/v32/document.js';
import { SvcError } from '../../src/runtime/errors/svc-error.js';
import { AnalysisFailedError, createTestApp } from '../../src/testing/index.js';
import { assertValidOpenApi } from '../openapi/validate.js';
import { assertValidOpenApi32 } from '../openapi/validate32.js';
import { appWith, makeProject, removeProject, type ProjectFiles } from '../options/project.js';

const roots: string[] = [];
after(() => roots.forEach(removeProject));

function project(files: ProjectFiles): string {
  const root = makeProject(files);
  roots.push(root);
  return root;
}

/** GETs each path of the served project; gives the statuses. */
async function statuses(files: ProjectFiles, paths: string[]): Promise<number[]> {
  const app = await createTestApp({ root: project(files), log: false });
  try {
    const { url } = await app.listen({ host: '127.0.0.1', port: 0 });
    return await Promise.all(paths.map(async (path) => (await fetch(url + path)).status));
  } finally {
    await app.close();
  }
}

async function analysisLines(files: ProjectFiles): Promise<string[]> {
  let lines: string[] = [];
  await assert.rejects(createTestApp({ root: project(files) }), (error: unknown) => {
    assert.ok(error instanceof AnalysisFailedError);
    lines = error.lines;
    return true;
  });
  return lines;
}

const EXPECTED =
  "false or { live?: a path such as '/health/live', ready?: another path, document?: boolean, checkTimeoutMs?: integer from 1 to 2147483647 }";

describe('the health option in @App and svc.config.json', () => {
  it('@App paths take effect; the defaults are then free', async () => {
    const app = appWith("{ health: { live: '/livez', ready: '/readyz' } }");
    assert.deepEqual(
      await statuses({ app }, ['/livez', '/readyz', '/health/live', '/health/ready']),
      [200, 200, 404, 404],
    );
  });

  it('svc.config.json false turns both off', async () => {
    assert.deepEqual(
      await statuses({ config: { app: { health: false } } }, ['/health/live', '/health/ready']),
      [404, 404],
    );
  });

  it('an ill-formed value is an analysis error naming the option and where it was written', async () => {
    const app = appWith("{ health: { live: 'health', checkTimeoutMs: 0 } }");
    assert.deepEqual(await analysisLines({ app }), [
      `src/app.ts:3: error: @App option 'health' must be ${EXPECTED} (got {"live":"health","checkTimeoutMs":0}) [SVC_ERR_INVALID_OPTION]`,
    ]);
    assert.deepEqual(
      await analysisLines({ config: { app: { health: { live: '/same', ready: '/same' } } } }),
      [
        `svc.config.json:1: error: svc.config.json: app option 'health' must be ${EXPECTED} (got {"live":"/same","ready":"/same"}) [SVC_ERR_INVALID_OPTION]`,
      ],
    );
    assert.deepEqual(await analysisLines({ app: appWith("{ health: { lve: '/x' } }") }), [
      `src/app.ts:3: error: @App option 'health' must be ${EXPECTED} (got {"lve":"/x"}) [SVC_ERR_INVALID_OPTION]`,
    ]);
  });

  it('in createApp: a start-up error naming the option', async () => {
    const root = project({});
    for (const health of [true, { ready: '/ready/' }, { document: 'yes' }]) {
      const options = { root, health } as Parameters<typeof createTestApp>[0];
      await assert.rejects(createTestApp(options), (error: unknown) => {
        assert.ok(error instanceof SvcError);
        assert.equal(error.code, 'SVC_ERR_INVALID_OPTION');
        assert.equal(
          error.message,
          `createApp option 'health' must be ${EXPECTED} (got ${JSON.stringify(health)}) [SVC_ERR_INVALID_OPTION]`,
        );
        return true;
      });
    }
  });

  it('an app route on a health path is a duplicate route: at analysis, or at start-up for createApp paths', async () => {
    const controller = `import { Controller, Get } from 'svcjs';\n\n@Controller('health')\nexport class StatusController {\n  @Get('ready')\n  ready(): string {\n    return 'mine';\n  }\n}\n`;
    const withStatus = (files: ProjectFiles): string => {
      const root = project(files);
      writeFileSync(join(root, 'src', 'status.controller.ts'), controller);
      return root;
    };
    let lines: string[] = [];
    await assert.rejects(
      createTestApp({ root: withStatus({ app: appWith("{ prefix: '' }") }) }),
      (error: unknown) => {
        assert.ok(error instanceof AnalysisFailedError);
        lines = error.lines;
        return true;
      },
    );
    assert.deepEqual(lines, [
      "src/status.controller.ts:6: error: GET /health/ready (StatusController.ready) is also svc's health endpoint health.ready; move the route, or move the endpoint (@App({ health: { ready: '/…' } })) or turn it off (health: false) [SVC_ERR_DUPLICATE_ROUTE]",
    ]);

    // Moved by the option, both are served.
    const root = withStatus({ app: appWith("{ prefix: '', health: { ready: '/ops/ready' } }") });
    const app = await createTestApp({ root, log: false });
    try {
      const [mine, svc] = await Promise.all(
        ['/health/ready', '/ops/ready'].map((url) => app.inject({ method: 'GET', url })),
      );
      assert.deepEqual([mine?.text, svc?.text], ['mine', '{"status":"ok"}']);
    } finally {
      await app.close();
    }
    // createApp's own health option is seen at start-up only.
    await assert.rejects(createTestApp({ root, log: false, health: {} }), (error: unknown) => {
      assert.ok(error instanceof SvcError);
      assert.equal(error.code, 'SVC_ERR_DUPLICATE_ROUTE');
      assert.equal(
        error.message,
        "StatusController.ready (GET /health/ready) answers the same method and path shape as svc's readiness endpoint (the health.ready option) (GET /health/ready); rename a path or a method [SVC_ERR_DUPLICATE_ROUTE]",
      );
      return true;
    });
  });
});

describe('the OpenAPI documents', () => {
  async function documents(files: ProjectFiles) {
    const app = await createTestApp({ root: project(files), log: false });
    await app.close();
    return { v30: buildOpenApiDocument(app.model), v32: buildOpenApi32Document(app.model) };
  }

  it('leave the endpoints out by default; document: true shows them, at the server root under a prefix', async () => {
    const hidden = await documents({ app: appWith("{ prefix: '/api' }") });
    const appPaths = ['/extras/boom', '/extras/echo', '/extras/quiet', '/notes', '/notes/keys'];
    assert.deepEqual([Object.keys(hidden.v30.paths), Object.keys(hidden.v32.paths)], [appPaths, appPaths]);

    const { v30, v32 } = await documents({
      app: appWith("{ prefix: '/api', health: { ready: '/readyz', document: true } }"),
    });
    assert.deepEqual(Object.keys(v30.paths), [
      '/extras/boom',
      '/extras/echo',
      '/extras/quiet',
      '/health/live',
      '/notes',
      '/notes/keys',
      '/readyz',
    ]);
    const ok = {
      type: 'object',
      required: ['status'],
      properties: { status: { type: 'string', enum: ['ok'] } },
    };
    const live = v30.paths['/health/live']?.get;
    assert.deepEqual(live?.servers, [{ url: '/' }]);
    assert.deepEqual(live?.responses, {
      '200': { description: 'The process is live.', content: { 'application/json': { schema: ok } } },
    });
    const ready = v30.paths['/readyz']?.get;
    assert.deepEqual(Object.keys(ready?.responses ?? {}), ['200', '503']);
    assert.deepEqual(ready?.servers, [{ url: '/' }]);
    const ready32 = v32.paths['/readyz']?.get;
    assert.deepEqual(
      [ready32?.servers, Object.keys(ready32?.responses ?? {})],
      [[{ url: '/' }], ['200', '503']],
    );
    assert.deepEqual(v30.servers, [{ url: '/api' }]);
    await assertValidOpenApi(v30);
    await assertValidOpenApi32(v32);
  });

  it('without a prefix the operations keep the document servers', async () => {
    const { v30 } = await documents({
      app: appWith("{ prefix: '' }"),
      config: { app: { health: { document: true } } },
    });
    assert.equal(v30.paths['/health/live']?.get?.servers, undefined);
    assert.equal(v30.paths['/health/ready']?.get?.operationId, 'svcHealthReady');
    await assertValidOpenApi(v30);
  });
});
