/** Helpers that turn the `(target, key, descriptor)` triple of a legacy decorator into a record. */
import {
  classRecord,
  methodRecord,
  type ClassRecord,
  type Constructor,
  type MethodRecord,
} from './metadata.js';

/** The class of a method decorator's target: the prototype's constructor, or the class itself for statics. */
export function ownerClass(target: object): Constructor {
  return (typeof target === 'function' ? target : target.constructor) as Constructor;
}

export function recordOfMethod(target: object, propertyKey: string | symbol): MethodRecord {
  return methodRecord(ownerClass(target), String(propertyKey));
}

export function recordOfClass(target: Function): ClassRecord {
  return classRecord(target as Constructor);
}

/** A decorator usable on a class or a method (`@SetHeader`, `@ApiTag`, component decorators). */
export type ClassOrMethodDecorator = (
  target: object,
  propertyKey?: string | symbol,
  descriptor?: PropertyDescriptor,
) => void;
