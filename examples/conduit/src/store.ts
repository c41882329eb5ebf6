/**
 * The in-memory store, provided to controllers and guards by @App({providers}). Its methods throw
 * svc's named errors (NotFoundError, ForbiddenError, ...): the analyzer sees a throw in a method
 * the handler calls, up to three calls deep (docs/openapi.md, "Thrown errors"), so each route
 * documents the statuses it can answer, and the app's catcher answers each in the envelope.
 */
import { randomBytes } from 'node:crypto';
import { ForbiddenError, NotFoundError, UnauthorizedError, UnprocessableEntityError } from 'svcjs';
import type {
  Article,
  Comment,
  NewArticle,
  NewUser,
  Profile,
  UpdateArticle,
  UpdateUser,
  User,
} from './models.js';

export interface StoredUser {
  id: number;
  username: string;
  email: string;
  password: string;
  bio: string | null;
  image: string | null;
  following: Set<number>;
}

interface StoredArticle extends Omit<Article, 'favorited' | 'favoritesCount' | 'author'> {
  authorId: number;
  favoritedBy: Set<number>;
  comments: StoredComment[];
}

interface StoredComment extends Omit<Comment, 'author'> {
  authorId: number;
}

export interface ArticleFilter {
  tag?: string;
  author?: string;
  favorited?: string;
  limit: number;
  offset: number;
}

export class Store {
  private readonly users = new Map<number, StoredUser>();
  private readonly tokens = new Map<string, number>();
  private readonly articles = new Map<string, StoredArticle>();
  private nextId = 1;

  /** Registers a user and signs it in: the token it answers with is a new opaque one. */
  register(input: NewUser, token = randomBytes(24).toString('base64url')): User {
    for (const user of this.users.values()) {
      if (user.email === input.email) throw new UnprocessableEntityError('email has already been taken');
      if (user.username === input.username)
        throw new UnprocessableEntityError('username has already been taken');
    }
    const user: StoredUser = { ...input, id: this.nextId++, bio: null, image: null, following: new Set() };
    this.users.set(user.id, user);
    this.tokens.set(token, user.id);
    return this.userView(user, token);
  }

  login(email: string, password: string): User {
    const user = [...this.users.values()].find((u) => u.email === email && u.password === password);
    if (!user) throw new UnauthorizedError('email or password is invalid');
    const token = randomBytes(24).toString('base64url');
    this.tokens.set(token, user.id);
    return this.userView(user, token);
  }

  userByToken(token: string): StoredUser | undefined {
    const id = this.tokens.get(token);
    return id === undefined ? undefined : this.users.get(id);
  }

  /** Changes the user's fields; an email or username another user has is refused, as on register. */
  update(user: StoredUser, changes: UpdateUser, token: string): User {
    for (const other of this.users.values()) {
      if (other === user) continue;
      if (other.email === changes.email) throw new UnprocessableEntityError('email has already been taken');
      if (other.username === changes.username)
        throw new UnprocessableEntityError('username has already been taken');
    }
    Object.assign(user, changes);
    return this.userView(user, token);
  }

  profile(username: string, viewer?: StoredUser): Profile {
    const user = [...this.users.values()].find((u) => u.username === username);
    if (!user) throw new NotFoundError(`profile '${username}' not found`);
    return this.profileView(user, viewer);
  }

  follow(username: string, viewer: StoredUser, following: boolean): Profile {
    const user = [...this.users.values()].find((u) => u.username === username);
    if (!user) throw new NotFoundError(`profile '${username}' not found`);
    if (following) viewer.following.add(user.id);
    else viewer.following.delete(user.id);
    return this.profileView(user, viewer);
  }

  list(filter: ArticleFilter, viewer?: StoredUser): { articles: Article[]; articlesCount: number } {
    const matching = [...this.articles.values()].reverse().filter((article) => this.matches(article, filter));
    const page = matching.slice(filter.offset, filter.offset + filter.limit);
    return { articles: page.map((a) => this.articleView(a, viewer)), articlesCount: matching.length };
  }

  feed(viewer: StoredUser, limit: number, offset: number): { articles: Article[]; articlesCount: number } {
    const matching = [...this.articles.values()].reverse().filter((a) => viewer.following.has(a.authorId));
    const page = matching.slice(offset, offset + limit);
    return { articles: page.map((a) => this.articleView(a, viewer)), articlesCount: matching.length };
  }

