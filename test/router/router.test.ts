import { RadixRouter } from '../../src/runtime/router/radix-router.js';
import { ReferenceRouter } from '../../src/runtime/router/reference-router.js';
import { describeRouterBehaviour } from '../../src/runtime/router/router.behaviour.js';

describeRouterBehaviour('RadixRouter', () => new RadixRouter<string>());
describeRouterBehaviour('ReferenceRouter', () => new ReferenceRouter<string>());
