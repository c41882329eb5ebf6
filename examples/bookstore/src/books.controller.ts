import {
  ApiResponse,
  Body,
  Controller,
  Delete,
  Get,
  NotFoundError,
  Param,
  Patch,
  Post,
  Put,
  Query,
  StatusCode,
} from 'svcjs';
import { RequireAuth, RequireRole } from './auth.js';
import { BookRepository, type Book, type BookPatch, type NewBook } from './books.js';

@Controller('books')
export class BooksController {
  constructor(private readonly repo: BookRepository) {}

  /** Lists books, optionally by author, at most `limit` of them. */
  @Get()
  list(@Query() author?: string, @Query() limit?: number): Book[] {
    return this.repo.list({ author, limit });
  }

  /** One book by its id. */
  @Get(':id')
  @ApiResponse(404, { description: 'No book has this id' })
  get(@Param() id: string): Book {
    const book = this.repo.find(id);
    if (!book) throw new NotFoundError(`No book with id ${id}`);
    return book;
  }

  /** Adds a book; the store gives it its id. */
  @Post()
  @StatusCode(201)
  @RequireAuth()
  @ApiResponse(401, { description: 'Missing or invalid bearer token' })
  create(@Body() book: NewBook): Book {
    return this.repo.add(book);
  }

  /** Replaces a book. */
  @Put(':id')
  @RequireAuth()
  @ApiResponse(401, { description: 'Missing or invalid bearer token' })
  @ApiResponse(404, { description: 'No book has this id' })
  replace(@Param() id: string, @Body() book: NewBook): Book {
    const replaced = this.repo.replace(id, book);
    if (!replaced) throw new NotFoundError(`No book with id ${id}`);
    return replaced;
  }

  /** Changes some fields of a book. */
  @Patch(':id')
  @RequireAuth()
  @ApiResponse(401, { description: 'Missing or invalid bearer token' })
  @ApiResponse(404, { description: 'No book has this id' })
  update(@Param() id: string, @Body() patch: BookPatch): Book {
    const updated = this.repo.update(id, patch);
    if (!updated) throw new NotFoundError(`No book with id ${id}`);
    return updated;
  }

  /** Removes a book (admin role). */
  @Delete(':id')
  @StatusCode(204)
  @RequireAuth()
  @RequireRole('admin')
  @ApiResponse(401, { description: 'Missing or invalid bearer token' })
  @ApiResponse(403, { description: 'The token does not carry the admin role' })
  @ApiResponse(404, { description: 'No book has this id' })
  remove(@Param() id: string): void {
    if (!this.repo.remove(id)) throw new NotFoundError(`No book with id ${id}`);
  }
}
