import { Controller, Get, Query } from 'svcjs';

export interface SearchEcho {
  q: string;
  limit: number;
  active: boolean;
}

@Controller('search')
export class SearchController {
  @Get()
  search(@Query() q: string, @Query() limit: number, @Query() active: boolean): SearchEcho {
    return { q, limit, active };
  }
}
