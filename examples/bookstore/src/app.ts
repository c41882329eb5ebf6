import { ApiInfo, App } from 'svcjs';
import { BookRepository } from './books.js';

const repo = new BookRepository([
  { title: 'The Left Hand of Darkness', author: 'Ursula K. Le Guin', year: 1969 },
  { title: 'A Wizard of Earthsea', author: 'Ursula K. Le Guin', year: 1968 },
  { title: 'Kindred', author: 'Octavia E. Butler', year: 1979 },
]);

@App({ prefix: '/api', port: 8080, providers: [{ provide: BookRepository, useValue: repo }] })
@ApiInfo({ title: 'Bookstore', version: '1.0.0', description: 'An in-memory book store built with svc.' })
export class BookstoreApp {}