  article(slug: string, viewer?: StoredUser): Article {
    const article = this.articles.get(slug);
    if (!article) throw new NotFoundError(`article '${slug}' not found`);
    return this.articleView(article, viewer);
  }

  create(input: NewArticle, author: StoredUser): Article {
    const now = new Date().toISOString();
    const slug = `${slugOf(input.title)}-${this.nextId++}`;
    const { title, description, body, tagList = [] } = input;
    const article = { slug, title, description, body, tagList, createdAt: now, updatedAt: now };
    const stored = { ...article, authorId: author.id, favoritedBy: new Set<number>(), comments: [] };
    this.articles.set(slug, stored);
    return this.articleView(stored, author);
  }

  /** Changes the article's fields; only its author may (403 for anyone else). */
  change(slug: string, changes: UpdateArticle, viewer: StoredUser): Article {
    const article = this.articles.get(slug);
    if (!article) throw new NotFoundError(`article '${slug}' not found`);
    if (article.authorId !== viewer.id) throw new ForbiddenError('not your article');
    Object.assign(article, changes, { updatedAt: new Date().toISOString() });
    return this.articleView(article, viewer);
  }

  remove(slug: string, viewer: StoredUser): void {
    const article = this.articles.get(slug);
    if (!article) throw new NotFoundError(`article '${slug}' not found`);
    if (article.authorId !== viewer.id) throw new ForbiddenError('not your article');
    this.articles.delete(slug);
  }

  favorite(slug: string, viewer: StoredUser, favorited: boolean): Article {
    const article = this.articles.get(slug);
    if (!article) throw new NotFoundError(`article '${slug}' not found`);
    if (favorited) article.favoritedBy.add(viewer.id);
    else article.favoritedBy.delete(viewer.id);
    return this.articleView(article, viewer);
  }

  comments(slug: string, viewer?: StoredUser): Comment[] {
    const article = this.articles.get(slug);
    if (!article) throw new NotFoundError(`article '${slug}' not found`);
    return article.comments.map((comment) => this.commentView(comment, viewer));
  }

  comment(slug: string, body: string, viewer: StoredUser): Comment {
    const now = new Date().toISOString();
    const comment = { id: this.nextId++, body, createdAt: now, updatedAt: now, authorId: viewer.id };
    const article = this.articles.get(slug);
    if (!article) throw new NotFoundError(`article '${slug}' not found`);
    article.comments.push(comment);
    return this.commentView(comment, viewer);
  }

  uncomment(slug: string, id: number, viewer: StoredUser): void {
    const article = this.articles.get(slug);
    if (!article) throw new NotFoundError(`article '${slug}' not found`);
    const index = article.comments.findIndex((comment) => comment.id === id);
    if (index < 0) throw new NotFoundError(`comment ${id} not found`);
    if (article.comments[index]!.authorId !== viewer.id) throw new ForbiddenError('not your comment');
    article.comments.splice(index, 1);
  }

  tags(): string[] {
    return [...new Set([...this.articles.values()].flatMap((article) => article.tagList))];
  }

  private matches(article: StoredArticle, filter: ArticleFilter): boolean {
    if (filter.tag !== undefined && !article.tagList.includes(filter.tag)) return false;
    if (filter.author !== undefined && this.users.get(article.authorId)?.username !== filter.author)
      return false;
    if (filter.favorited === undefined) return true;
    const fan = [...this.users.values()].find((user) => user.username === filter.favorited);
    return fan !== undefined && article.favoritedBy.has(fan.id);
  }

  private userView(user: StoredUser, token: string): User {
    return { email: user.email, token, username: user.username, bio: user.bio, image: user.image };
  }

  private profileView(user: StoredUser, viewer?: StoredUser): Profile {
    const following = viewer?.following.has(user.id) ?? false;
    return { username: user.username, bio: user.bio, image: user.image, following };
  }

  private articleView(article: StoredArticle, viewer?: StoredUser): Article {
    const { authorId, favoritedBy, comments, ...fields } = article;
    void comments;
    const favorited = viewer !== undefined && favoritedBy.has(viewer.id);
    const author = this.profileView(this.users.get(authorId)!, viewer);
    return { ...fields, favorited, favoritesCount: favoritedBy.size, author };
  }

  private commentView(comment: StoredComment, viewer?: StoredUser): Comment {
    const { authorId, ...fields } = comment;
    return { ...fields, author: this.profileView(this.users.get(authorId)!, viewer) };
  }
}

function slugOf(title: string): string {
  return (
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'article'
  );
}
