/**
 * The app whose generated client the docs' snippets call (`api.books.list()`, `api.market.feed()`,
 * `api.chat.room()`): one route per call the pages make, with the types the pages name. Analyzed
 * by test/docs/snippets.test.ts, never served. It imports svc by path rather than as `svcjs` so
 * that the repository's own type check (which includes test/) resolves it without a build.
 */
import {
  ApiResponse,
  Body,
  Controller,
  Get,
  Messages,
  NotFoundError,
  Param,
  Post,
  Query,
  SSE,
  SseEvent,
  sseEvent,
  StatusCode,
  WebSocket,
} from '../../../../src/index.js';

export interface Book {
  id: string;
  title: string;
  author: string;
  /** @isInt */
  year: number;
}
export type NewBook = Omit<Book, 'id'>;
const BOOKS: Book[] = [];

@Controller('books')
export class BooksController {
  @Get()
  list(@Query() author?: string, @Query() limit?: number): Book[] {
    return BOOKS.filter((book) => !author || book.author === author).slice(0, limit);
  }

  @Get(':id')
  @ApiResponse(404, { description: 'No book has this id' })
  get(@Param() id: string): Book {
    const book = BOOKS.find((each) => each.id === id);
    if (!book) throw new NotFoundError(`No book with id ${id}`);
    return book;
  }

  @Post()
  @StatusCode(201)
  create(@Body() book: NewBook): Book {
    return { id: '1', ...book };
  }
}

@Controller('account')
export class AccountController {
  @Get('me')
  me(): { name: string } {
    return { name: 'ann' };
  }
}

export enum Role {
  Admin = 'admin',
  Member = 'member',
}

@Controller('users')
export class UsersController {
  @Post('invitations')
  invite(@Body() role: Role): { role: Role } {
    return { role };
  }
}

@Controller('reports')
export class ReportsController {
  /** @contentType application/pdf */
  @Get(':year/pdf')
  pdf(@Param() year: number): Blob {
    return new Blob([`report ${year}`], { type: 'application/pdf' });
  }
}

export interface Tick {
  n: number;
}

@Controller('events')
export class EventsController {
  @SSE('ticks')
  async *ticks(): AsyncGenerator<Tick> {
    yield { n: 1 };
  }
}

export interface Price {
  symbol: string;
  cents: number;
}
export interface Halt {
  reason: string;
}

@Controller('market')
export class MarketController {
  @SSE('feed')
  async *feed(): AsyncGenerator<SseEvent<Price, 'price'> | SseEvent<Halt, 'halt'>> {
    yield sseEvent({ reason: 'closed' }, { event: 'halt' });
  }
}

export interface RoomEvent {
  type: 'joined' | 'message';
  room: string;
  text?: string;
}

@Controller('rooms/:room')
export class RoomsController {
  @SSE('events')
  async *events(@Param() room: string): AsyncGenerator<RoomEvent> {
    yield { type: 'joined', room };
  }
}

export interface ChatLine {
  room: string;
  text: string;
}

@Controller('chat')
export class ChatController {
  @WebSocket('rooms/:room')
  async *room(
    @Param() room: string,
    @Query() nick: string,
    @Messages() messages: AsyncIterable<string>,
  ): AsyncGenerator<string | ChatLine> {
    yield `welcome to ${room}, ${nick}`;
    for await (const text of messages) yield { room, text };
  }
}
