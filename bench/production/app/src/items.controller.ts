import { Controller, Get } from 'svcjs';

export interface Item {
  id: number;
  name: string;
  tags: string[];
}

/** 100 items, about 4.5 KB of JSON: a list answer large enough to be compressed. */
const ITEMS: Item[] = Array.from({ length: 100 }, (_, i) => ({
  id: i,
  name: `item number ${i}`,
  tags: ['bench', i % 2 === 0 ? 'even' : 'odd'],
}));

@Controller()
export class ItemsController {
  @Get('hello')
  hello(): { hello: string } {
    return { hello: 'world' };
  }

  @Get('items')
  items(): Item[] {
    return ITEMS;
  }
}
