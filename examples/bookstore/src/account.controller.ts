import { ApiResponse, Controller, Data, Get } from 'svcjs';
import { RequireAuth } from './auth.js';

@Controller('account')
@RequireAuth()
export class AccountController {
  /** Who the bearer token belongs to. */
  @Get('me')
  @ApiResponse(401, { description: 'Missing or invalid bearer token' })
  me(@Data() token: string): string {
    return `token ${token}`;
  }
}
