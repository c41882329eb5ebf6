import { Controller, Data, Get } from 'svc';
import { RequireAuth } from './auth.js';

@Controller('account')
@RequireAuth()
export class AccountController {
  @Get('me')
  me(@Data() token: string): string {
    return `token ${token}`;
  }
}
