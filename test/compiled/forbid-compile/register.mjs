// Preloaded with --import into a server process: compiling a schema there is an error. ajv's
// compile (every ajv class compiles through Ajv core's `compile`) and the Function constructor
// (compiled serializers are evaluated with `new Function`, and so is every validator ajv compiles)
// throw, naming what tried. With SVC_TEST_FORBID_COMPILE=start-up, only until the server reports
// that it listens (the entry's `svc:listening` message to its supervisor, or to the hook
// `svc start` leaves on globalThis when it serves in its own process): start-up compiles nothing,
// and what a request compiles later (an error listing's validator) is allowed.
import { createRequire } from 'node:module';

let forbidden = true;
if (process.env.SVC_TEST_FORBID_COMPILE === 'start-up' && process.send) {
  const send = process.send.bind(process);
  process.send = (message, ...rest) => {
    if (message?.type === 'svc:listening') forbidden = false;
    return send(message, ...rest);
  };
}
if (process.env.SVC_TEST_FORBID_COMPILE === 'start-up') {
  // svc start (src/cli/start-here.ts) sets this hook before it imports the entry.
  let startHook;
  Object.defineProperty(globalThis, Symbol.for('svcjs.start'), {
    configurable: true,
    get: () => startHook,
    set: (hook) => {
      startHook = {
        listening(message) {
          forbidden = false;
          hook.listening(message);
        },
      };
    },
  });
}

// svc's own copy of ajv: the one its runtime imports.
const require = createRequire(new URL('../../../package.json', import.meta.url));
const core = require('ajv/dist/core.js').default;
const compile = core.prototype.compile;
core.prototype.compile = function compileUnlessForbidden(...args) {
  if (forbidden) throw new Error('svc-test: ajv compile called in a process that must compile nothing');
  return compile.apply(this, args);
};

const NativeFunction = globalThis.Function;
globalThis.Function = new Proxy(NativeFunction, {
  construct(target, args, newTarget) {
    if (forbidden) throw new Error('svc-test: new Function called in a process that must compile nothing');
    return Reflect.construct(target, args, newTarget);
  },
  apply(target, self, args) {
    if (forbidden) throw new Error('svc-test: Function called in a process that must compile nothing');
    return Reflect.apply(target, self, args);
  },
});
