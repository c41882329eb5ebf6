/**
 * The public override type on its own, so that `CreateAppOptions` (and every user program that
 * imports `svcjs`) reaches only the provider types, not the container's declarations.
 */
import type { Constructor, Provider } from '../decorators/metadata.js';

/** A test's replacement for one class: `provide` is the class, by identity. */
export type Override = Exclude<Provider, Constructor>;
