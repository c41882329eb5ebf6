import { Body, Controller, Data, Delete, Get, Param, Post, Put, Query, StatusCode } from 'svcjs';
import { Authenticated, OptionalAuth } from './auth.js';
import type {
  ArticleBody,
  ArticleList,
  CommentBody,
  CommentList,
  NewArticleBody,
  NewCommentBody,
  TagList,
  UpdateArticleBody,
} from './models.js';
import { Store, type StoredUser } from './store.js';

@Controller('articles')
export class ArticlesController {
  constructor(private readonly store: Store) {}

  /** Newest first, filtered by tag, author or the user who favorited them. */
  @Get()
  @OptionalAuth()
  list(
    @Query() tag?: string,
    @Query() author?: string,
    @Query() favorited?: string,
    @Query() limit = 20,
    @Query() offset = 0,
    @Data() user?: StoredUser,
  ): ArticleList {
    return this.store.list({ tag, author, favorited, limit, offset }, user);
  }

  /** Articles by the users the caller follows, newest first. */
  @Get('feed')
  @Authenticated()
  feed(@Data() user: StoredUser, @Query() limit = 20, @Query() offset = 0): ArticleList {
    return this.store.feed(user, limit, offset);
  }

  @Get(':slug')
  @OptionalAuth()
  get(@Param() slug: string, @Data() user?: StoredUser): ArticleBody {
    return { article: this.store.article(slug, user) };
  }

  @Post()
  @StatusCode(201)
  @Authenticated()
  create(@Body() body: NewArticleBody, @Data() user: StoredUser): ArticleBody {
    return { article: this.store.create(body.article, user) };
  }

  /** Only the author may change an article (403 for anyone else). */
  @Put(':slug')
  @Authenticated()
  update(@Param() slug: string, @Body() body: UpdateArticleBody, @Data() user: StoredUser): ArticleBody {
    return { article: this.store.change(slug, body.article, user) };
  }

  @Delete(':slug')
  @StatusCode(204)
  @Authenticated()
  remove(@Param() slug: string, @Data() user: StoredUser): void {
    this.store.remove(slug, user);
  }

  @Post(':slug/favorite')
  @Authenticated()
  favorite(@Param() slug: string, @Data() user: StoredUser): ArticleBody {
    return { article: this.store.favorite(slug, user, true) };
  }

  @Delete(':slug/favorite')
  @Authenticated()
  unfavorite(@Param() slug: string, @Data() user: StoredUser): ArticleBody {
    return { article: this.store.favorite(slug, user, false) };
  }

  @Get(':slug/comments')
  @OptionalAuth()
  comments(@Param() slug: string, @Data() user?: StoredUser): CommentList {
    return { comments: this.store.comments(slug, user) };
  }

  @Post(':slug/comments')
  @Authenticated()
  addComment(@Param() slug: string, @Body() body: NewCommentBody, @Data() user: StoredUser): CommentBody {
    return { comment: this.store.comment(slug, body.comment.body, user) };
  }

  @Delete(':slug/comments/:id')
  @StatusCode(204)
  @Authenticated()
  removeComment(@Param() slug: string, @Param() id: number, @Data() user: StoredUser): void {
    this.store.uncomment(slug, id, user);
  }
}

@Controller('tags')
export class TagsController {
  constructor(private readonly store: Store) {}

  @Get()
  list(): TagList {
    return { tags: this.store.tags() };
  }
}
