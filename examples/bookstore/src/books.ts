/** The book store: an in-memory repository, provided to the controller by @App({providers}). */
export interface Book {
  id: string;
  title: string;
  author: string;
  /** @isInt @minimum 0 */
  year: number;
}

/** What a client sends: every field of a book but its `id`, which the store alone assigns. */
export interface NewBook {
  /** @minLength 1 */
  title: string;
  /** @minLength 1 */
  author: string;
  /** @isInt @minimum 0 */
  year: number;
}

export type BookPatch = Partial<NewBook>;

export class BookRepository {
  private readonly books = new Map<string, Book>();
  private nextId = 1;

  constructor(seed: NewBook[] = []) {
    for (const book of seed) this.add(book);
  }

  list(filter: { author?: string; limit?: number }): Book[] {
    const all = [...this.books.values()].filter((book) => !filter.author || book.author === filter.author);
    return all.slice(0, filter.limit ?? all.length);
  }

  find(id: string): Book | undefined {
    return this.books.get(id);
  }

  add(book: NewBook): Book {
    // The id goes last: even an app that keeps unknown body properties cannot let a client pick it.
    const created = { ...book, id: String(this.nextId++) };
    this.books.set(created.id, created);
    return created;
  }

  replace(id: string, book: NewBook): Book | undefined {
    if (!this.books.has(id)) return undefined;
    const replaced = { ...book, id };
    this.books.set(id, replaced);
    return replaced;
  }

  update(id: string, patch: BookPatch): Book | undefined {
    const book = this.books.get(id);
    if (!book) return undefined;
    const updated = { ...book, ...patch, id };
    this.books.set(id, updated);
    return updated;
  }

  remove(id: string): boolean {
    return this.books.delete(id);
  }
}
