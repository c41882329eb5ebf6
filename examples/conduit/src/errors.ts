/**
 * The app's one catcher (docs/lifecycle.md, "Catchers"): invalid input answers 422, every other
 * error keeps its status (500 when it has none), all in RealWorld's envelope. The document reads
 * the return types and the @StatusCode, so no route needs an @ApiResponse line.
 */
import { Catch, component, Ctx, HttpError, StatusCode, ValidationError, type RequestContext } from 'svcjs';
import { envelope, type ErrorEnvelope } from './envelope.js';

export class Envelope {
  @Catch(ValidationError)
  @StatusCode(422)
  invalid(@Ctx() ctx: RequestContext): ErrorEnvelope {
    const error = ctx.error as ValidationError;
    return envelope(...error.details.map((input) => `${input.in} ${input.name || 'body'} ${input.message}`));
  }

  @Catch()
  other(@Ctx() ctx: RequestContext): ErrorEnvelope {
    // An unexpected error's message is not shown: it may carry internals.
    return envelope(ctx.error instanceof HttpError ? ctx.error.message : 'internal error');
  }
}
export const Enveloped = component(Envelope);
