/**
 * Parameter decorators: where each handler argument comes from. The source, the default and the
 * key normalisation of each come from the decorator table the analyzer reads too.
 */
import {
  DECORATORS,
  normalizeArgument,
  type DecoratorArgument,
  type DecoratorName,
} from '../../model/decorators.js';
import { SvcError } from '../errors/svc-error.js';
import { recordOfMethod } from './targets.js';

type ParamDecoratorName =
  'Param' | 'Query' | 'Header' | 'Cookie' | 'Body' | 'Data' | 'Ctx' | 'Messages' | 'Signal' | 'Next';

function paramDecorator(
  name: ParamDecoratorName & DecoratorName,
  key?: string | string[],
): ParameterDecorator {
  const spec = DECORATORS[name];
  const source = spec.role.source;
  const firstArgument = (spec.args as readonly DecoratorArgument[])[0];
  const recordedKey = normalizeArgument(firstArgument, key);
  return (target, propertyKey, index) => {
    if (propertyKey === undefined) {
      const owner = typeof target === 'function' ? target.name : 'a class';
      throw new SvcError(
        'SVC_ERR_DECORATOR_TARGET',
        `@${name} is on constructor parameter ${index} of ${owner}; binding decorators go on method parameters`,
      );
    }
    const record = recordOfMethod(target, propertyKey);
    if (record.params.some((param) => param.index === index)) {
      throw new SvcError(
        'SVC_ERR_DUPLICATE_DECORATOR',
        `parameter ${index} of ${String(propertyKey)} has two binding decorators`,
      );
    }
    record.params.push({ index, source, key: recordedKey });
    record.params.sort((a, b) => a.index - b.index);
  };
}

/** A path segment (`:name`), URL-decoded; the parameter's name is the segment name unless given. */
export const Param = (name?: string): ParameterDecorator => paramDecorator('Param', name);
/** A query value coerced to the declared type; an object-typed `@Query()` binds the whole query. */
export const Query = (name?: string): ParameterDecorator => paramDecorator('Query', name);
/** A request header (case-insensitive), coerced to the declared type. */
export const Header = (name?: string): ParameterDecorator => paramDecorator('Header', name);
/** A cookie value, coerced to the declared type. */
export const Cookie = (name?: string): ParameterDecorator => paramDecorator('Cookie', name);
/** The JSON body, or the value at a key path (`@Body(['address', 'city'])`). */
export const Body = (path?: string[]): ParameterDecorator => paramDecorator('Body', path);
/** A value a lifecycle component stored in the request's `DataHolder`; `@Data()` alone by parameter name. */
export const Data = (key?: string): ParameterDecorator => paramDecorator('Data', key);
/** The raw request context. */
export const Ctx = (): ParameterDecorator => paramDecorator('Ctx');
/** WebSocket routes: the incoming text messages as an `AsyncIterable<string>`. */
export const Messages = (): ParameterDecorator => paramDecorator('Messages');

/**
 * Binds the request's `AbortSignal`: it aborts when the client leaves before the answer is
 * complete, when the app shuts down, or (on a WebSocket route) when the connection closes.
 */
export const Signal = (): ParameterDecorator => paramDecorator('Signal');

/**
 * An around-interceptor's `next`: runs the rest of the lifecycle (pre-interceptors, the handler,
 * post-interceptors) and resolves to the response value, or rejects with what they threw. It may
 * be called more than once (a retry) or not at all (an answer from a cache).
 */
export type Next<T = unknown> = () => Promise<T>;
/** `@Interceptor()` methods only: binds the {@link Next} function that runs the rest of the lifecycle. */
export const Next = (): ParameterDecorator => paramDecorator('Next');
