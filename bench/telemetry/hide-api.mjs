// Registered with --import: svc's import of @opentelemetry/api fails, as in an app that does
// not have the package, so the server runs the request path of an app without telemetry.
import { register } from 'node:module';

const hooks = `
export async function resolve(specifier, context, next) {
  if (specifier === '@opentelemetry/api' && String(context.parentURL).includes('/runtime/telemetry/')) {
    const error = new Error("Cannot find package '@opentelemetry/api'");
    error.code = 'ERR_MODULE_NOT_FOUND';
    throw error;
  }
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
