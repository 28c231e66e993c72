/**
 * `{endpoint}/{path}` for an OpenAI-compatible base URL, keeping the endpoint's query after the
 * path: `https://h/v1?api-key=K` + `embeddings` is `https://h/v1/embeddings?api-key=K`, not
 * `https://h/v1?api-key=K/embeddings`.
 */
export function endpointUrl(endpoint: string, suffix: string): string {
  const cut = endpoint.search(/[?#]/);
  const base = cut >= 0 ? endpoint.slice(0, cut) : endpoint;
  const rest = cut >= 0 ? endpoint.slice(cut) : '';
  // A loop, not /\/+$/: that pattern restarts at every slash of a long run (quadratic).
  let end = base.length;
  while (end > 0 && base[end - 1] === '/') end--;
  let start = 0;
  while (start < suffix.length && suffix[start] === '/') start++;
  return `${base.slice(0, end)}/${suffix.slice(start)}${rest}`;
}
