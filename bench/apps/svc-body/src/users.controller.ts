import { Body, Controller, Post, StatusCode } from 'svcjs';

export interface CreateUser {
  /** @minLength 1 @maxLength 100 */
  name: string;
  /** @format email */
  email: string;
  /** @isInt @minimum 0 @maximum 150 */
  age: number;
  tags: string[];
}

export interface User extends CreateUser {
  id: number;
}

@Controller('users')
export class UsersController {
  @Post()
  @StatusCode(201)
  create(@Body() body: CreateUser): User {
    return { id: 1, ...body };
  }
}
