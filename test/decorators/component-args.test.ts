/** `component(Class)` decorator arguments: any leading part of the constructor's parameters type-checks. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { component, Guard, GuardResult } from '../../src/index.js';
import { findClassRecord, type Constructor } from '../../src/runtime/decorators/metadata.js';

class TokenStore {}

class RoleGuard {
  constructor(
    readonly role: string,
    readonly store: TokenStore,
  ) {}

  @Guard()
  check(): GuardResult {
    return GuardResult.pass();
  }
}

const RequireRole = component(RoleGuard);

test('decorator arguments may fill a prefix of the constructor; the rest is injected', () => {
  class Routes {
    @RequireRole('admin')
    byRole(): void {}

    @RequireRole()
    injectedOnly(): void {}
  }
  const methods = findClassRecord(Routes as Constructor)?.methods;
  assert.deepEqual(methods?.get('byRole')?.components[0]?.args, ['admin']);
  assert.deepEqual(methods?.get('injectedOnly')?.components[0]?.args, []);
  assert.equal(methods?.get('byRole')?.components[0]?.componentClass, RoleGuard);
});

// Compile-time checks: a wrong argument type must not type-check.
// @ts-expect-error the first constructor parameter is a string
RequireRole(42);
