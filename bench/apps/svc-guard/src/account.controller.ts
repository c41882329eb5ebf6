import { Controller, Data, Get } from 'svcjs';
import { RequireAuth } from './bearer-auth.js';

export interface Me {
  user: string;
}

@Controller('account')
export class AccountController {
  @Get('me')
  @RequireAuth()
  me(@Data() user: string): Me {
    return { user };
  }
}
