import { Controller, Get } from 'svcjs';
import { storedRows } from './rows.js';

/** What the answer declares: the stored rows carry more (`secret`), which never leaves. */
export interface ListRow {
  id: number;
  name: string;
  profile: { city: string; score: number };
  createdAt: Date;
  note?: string;
}

const rows = storedRows();

@Controller('list')
export class ListController {
  @Get()
  list(): ListRow[] {
    return rows;
  }
}
