import { Body, Controller, Data, Get, Post, Put, StatusCode } from 'svcjs';
import { Authenticated } from './auth.js';
import type { LoginUserBody, NewUserBody, UpdateUserBody, UserBody } from './models.js';
import { Store, type StoredUser } from './store.js';

@Controller('users')
export class UsersController {
  constructor(private readonly store: Store) {}

  /** Registers a user; the answer carries its token. 422 when the email or username is taken. */
  @Post()
  @StatusCode(201)
  register(@Body() body: NewUserBody): UserBody {
    return { user: this.store.register(body.user) };
  }

  /** Signs in with email and password: a new token. */
  @Post('login')
  login(@Body() body: LoginUserBody): UserBody {
    return { user: this.store.login(body.user.email, body.user.password) };
  }
}

@Controller('user')
@Authenticated()
export class UserController {
  constructor(private readonly store: Store) {}

  /** The signed-in user. */
  @Get()
  current(@Data() user: StoredUser, @Data() token: string): UserBody {
    return { user: this.store.update(user, {}, token) };
  }

  /** Changes the signed-in user's fields. */
  @Put()
  update(@Body() body: UpdateUserBody, @Data() user: StoredUser, @Data() token: string): UserBody {
    return { user: this.store.update(user, body.user, token) };
  }
}
