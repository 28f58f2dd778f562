/**
 * The frame page's URL from an element's `frame` attribute, or why it cannot
 * be one: absent, not http(s), or on the page's own origin, where a frame
 * isolates nothing (the page's scripts reach a same-origin frame).
 */
export function frameUrl(value: string | null, doc: Document, tag: string): URL | { code: string; message: string } {
  let url: URL | undefined;
  try {
    url = value ? new URL(value, doc.baseURI) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol))
    return {
      code: 'CONFIG_FRAME_MISSING',
      message: `<${tag}> in isolated mode needs frame="<the URL of the wallet's frame page>" (got ${JSON.stringify(value)})`,
    };
  if (url.origin === doc.defaultView?.location.origin)
    return {
      code: 'CONFIG_FRAME_SAME_ORIGIN',
      message: `<${tag}>: the frame at ${url.origin} is on this page's origin, where this page's scripts reach it; serve it from an origin of its own`,
    };
  return url;
}
