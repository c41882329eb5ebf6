/**
 * The types svc itself provides to constructors, by the name svc exports them under. The
 * analyzer marks a constructor parameter of one of these (svc's own class, not a same-named one
 * of the project) in the model, and the container hands over the framework's instance for it.
 */
export const FRAMEWORK_PROVIDED = ['PubSub'] as const;

export type FrameworkProvided = (typeof FRAMEWORK_PROVIDED)[number];

export function isFrameworkProvided(name: string): name is FrameworkProvided {
  return (FRAMEWORK_PROVIDED as readonly string[]).includes(name);
}
