import { Controller, Get, Param } from 'svcjs';

export interface PostRef {
  userId: string;
  postId: string;
}

@Controller('users/:userId/posts')
export class PostsController {
  @Get(':postId')
  get(@Param() userId: string, @Param() postId: string): PostRef {
    return { userId, postId };
  }
}
