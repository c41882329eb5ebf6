/** RealWorld's request and response bodies (https://realworld-docs.netlify.app/specifications/backend/endpoints/). */

export interface User {
  email: string;
  token: string;
  username: string;
  bio: string | null;
  image: string | null;
}
export interface UserBody {
  user: User;
}

export interface NewUser {
  /** @minLength 1 */
  username: string;
  /** @minLength 1 */
  email: string;
  /** @minLength 1 */
  password: string;
}
export interface NewUserBody {
  user: NewUser;
}

export interface LoginUser {
  /** @minLength 1 */
  email: string;
  /** @minLength 1 */
  password: string;
}
export interface LoginUserBody {
  user: LoginUser;
}

export interface UpdateUser {
  /** @minLength 1 */
  email?: string;
  /** @minLength 1 */
  username?: string;
  /** @minLength 1 */
  password?: string;
  bio?: string | null;
  image?: string | null;
}
export interface UpdateUserBody {
  user: UpdateUser;
}

export interface Profile {
  username: string;
  bio: string | null;
  image: string | null;
  following: boolean;
}
export interface ProfileBody {
  profile: Profile;
}

export interface Article {
  slug: string;
  title: string;
  description: string;
  body: string;
  tagList: string[];
  createdAt: string;
  updatedAt: string;
  favorited: boolean;
  favoritesCount: number;
  author: Profile;
}
export interface ArticleBody {
  article: Article;
}
export interface ArticleList {
  articles: Article[];
  articlesCount: number;
}

export interface NewArticle {
  /** @minLength 1 */
  title: string;
  /** @minLength 1 */
  description: string;
  /** @minLength 1 */
  body: string;
  tagList?: string[];
}
export interface NewArticleBody {
  article: NewArticle;
}

export interface UpdateArticle {
  /** @minLength 1 */
  title?: string;
  /** @minLength 1 */
  description?: string;
  /** @minLength 1 */
  body?: string;
}
export interface UpdateArticleBody {
  article: UpdateArticle;
}

export interface Comment {
  id: number;
  createdAt: string;
  updatedAt: string;
  body: string;
  author: Profile;
}
export interface CommentBody {
  comment: Comment;
}
export interface CommentList {
  comments: Comment[];
}
export interface NewComment {
  /** @minLength 1 */
  body: string;
}
export interface NewCommentBody {
  comment: NewComment;
}

export interface TagList {
  tags: string[];
}
