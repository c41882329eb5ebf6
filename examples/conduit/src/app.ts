import { ApiInfo, App } from 'svcjs';
import { Enveloped } from './errors.js';
import { Store } from './store.js';

const store = new Store();
// A known account so a tool (the spec-driven tester, Prism) can call the signed-in routes:
// `Authorization: Token demo-token`. A real app would not seed one.
store.register({ username: 'demo', email: 'demo@example.com', password: 'demo-password' }, 'demo-token');

@App({ prefix: '/api', port: 8080, providers: [{ provide: Store, useValue: store }] })
@ApiInfo({
  title: 'Conduit',
  version: '1.0.0',
  description: 'The RealWorld API (Medium clone) built with svc.',
})
@Enveloped()
export class ConduitApp {}
