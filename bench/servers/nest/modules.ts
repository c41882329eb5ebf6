import {
  Body,
  CanActivate,
  ClassSerializerInterceptor,
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
  UseInterceptors,
} from '@nestjs/common';
import { Exclude } from 'class-transformer';
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

/** The docs' serialization recipe: an entity class, @Exclude() on what must not leave. */
class RowEntity {
  id!: number;
  name!: string;
  profile!: { city: string; score: number };
  createdAt!: Date;
  note?: string;

  @Exclude()
  secret!: string;

  constructor(partial: Partial<RowEntity>) {
    Object.assign(this, partial);
  }
}

// The same rows as every server's (bench/lib/scenarios.mjs storedRows), made here in TypeScript.
const ROWS = Array.from(
  { length: 100 },
  (_, index) =>
    new RowEntity({
      id: index + 1,
      name: `row ${index + 1}`,
      profile: { city: ['Paris', 'Oslo', 'Lima', 'Pune'][index % 4] as string, score: index * 1.5 },
      createdAt: new Date(Date.UTC(2024, 0, 1, 0, 0, index)),
      ...(index % 3 === 0 ? { note: `note ${index}` } : {}),
      secret: `internal-${index}`,
    }),
);

@Controller('list')
@UseInterceptors(ClassSerializerInterceptor)
class ListController {
  @Get()
  list(): RowEntity[] {
    return ROWS;
  }
}

@Module({ controllers: [ListController] })
export class ListModule {}
