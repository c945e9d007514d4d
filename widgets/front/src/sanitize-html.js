// A stand-in for npm sanitize-html (about 280 kB minified with postcss and htmlparser2), which
// ipywidgets' ManagerBase uses for one thing: descriptions with description_allow_html.  Same
// contract for the options ManagerBase passes (allowedTags, allowedAttributes with '*' and
// 'prefix-*' patterns): elements not allowed are replaced by their text, attributes not allowed
// are dropped, and href/src keep only http(s), mailto and relative URLs.
const SAFE_URL = /^(?:https?:|mailto:|[^:]*$)/i;

export default function sanitize(html, options = {}) {
  const tags = new Set((options.allowedTags || []).map((t) => t.toLowerCase()));
  const attrs = options.allowedAttributes || {};
  const allowed = (tag, name) => [...(attrs['*'] || []), ...(attrs[tag] || [])].some((p) => (
    p.endsWith('*') ? name.startsWith(p.slice(0, -1)) : name === p));
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const clean = (node) => {
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === 3) continue;
      if (child.nodeType !== 1) { child.remove(); continue; }
      const tag = child.tagName.toLowerCase();
      if (!tags.has(tag)) {
        if (['script', 'style', 'iframe', 'object', 'embed', 'template'].includes(tag)) child.remove();
        else child.replaceWith(doc.createTextNode(child.textContent));
        continue;
      }
      for (const a of Array.from(child.attributes)) {
        const name = a.name.toLowerCase();
        if (!allowed(tag, name) || ((name === 'href' || name === 'src') && !SAFE_URL.test(a.value.trim()))) {
          child.removeAttribute(a.name);
        }
      }
      clean(child);
    }
  };
  clean(doc.body);
  return doc.body.innerHTML;
}
