import { RadixRouter } from '../../src/runtime/router/radix-router.js';
import { ReferenceRouter } from './reference-router.js';
import { describeRouterBehaviour } from './router.behaviour.js';

describeRouterBehaviour('RadixRouter', () => new RadixRouter<string>());
describeRouterBehaviour('ReferenceRouter', () => new ReferenceRouter<string>());
