/** `@App` and `@ApiInfo`: the application class. */
import type { AppOptions } from './metadata.js';
import { recordOfClass } from './targets.js';

export function App(options: AppOptions = {}): ClassDecorator {
  return (target) => {
    recordOfClass(target).app = options;
  };
}

export interface ApiInfoOptions {
  title?: string;
  version?: string;
  description?: string;
}

/** Title, version and description of the OpenAPI document; read by the analyzer only. */
export function ApiInfo(_info: ApiInfoOptions): ClassDecorator {
  return () => {};
}
