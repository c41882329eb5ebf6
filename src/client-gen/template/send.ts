/** Sending a request with fetch (HTTP and SSE routes): a non-2xx answer throws `ApiError`. Source text. */
export const SEND_SOURCE = String.raw`
async function send(options: ClientOptions, spec: OperationSpec, args: Args, call?: CallOptions): Promise<Response> {
  const { url, init } = prepare(options, spec, args, call);
  const fetchFn = options.fetch ?? ((input: string, request: RequestInit) => globalThis.fetch(input, request));
  const response = await fetchFn(url, init);
  if (!response.ok) throw await errorOf(spec, response);
  return response;
}
`;

/** Reading the answer of a plain HTTP route as its return kind says. Source text. */
export const CALL_SOURCE = String.raw`
async function answer(response: Response, kind: OperationSpec['answer'], call: CallOptions | undefined): Promise<unknown> {
  if (kind === 'raw') return response;
  if (kind === 'blob') return call?.stream ? response.body : response.blob();
  if (kind === 'bytes') return new Uint8Array(await response.arrayBuffer());
  const body = await response.text();
  if (kind === 'text') return body;
  return kind === 'json' && body !== '' ? JSON.parse(body) : undefined;
}

async function callOperation<T>(options: ClientOptions, spec: OperationSpec, args: Args, call?: CallOptions): Promise<T> {
  return (await answer(await send(options, spec, args, call), spec.answer, call)) as T;
}
`;
