/** RealWorld's error envelope: the one body every error of this app answers with. */
export interface ErrorEnvelope {
  errors: { body: string[] };
}

export function envelope(...messages: string[]): ErrorEnvelope {
  return { errors: { body: messages } };
}
