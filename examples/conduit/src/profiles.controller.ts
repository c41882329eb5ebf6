import { Controller, Data, Delete, Get, Param, Post } from 'svcjs';
import { Authenticated, OptionalAuth } from './auth.js';
import type { ProfileBody } from './models.js';
import { Store, type StoredUser } from './store.js';

@Controller('profiles')
export class ProfilesController {
  constructor(private readonly store: Store) {}

  /** A user's profile; `following` is false for an anonymous caller. */
  @Get(':username')
  @OptionalAuth()
  get(@Param() username: string, @Data() user?: StoredUser): ProfileBody {
    return { profile: this.store.profile(username, user) };
  }

  @Post(':username/follow')
  @Authenticated()
  follow(@Param() username: string, @Data() user: StoredUser): ProfileBody {
    return { profile: this.store.follow(username, user, true) };
  }

  @Delete(':username/follow')
  @Authenticated()
  unfollow(@Param() username: string, @Data() user: StoredUser): ProfileBody {
    return { profile: this.store.follow(username, user, false) };
  }
}
