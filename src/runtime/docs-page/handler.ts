/**
 * Serves the reference page in front of the app's request handler: the page, its script,
 * Swagger UI's files and the document, each at a fixed path under the docs path. Every other
 * request (a different path, a WebSocket upgrade) goes to the app unchanged.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { frameworkProblem } from '../errors/problem.js';
import { ended, Exchange } from '../http/exchange.js';
import { sendProblem, writeOut } from '../response/send.js';
import type { RequestHandler } from '../app/request-handler.js';
import { readDocument } from './document-file.js';
import { DOCUMENT_NAME, INIT_SCRIPT, PAGE_CSP, initScript, pageHtml } from './page.js';
import { sendStaticFile, type StaticFile } from './static-file.js';
import { swaggerUiAssets } from './swagger-ui-assets.js';

export interface DocsPageOptions {
  /** Where the page is, e.g. `/docs` (absolute, not under the app's prefix). */
  path: string;
  /** Where the document may be on disk, in order. */
  documentFiles: readonly string[];
}

const ALLOW = 'GET, HEAD';

export function withDocsPage(app: RequestHandler, options: DocsPageOptions): RequestHandler {
  const files = fixedFiles(options.path);
  const documentPath = `${options.path}/${DOCUMENT_NAME}`;
  return function handleWithDocs(req, res, upgrade = false, onEnd) {
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    if (upgrade || !path.startsWith(options.path)) return app(req, res, upgrade, onEnd);
    const file = files.get(path);
    if (file === undefined && path !== documentPath) return app(req, res, upgrade, onEnd);
    const ex = new Exchange(req, res, req.method ?? 'GET', url);
    if (!answerMethod(req, res, path)) return ended(ex, onEnd);
    if (file !== undefined) {
      sendStaticFile(req, res, file);
      return ended(ex, onEnd);
    }
    return sendDocument(req, res, options.documentFiles).then(() => ended(ex, onEnd));
  };
}

/** Page (with and without the trailing slash), start script and Swagger UI files, by request path. */
function fixedFiles(docsPath: string): Map<string, StaticFile> {
  const page = pageHtml(docsPath);
  const files = new Map<string, StaticFile>([
    [docsPath, page],
    [`${docsPath}/`, page],
    [`${docsPath}/${INIT_SCRIPT}`, initScript(docsPath)],
  ]);
  for (const [name, file] of swaggerUiAssets()) files.set(`${docsPath}/${name}`, file);
  return files;
}

/** True for GET and HEAD (with the page's security headers set); OPTIONS and others are answered here. */
function answerMethod(req: IncomingMessage, res: ServerResponse, path: string): boolean {
  const method = req.method ?? 'GET';
  if (method === 'GET' || method === 'HEAD') {
    res.setHeader('content-security-policy', PAGE_CSP);
    res.setHeader('referrer-policy', 'no-referrer');
    return true;
  }
  if (method === 'OPTIONS') {
    writeOut(res, false, 204, { allow: ALLOW }, undefined, undefined);
    return false;
  }
  const detail = `${path} does not answer ${method}; it answers ${ALLOW}.`;
  sendProblem(res, false, frameworkProblem('SVC_ERR_METHOD_NOT_ALLOWED', detail), { allow: ALLOW });
  return false;
}

async function sendDocument(req: IncomingMessage, res: ServerResponse, candidates: readonly string[]) {
  const document = await readDocument(candidates);
  if (document !== undefined) {
    sendStaticFile(req, res, document);
    return;
  }
  const detail = 'No OpenAPI document at .svc/svc_swagger/swagger.json: run `svc dev` or `svc build`.';
  sendProblem(res, req.method === 'HEAD', frameworkProblem('SVC_ERR_NOT_FOUND', detail));
}
