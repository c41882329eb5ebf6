/** Parameter decorators: where each handler argument comes from. */
import type { ParamSource } from '../../model/app-model.js';
import { recordOfMethod } from './targets.js';

function paramDecorator(source: ParamSource, key?: string | string[]): ParameterDecorator {
  return (target, propertyKey, index) => {
    if (propertyKey === undefined) {
      throw new Error(`svc: @${source} decorators go on method parameters, not constructor parameters`);
    }
    const record = recordOfMethod(target, propertyKey);
    const existing = record.params.find((param) => param.index === index);
    if (existing) {
      throw new Error(`svc: parameter ${index} of ${String(propertyKey)} has two binding decorators`);
    }
    record.params.push({ index, source, key });
    record.params.sort((a, b) => a.index - b.index);
  };
}

/** A path segment (`:name`), URL-decoded; the parameter's name is the segment name unless given. */
export const Param = (name?: string): ParameterDecorator => paramDecorator('path', name);
/** A query value coerced to the declared type; an object-typed `@Query()` binds the whole query. */
export const Query = (name?: string): ParameterDecorator => paramDecorator('query', name);
/** A request header (case-insensitive), coerced to the declared type. */
export const Header = (name?: string): ParameterDecorator => paramDecorator('header', name?.toLowerCase());
/** A cookie value, coerced to the declared type. */
export const Cookie = (name?: string): ParameterDecorator => paramDecorator('cookie', name);
/** The JSON body, or the value at a key path (`@Body(['address', 'city'])`). */
export const Body = (path?: string[]): ParameterDecorator => paramDecorator('body', path ?? []);
/** A value a lifecycle component stored in the request's `DataHolder`; `@Data()` alone by parameter name. */
export const Data = (key?: string): ParameterDecorator => paramDecorator('data', key);
/** The raw request context. */
export const Ctx = (): ParameterDecorator => paramDecorator('ctx');
/** WebSocket routes: the incoming text messages as an `AsyncIterable<string>`. */
export const Messages = (): ParameterDecorator => paramDecorator('messages');
