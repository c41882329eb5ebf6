/**
 * What the docs' snippets use but an app declares elsewhere, by page folder (snippets.ts): name →
 * its declaration, added to a snippet that uses the name without declaring or importing it. A
 * declaration names svc's types as `import('svcjs').X`, so that it never adds an import a snippet
 * has made itself. The client's module is `.svc/client.ts` under the project's src/, where the
 * snippet `import { createClient } from '../.svc/client.js'` finds it.
 */

/** The generated client of test/docs/client-app, where a page's snippet finds it. */
const CLIENT_MODULE = '../.svc/client.js';
const CLIENT = `import('${CLIENT_MODULE}')`;

/** App types several pages name. */
const BOOKS: Record<string, string> = {
  Book: 'interface Book { id: string; title: string; author: string; year: number }',
  BookFilter: 'interface BookFilter { author?: string; title?: string }',
  User: 'interface User { id: string; name: string }',
};

/** The chat example's types (examples/chat/src/chat.ts), which the PubSub snippets relay. */
const CHAT: Record<string, string> = {
  ChatMessage: 'interface ChatMessage { from: string; text: string }',
  PostedMessage:
    "interface PostedMessage extends ChatMessage { type: 'message'; room: string; sentAt: string }",
  RoomEvent: "type RoomEvent = { type: 'joined'; room: string } | PostedMessage;",
  topicOf: 'declare function topicOf(room: string): string;',
  // `this` of a handler shown without its class: the controller's constructor holds a PubSub
  Members: "interface Members { readonly pubsub: import('svcjs').PubSub }",
};

/** Calls of the typed client: where its results go. */
const CLIENT_CALLS: Record<string, string> = {
  api: `declare const api: ${CLIENT}.Api;`,
  room: 'declare const room: string;',
  show: 'declare function show(item: unknown): void;',
  reloadTheRoom: 'declare function reloadTheRoom(): void;',
};

/** A database driver's connection pool (`pg`'s, say). */
const POOL: Record<string, string> = {
  Pool: `declare class Pool {
  constructor(options: { connectionString?: string });
  connect(): Promise<unknown>;
  query(sql: string): Promise<{ rowCount: number | null }>;
  end(): Promise<void>;
}`,
};

/** Classes an app provides and a test replaces (configuration.md, getting-started.md). */
const PROVIDERS: Record<string, string> = {
  BookRepo: 'declare class BookRepo { list(): Book[] }',
  Clock: 'declare class Clock { now(): Date }',
  Mailer: 'declare class Mailer { constructor(url: string | undefined) }',
  BearerAuth: 'declare class BearerAuth {}',
  AllowAll: 'declare class AllowAll {}',
};

export const PRELUDES: Record<string, Record<string, string>> = {
  readme: {
    BookRepository: `declare class BookRepository {
  list(filter: { author?: string; limit?: number }): Book[];
  find(id: string): Book | undefined;
  add(book: Omit<Book, 'id'>): Book;
}`,
  },
  'getting-started': {
    ...PROVIDERS,
    BookRepo: 'declare class BookRepo {}',
    TokenStore: 'declare class TokenStore {}',
    repo: 'declare const repo: BookRepo;',
    SystemClock: 'declare class SystemClock extends Clock {}',
  },
  client: {
    ...BOOKS,
    ...CLIENT_CALLS,
    ApiError: `import { ApiError } from '${CLIENT_MODULE}';`,
    createClient: `import { createClient } from '${CLIENT_MODULE}';`,
    baseUrl: 'declare const baseUrl: string;',
    stop: 'declare function stop(reason: string): void;',
    save: 'declare function save(chunk: Uint8Array): void;',
  },
  configuration: {
    ...BOOKS,
    ...POOL,
    ...PROVIDERS,
    SmtpMailer: 'declare class SmtpMailer extends Mailer {}',
    Config: 'declare abstract class Config { port: number }',
    loadConfig: 'declare function loadConfig(env: NodeJS.ProcessEnv): Config;',
    fakeRepo: 'declare const fakeRepo: BookRepo;',
    FixedClock: 'declare class FixedClock extends Clock { constructor(iso: string) }',
    Database: 'declare class Database {}',
  },
  lifecycle: {
    tokens: 'declare const tokens: Set<string>;',
    token: 'declare const token: string;',
  },
  openapi: {
    ...BOOKS,
    Order: 'interface Order { sku: string; quantity: number }',
    OutOfStock: 'interface OutOfStock { type: string; title: string; status: number; sku: string }',
    ErrorEnvelope: 'interface ErrorEnvelope { error: { code: string; message: string } }',
    Outage: 'interface Outage { until: string }',
    MAINTENANCE: 'declare const MAINTENANCE: { description: string; type: Outage };',
  },
  production: { ...POOL },
  routing: {
    ...BOOKS,
    CreateUser: 'interface CreateUser { name: string }',
    Report: 'interface Report { total: number }',
    REPORTS_URL: 'declare const REPORTS_URL: string;',
    summarize: 'declare function summarize(rows: unknown): Report;',
  },
  'scaling-out': { ...CHAT },
  streams: {
    ...CHAT,
    ...CLIENT_CALLS,
    Price: 'interface Price { symbol: string; cents: number }',
    Halt: 'interface Halt { reason: string }',
    Quote: 'interface Quote { symbol: string; cents: number }',
    subscribe: 'declare function subscribe(symbol: string): AsyncIterable<Quote> & { close(): void };',
    changes: `declare function changes(): AsyncIterable<
  { halted: true; reason: string } | { halted: false; price: Price; seq: number }
>;`,
    app: "declare const app: import('svcjs').SvcApp;",
    RequireAuth: 'declare const RequireAuth: () => ClassDecorator & MethodDecorator;',
    ChatLine: 'interface ChatLine { room: string; text: string }',
  },
};

/** Files a page's snippets import that are not snippets themselves: path under src/ → text. */
export const EXTRA_FILES: Record<string, string> = {
  // getting-started's src/main.ts imports its controller module for its side effect only
  'getting-started/users.controller.ts': 'export {};\n',
};
