import {
  Body,
  CanActivate,
  Controller,
  ExecutionContext,
  Get,
  HttpCode,
  Injectable,
  Module,
  Param,
  ParseBoolPipe,
  ParseIntPipe,
  Post,
  Query,
  Req,
  UnauthorizedException,
  UseGuards,
} from '@nestjs/common';
import { IsArray, IsEmail, IsInt, IsString, Length, Max, Min } from 'class-validator';

const TOKENS = new Map([
  ['s3cr3t-token-alice', 'alice'],
  ['s3cr3t-token-bob', 'bob'],
]);

@Controller()
class HelloController {
  @Get('hello')
  hello() {
    return { hello: 'world' };
  }
}

@Module({ controllers: [HelloController] })
export class HelloModule {}

@Controller('users')
class PostsController {
  @Get(':userId/posts/:postId')
  get(@Param('userId') userId: string, @Param('postId') postId: string) {
    return { userId, postId };
  }
}

@Module({ controllers: [PostsController] })
export class ParamsModule {}

@Controller('search')
class SearchController {
  @Get()
  search(
    @Query('q') q: string,
    @Query('limit', ParseIntPipe) limit: number,
    @Query('active', ParseBoolPipe) active: boolean,
  ) {
    return { q, limit, active };
  }
}

@Module({ controllers: [SearchController] })
export class QueryModule {}

export class CreateUserDto {
  @IsString()
  @Length(1, 100)
  name: string;

  @IsEmail()
  email: string;

  @IsInt()
  @Min(0)
  @Max(150)
  age: number;

  @IsArray()
  @IsString({ each: true })
  tags: string[];
}

@Controller('users')
class UsersController {
  @Post()
  @HttpCode(201)
  create(@Body() body: CreateUserDto) {
    return { id: 1, ...body };
  }
}

@Module({ controllers: [UsersController] })
export class BodyModule {}

@Injectable()
class BearerGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest();
    const auth: string | undefined = request.headers.authorization;
    const user = auth?.startsWith('Bearer ') ? TOKENS.get(auth.slice(7)) : undefined;
    if (user === undefined) throw new UnauthorizedException();
    request.user = user;
    return true;
  }
}

@Controller('account')
@UseGuards(BearerGuard)
class AccountController {
  @Get('me')
  me(@Req() request: { user: string }) {
    return { user: request.user };
  }
}

@Module({ controllers: [AccountController], providers: [BearerGuard] })
export class GuardModule {}
